/**
 * Paces 60 ms audio chunks like a microphone: chunk n leaves at start + n × 60 ms / speed,
 * against the clock (sleeping a fixed time would drift). One pacer spans a whole recording, so
 * the silence sent after the speech keeps the same clock: a microphone does not deliver the
 * pause that ends a line any faster than real time, and a benchmark that did would report
 * finals sooner than anyone would see them.
 */
import { CHUNK_LENGTH_MS, MAX_AUDIO_SPEED } from '../../src/shared/constants';

/**
 * The --speed of a replay tool, checked: a positive number no faster than the server accepts
 * audio (it drops frames beyond that, and closes a connection that keeps on).
 */
export function parseSpeed(raw: string | undefined): number {
  const speed = Number(raw ?? '1');
  if (!(speed > 0) || speed > MAX_AUDIO_SPEED) {
    throw new Error(
      `--speed must be a number above 0 and at most ${MAX_AUDIO_SPEED} (the server refuses audio faster than ${MAX_AUDIO_SPEED}x real time); got "${raw}"`,
    );
  }
  return speed;
}

export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PacerClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class ChunkPacer {
  private start: number | undefined;
  private sent = 0;

  constructor(
    readonly speed: number,
    private readonly clock: PacerClock = realClock,
  ) {
    if (!(speed > 0)) throw new Error('speed must be a positive number');
  }

  /** Waits until the next chunk is due (the first is due at once); returns the time it left. */
  async next(): Promise<number> {
    this.start ??= this.clock.now();
    const due = this.start + (this.sent * CHUNK_LENGTH_MS) / this.speed;
    const wait = due - this.clock.now();
    if (wait > 1) await this.clock.sleep(wait);
    this.sent += 1;
    return this.clock.now();
  }

  /** Chunks sent so far. */
  get chunks(): number {
    return this.sent;
  }
}
