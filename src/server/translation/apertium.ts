/**
 * Apertium on this machine: one long-lived pipeline per pair in use, fed in null-flush mode
 * (each caption ends with `\0`, and the pipeline answers each with its translation and a `\0`
 * without waiting for more input). Starting `apertium eng-spa` costs about 200 ms, which would
 * be added to every final; a running pipeline answers a caption in a few milliseconds.
 *
 * Requests to one pair are written as they come and answered in order (the pipeline keeps
 * order). A request that takes longer than the timeout is refused as timed out and the pipeline
 * is killed (a stuck stage cannot be trusted with the next caption), the ones behind it go to a
 * fresh one. A pipeline that dies (a stage crashed) is started again on the next request, and
 * requests that were waiting on it are sent once to the new one.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { LanguagePair } from '../../shared/translation';
import { type ApertiumMode, DEFAULT_APERTIUM_MODES_DIR, discoverApertiumModes } from './apertium-pairs';
import { fromApertiumOutput, splitFlushed, toApertiumInput } from './apertium-stream';
import { DEFAULT_TRANSLATION_TIMEOUT_MS, TranslationError, type TranslationEngine } from './engine';
import { guardSocket } from '../safety';

export interface ApertiumOptions {
  modesDir?: string;
  timeoutMs?: number;
  /** A pipeline with nothing to do this long is stopped (about 200 MB for eng-spa); it starts again when needed. */
  idleMs?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;
}

interface Request {
  input: string;
  resolve(text: string): void;
  reject(error: Error): void;
  timer?: ReturnType<typeof setTimeout>;
  /** Already sent to a pipeline that died: not sent a third time. */
  resent: boolean;
}

/** A pipeline unused this long is stopped: a conversation's readers have gone. */
const DEFAULT_IDLE_MS = 10 * 60_000;

/** Unbuffered output for every stage, where coreutils' stdbuf exists. */
const STDBUF = existsSync('/usr/bin/stdbuf') ? ['/usr/bin/stdbuf', '-o0'] : [];

/** The mode's pipeline with every stage in null-flush mode, as the `apertium -z` script builds it. */
export function nullFlushPipeline(modeFile: string): string {
  return execFileSync('apertium-wblank-mode', ['-z', modeFile], { encoding: 'utf8' }).trim();
}

