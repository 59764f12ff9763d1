/**
 * Records a PulseAudio/PipeWire monitor source with `parec` (pulseaudio-utils; PipeWire ships a
 * compatible one) as 16 kHz mono little-endian Int16, the format of the whole pipeline, and
 * hands it on in 60 ms chunks.
 */
import { CHUNK_BYTES, SAMPLE_RATE_HZ } from '../../shared/constants';

export interface ChildLike {
  stdout: { on(event: 'data', listener: (data: Buffer) => void): void } | null;
  stderr: { on(event: 'data', listener: (data: Buffer) => void): void } | null;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'exit', listener: (code: number | null, signal: string | null) => void): void;
  kill(signal?: string): boolean;
}

export type SpawnLike = (command: string, args: readonly string[]) => ChildLike;

/** Collects bytes and hands them on in fixed-size chunks (a read can end mid-sample). */
export class ByteChunker {
  private buffer: Uint8Array;
  private filled = 0;

  constructor(private readonly size = CHUNK_BYTES) {
    this.buffer = new Uint8Array(size);
  }

  push(data: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    let offset = 0;
    while (offset < data.length) {
      const take = Math.min(this.size - this.filled, data.length - offset);
      this.buffer.set(data.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.size) {
        out.push(this.buffer);
        this.buffer = new Uint8Array(this.size);
        this.filled = 0;
      }
    }
    return out;
  }
}

export function parecArgs(source: string): string[] {
  return [
    `--device=${source}`,
    '--format=s16le',
    `--rate=${SAMPLE_RATE_HZ}`,
    '--channels=1',
    '--latency-msec=60',
    '--client-name=Hearken',
    '--stream-name=Computer audio for captions',
  ];
}

export interface MonitorCapture {
  stop(): void;
}

/**
 * Starts recording. `onEnd` is called once, with a reason people can act on, if the recorder
 * stops by itself (not installed, the sound server went away); not after `stop()`.
 */
export function startMonitorCapture(options: {
  spawn: SpawnLike;
  source: string;
  onChunk: (chunk: Uint8Array) => void;
  onEnd: (message: string) => void;
  command?: string;
  args?: readonly string[];
}): MonitorCapture {
  const command = options.command ?? 'parec';
  const chunker = new ByteChunker();
  let stopped = false;
  let ended = false;
  let stderr = '';
  const end = (message: string) => {
    if (stopped || ended) return;
    ended = true;
    options.onEnd(message);
  };
  const child = options.spawn(command, options.args ?? parecArgs(options.source));
  child.stdout?.on('data', (data) => {
    if (stopped) return;
    for (const chunk of chunker.push(data)) options.onChunk(chunk);
  });
  child.stderr?.on('data', (data) => {
    stderr = (stderr + data.toString()).slice(-500);
  });
  child.on('error', (error) => {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    end(
      missing
        ? `${command} is not installed: install pulseaudio-utils (or pipewire-pulse) to caption computer audio`
        : `${command} failed: ${error.message}`,
    );
  });
  child.on('exit', (code, signal) => {
    end(`${command} stopped (${signal ?? `exit code ${code}`})${stderr.trim() ? `: ${stderr.trim()}` : ''}`);
  });
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      child.kill('SIGTERM');
    },
  };
}
