/**
 * eSpeak NG through its command line (`espeak-ng --stdout`), not its library through koffi:
 * the library keeps global state (one synthesis at a time per process) and synthesises on the
 * calling thread, so in the server it would need a worker thread of its own and would still
 * read replies one after another; a process per reply starts in about 10 ms on this machine,
 * speaks a 20-word reply in about 20 ms more, runs replies side by side on both cores, never
 * blocks the event loop that carries everyone's captions, and streams its WAV on stdout as it
 * goes, so the first audio leaves before the last word is made (bench:tts measures it).
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import type { TtsVoice } from '../../../shared/user';
import { type SynthesisRequest, type TtsEngine, TtsError } from '../types';
import { espeakLanguage, espeakVoiceName, espeakWordsPerMinute, parseVoiceList } from './voices';

const run = promisify(execFile);

/** What the server says when eSpeak NG is missing. */
export const ESPEAK_INSTALL_COMMAND = 'sudo apt-get install espeak-ng';
/** A synthesis that takes longer than this is stuck: its process is killed. */
const SYNTHESIS_TIMEOUT_MS = 10_000;
/** Replies read at once; one more is told to try again rather than slowing every one. */
const MAX_CONCURRENT = 8;

/** eSpeak NG's WAV header as it streams: RIFF, fmt, data (44 bytes, sizes left unknown). */
const STREAMED_HEADER_BYTES = 44;

export class EspeakNgEngine implements TtsEngine {
  readonly kind = 'espeak-ng' as const;
  readonly langs: readonly string[];
  private running = 0;

  private constructor(
    readonly id: string,
    private readonly program: string,
    private readonly installed: ReadonlySet<string>,
    readonly sampleRate: number,
  ) {
    this.langs = [...installed].sort();
  }

  /**
   * Finds the program, its version, its languages and its sample rate; rejects with a message
   * that says how to install it when it is missing or does not work.
   */
  static async open(program = 'espeak-ng'): Promise<EspeakNgEngine> {
    let version: string;
    let voices: string;
    try {
      version = (await run(program, ['--version'], { timeout: 5000 })).stdout;
      voices = (await run(program, ['--voices'], { timeout: 5000, maxBuffer: 4 * 1024 * 1024 })).stdout;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'ENOENT' ? `${program} was not found` : (error as Error).message;
      throw new TtsError(`eSpeak NG is not available (${reason}). To install it: ${ESPEAK_INSTALL_COMMAND}`);
    }
    const installed = parseVoiceList(voices);
    if (installed.size === 0) throw new TtsError(`eSpeak NG (${program}) lists no voices`);
    const probe = new EspeakNgEngine('espeak-ng', program, installed, 0);
    // The rate is the one its voices speak at (22050 Hz in Debian's build): read, not assumed.
    const header = await probe.header('en', 'echo');
    const id = `espeak-ng:${/\d+\.\d+(\.\d+)?/.exec(version)?.[0] ?? 'unknown'}`;
    return new EspeakNgEngine(id, program, installed, header.sampleRate);
  }

  supports(lang: string): boolean {
    return this.languageOf(lang) !== undefined;
  }

  languageOf(lang: string): string | undefined {
    return espeakLanguage(lang, this.installed);
  }

  private async header(lang: string, voice: TtsVoice): Promise<{ sampleRate: number }> {
    const language = espeakLanguage(lang, this.installed) ?? [...this.installed][0]!;
    const out = await run(this.program, ['--stdout', '-v', espeakVoiceName(language, voice), '.'], {
      encoding: 'buffer',
      timeout: 5000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return readStreamedHeader(out.stdout);
  }

  async *synthesize(request: SynthesisRequest): AsyncIterable<Int16Array> {
    const language = espeakLanguage(request.lang, this.installed);
    if (!language) throw new TtsError(`no voice reads ${request.lang} on this server`);
    if (this.running >= MAX_CONCURRENT) {
      throw new TtsError('the server is reading other replies aloud; try again in a moment');
    }
    this.running++;
    // The text goes on stdin: never read as an option, whatever it starts with. -b 1: UTF-8.
    const child = spawn(
      this.program,
      [
        '--stdout',
        '-b',
        '1',
        '-v',
        espeakVoiceName(language, request.voice),
        '-s',
        String(espeakWordsPerMinute(request.voice)),
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const stop = () => child.kill('SIGKILL');
    const timer = setTimeout(stop, SYNTHESIS_TIMEOUT_MS);
    request.signal?.addEventListener('abort', stop, { once: true });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 2000) stderr += d.toString();
    });
    const exited = new Promise<{ code: number | null; error?: Error }>((resolve) => {
      child.once('error', (error) => resolve({ code: null, error }));
      child.once('close', (code) => resolve({ code }));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(request.text);
    try {
      let pending: Buffer = Buffer.alloc(0);
      let headerDone = false;
      let produced = 0;
      for await (const data of child.stdout as AsyncIterable<Buffer>) {
        pending = pending.length ? Buffer.concat([pending, data]) : data;
        if (!headerDone) {
          if (pending.length < STREAMED_HEADER_BYTES) continue;
          readStreamedHeader(pending);
          pending = pending.subarray(STREAMED_HEADER_BYTES);
          headerDone = true;
        }
        // Whole samples only; an odd byte waits for the next read.
        const usable = pending.length - (pending.length % 2);
        if (usable === 0) continue;
        const samples = new Int16Array(usable / 2);
        for (let i = 0; i < samples.length; i++) samples[i] = pending.readInt16LE(i * 2);
        pending = pending.subarray(usable);
        produced += samples.length;
        yield samples;
      }
      const { code, error } = await exited;
      if (request.signal?.aborted) return;
      if (error) throw new TtsError(`eSpeak NG could not be started: ${error.message}`);
      if (code !== 0 || produced === 0) {
        throw new TtsError(
          `eSpeak NG failed (${code === null ? 'stopped' : `exit ${code}`})${stderr ? `: ${stderr.trim()}` : ''}`,
        );
      }
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', stop);
      if (child.exitCode === null) child.kill('SIGKILL');
      this.running--;
    }
  }
}

/** The format of eSpeak NG's streamed WAV header; it must be 16-bit mono PCM. */
function readStreamedHeader(bytes: Buffer): { sampleRate: number } {
  if (
    bytes.length < STREAMED_HEADER_BYTES ||
    bytes.toString('latin1', 0, 4) !== 'RIFF' ||
    bytes.toString('latin1', 8, 12) !== 'WAVE' ||
    bytes.toString('latin1', 36, 40) !== 'data'
  ) {
    throw new TtsError('eSpeak NG wrote no WAV header');
  }
  const format = bytes.readUInt16LE(20);
  const channels = bytes.readUInt16LE(22);
  const bits = bytes.readUInt16LE(34);
  if (format !== 1 || channels !== 1 || bits !== 16) {
    throw new TtsError(
      `eSpeak NG wrote format ${format}, ${channels} channels, ${bits} bits; 16-bit mono PCM was expected`,
    );
  }
  return { sampleRate: bytes.readUInt32LE(24) };
}