/** One pair's running pipeline and the requests it owes answers to, in order. */
export class ApertiumPipeline {
  private child: ChildProcess | undefined;
  private readonly inFlight: Request[] = [];
  private buffered = '';
  private closed = false;
  /** How many times a pipeline was started (for tests and logs). */
  starts = 0;

  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly mode: ApertiumMode,
    private readonly pipeline: string,
    private readonly timeoutMs: number,
    private readonly log: NonNullable<ApertiumOptions['log']>,
    private readonly idleMs: number = DEFAULT_IDLE_MS,
  ) {}

  /** Stops the process once nothing has been asked of it for idleMs (the next caption starts it again). */
  private scheduleIdleStop(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (!this.child) return;
      // Still translating (a slow first start, a loaded machine): idle counts from the answer.
      if (this.inFlight.length > 0) {
        this.scheduleIdleStop();
        return;
      }
      const child = this.child;
      this.child = undefined;
      kill(child);
    }, this.idleMs);
    this.idleTimer.unref();
  }

  /** Starts the pipeline ahead of the first caption, so that one does not wait for it. */
  warm(): void {
    if (this.closed) return;
    this.ensureRunning();
    this.scheduleIdleStop();
  }

  translate(text: string): Promise<string> {
    if (this.closed)
      return Promise.reject(new TranslationError('closed', 'the translation engine has stopped'));
    return new Promise<string>((resolve, reject) => {
      const request: Request = { input: toApertiumInput(text), resolve, reject, resent: false };
      this.inFlight.push(request);
      this.write(request);
    });
  }

  private ensureRunning(): ChildProcess {
    if (this.child) return this.child;
    this.starts += 1;
    // Its own process group, so a stuck pipeline is killed whole, every stage at once.
    // `stdbuf -o0` (inherited by every stage through the environment): lttoolbox's `lt-proc -b`
    // does not flush its output at a null character (3.7), so without it a caption's
    // translation would wait in a stage's buffer until the next ones pushed it out.
    const [command, ...args] = [...STDBUF, 'bash', '-c', this.pipeline, 'apertium', '-n'];
    const child = spawn(command!, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    this.buffered = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      if (this.child === child) this.received(chunk);
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-500);
    });
    // EPIPE when a stage has died: counted, and the exit handler deals with it.
    guardSocket(child.stdin!, 'child-pipe');
    child.on('error', (error) => this.died(child, error.message));
    child.on('exit', (code, signal) =>
      this.died(child, stderr.trim() || `exited with ${signal ?? `code ${code}`}`),
    );
    child.unref();
    return child;
  }

  private write(request: Request): void {
    const child = this.ensureRunning();
    this.scheduleIdleStop();
    request.timer ??= setTimeout(() => this.timedOut(request), this.timeoutMs);
    // The blank before the flush: a sentence's last full stop with nothing after it is dropped.
    child.stdin!.write(`${request.input} \0`);
  }

  private received(chunk: string): void {
    const { outputs, rest } = splitFlushed(this.buffered + chunk);
    this.buffered = rest;
    for (const output of outputs) {
      const request = this.inFlight.shift();
      // A pipeline writes a few extra flushes when its input ends: nothing is owed for those.
      if (!request) continue;
      clearTimeout(request.timer);
      request.resolve(fromApertiumOutput(output));
    }
    if (this.inFlight.length === 0 && !this.closed) this.scheduleIdleStop();
  }

  private timedOut(request: Request): void {
    const at = this.inFlight.indexOf(request);
    if (at < 0) return;
    this.inFlight.splice(at, 1);
    request.reject(
      new TranslationError('timeout', `translation ${this.mode.name} took longer than ${this.timeoutMs} ms`),
    );
    // Answers still owed by a stuck pipeline would be matched to the wrong requests: a new one.
    this.restart(`${this.mode.name} did not answer within ${this.timeoutMs} ms`);
  }

  private died(child: ChildProcess, reason: string): void {
    if (this.child !== child) return;
    this.child = undefined;
    if (this.closed) return;
    this.log('warn', 'an apertium pipeline stopped; it starts again on the next caption', {
      pair: this.mode.name,
      reason,
    });
    this.resendWaiting(reason);
  }

  private restart(reason: string): void {
    const child = this.child;
    this.child = undefined;
    if (child) kill(child);
    this.resendWaiting(reason);
  }

  /** Requests the dead pipeline owed are sent once more to a new one; a second failure is final. */
  private resendWaiting(reason: string): void {
    const waiting = this.inFlight.splice(0);
    for (const request of waiting) {
      if (request.resent) {
        clearTimeout(request.timer);
        request.reject(new TranslationError('engine-failed', `apertium ${this.mode.name} failed: ${reason}`));
        continue;
      }
      request.resent = true;
      this.inFlight.push(request);
    }
    for (const request of this.inFlight) this.write(request);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const child = this.child;
    this.child = undefined;
    for (const request of this.inFlight.splice(0)) {
      clearTimeout(request.timer);
      request.reject(new TranslationError('closed', 'the translation engine has stopped'));
    }
    if (child) kill(child);
  }

  /** The pipeline's process id, while one runs (tests kill it to see it come back). */
  get pid(): number | undefined {
    return this.child?.pid;
  }
}

function kill(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export class ApertiumEngine implements TranslationEngine {
  readonly id = 'apertium';
  private readonly modes: Map<string, ApertiumMode>;
  private readonly pipelines = new Map<string, ApertiumPipeline>();
  private readonly timeoutMs: number;
  private readonly idleMs: number;
  private readonly log: NonNullable<ApertiumOptions['log']>;

  constructor(options: ApertiumOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TRANSLATION_TIMEOUT_MS;
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.log = options.log ?? (() => undefined);
    const modes = discoverApertiumModes(options.modesDir ?? DEFAULT_APERTIUM_MODES_DIR);
    this.modes = new Map(modes.map((m) => [`${m.from}>${m.to}`, m]));
  }

  pairs(): readonly LanguagePair[] {
    return [...this.modes.values()].map(({ from, to }) => ({ from, to }));
  }

  /** The running pipeline of a pair (started on first use). */
  pipeline(from: string, to: string): ApertiumPipeline {
    const key = `${from}>${to}`;
    let pipeline = this.pipelines.get(key);
    if (!pipeline) {
      const mode = this.modes.get(key);
      if (!mode) throw new TranslationError('no-pair', `no apertium pair translates ${from} to ${to}`);
      let command: string;
      try {
        command = nullFlushPipeline(mode.file);
      } catch (error) {
        throw new TranslationError(
          'engine-failed',
          `apertium ${mode.name} cannot be started: ${(error as Error).message}`,
        );
      }
      pipeline = new ApertiumPipeline(mode, command, this.timeoutMs, this.log, this.idleMs);
      this.pipelines.set(key, pipeline);
    }
    return pipeline;
  }

  prepare(from: string, to: string): void {
    try {
      this.pipeline(from, to).warm();
    } catch {
      // Said when a caption is translated.
    }
  }

  async translate(text: string, from: string, to: string): Promise<string> {
    return this.pipeline(from, to).translate(text);
  }

  async close(): Promise<void> {
    for (const pipeline of this.pipelines.values()) pipeline.close();
    this.pipelines.clear();
  }
}
