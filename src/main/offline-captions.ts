/**
 * Offline captions, main side: when no server can be reached, the window that records sends its
 * audio here and main hands it to the offline-captions process (src/native/offline), which
 * runs the speech engine on this computer. Its transcripts go to every window.
 */
import type { Transcript } from '../shared/entities';
import type { OfflineStartResult, OfflineStatus } from '../shared/ipc';
import type { FromOffline, ToOffline } from '../native/offline/protocol';
import type { EngineSpec } from '../native/speech/types';

/** The part of Electron's UtilityProcess (or a Node ChildProcess in tests) used here. */
export interface OfflineChild {
  postMessage(message: ToOffline): void;
  onMessage(listener: (message: FromOffline) => void): void;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

export interface OfflineCaptionsOptions {
  fork: () => OfflineChild;
  /** Engines to try, best first (installed sherpa-onnx models, then PocketSphinx). */
  engines: () => EngineSpec[];
  onTranscript(transcript: Transcript): void;
  onStatus(status: OfflineStatus): void;
  /** Loading a model takes a second or two; longer than this, something is wrong. */
  startTimeoutMs?: number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const OFFLINE_START_TIMEOUT_MS = 30_000;

export class OfflineCaptions {
  private child: OfflineChild | undefined;
  private running = false;
  private pendingStart: ((result: OfflineStartResult) => void) | undefined;
  private pendingStop: (() => void) | undefined;

  constructor(private readonly options: OfflineCaptionsOptions) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(request: { lang: string; author?: string; authorShow?: string }): Promise<OfflineStartResult> {
    this.settleStart({ ok: false, message: 'superseded by a new start' });
    const child = this.ensureChild();
    this.options.onStatus({ state: 'starting' });
    return new Promise<OfflineStartResult>((resolve) => {
      const timer = this.options.setTimeout(() => {
        this.settleStart({ ok: false, message: 'the speech engine did not start in time' });
        this.restartChild();
      }, this.options.startTimeoutMs ?? OFFLINE_START_TIMEOUT_MS);
      this.pendingStart = (result) => {
        this.options.clearTimeout(timer);
        resolve(result);
      };
      child.postMessage({
        op: 'start',
        lang: request.lang,
        engines: this.options.engines(),
        author: request.author ?? 'me',
        authorShow: request.authorShow ?? '',
      });
    });
  }

  /** 60 ms of little-endian Int16 audio. Ignored unless a session runs. */
  audio(bytes: Uint8Array): void {
    if (!this.running || !this.child) return;
    // A copy the child can take: the IPC buffer may be a view of a larger one.
    const samples = bytes.slice().buffer;
    this.child.postMessage({ op: 'audio', samples });
  }

  /** Ends the session; resolves once the last line's final has been handed on. */
  stop(): Promise<void> {
    if (!this.child || !this.running) return Promise.resolve();
    this.running = false;
    const child = this.child;
    return new Promise<void>((resolve) => {
      const timer = this.options.setTimeout(() => {
        this.pendingStop = undefined;
        resolve();
      }, 5000);
      this.pendingStop = () => {
        this.options.clearTimeout(timer);
        resolve();
      };
      child.postMessage({ op: 'stop' });
    });
  }

  dispose(): void {
    this.running = false;
    this.child?.kill();
    this.child = undefined;
  }

  private ensureChild(): OfflineChild {
    if (this.child) return this.child;
    const child = this.options.fork();
    this.child = child;
    child.onMessage((message) => this.receive(message));
    child.onExit((code) => {
      if (this.child !== child) return;
      this.child = undefined;
      const wasRunning = this.running;
      this.running = false;
      this.settleStart({ ok: false, message: `the speech process exited (${code ?? 'killed'})` });
      this.pendingStop?.();
      this.pendingStop = undefined;
      if (wasRunning)
        this.options.onStatus({
          state: 'failed',
          message: `the speech process stopped (${code ?? 'killed'})`,
        });
    });
    return child;
  }

  private restartChild(): void {
    const child = this.child;
    this.child = undefined;
    this.running = false;
    child?.kill();
  }

  private settleStart(result: OfflineStartResult): void {
    const pending = this.pendingStart;
    this.pendingStart = undefined;
    pending?.(result);
  }

  private receive(message: FromOffline): void {
    switch (message.op) {
      case 'ready':
        this.running = true;
        this.options.onStatus({ state: 'ready', engine: message.engine });
        this.settleStart({ ok: true, engine: message.engine });
        return;
      case 'failed':
        this.running = false;
        this.options.onStatus({ state: 'failed', message: message.message });
        this.settleStart({ ok: false, message: message.message });
        return;
      case 'transcript':
        this.options.onTranscript(message.transcript);
        return;
      case 'stopped':
        this.options.onStatus({ state: 'stopped' });
        this.pendingStop?.();
        this.pendingStop = undefined;
        return;
    }
  }
}
