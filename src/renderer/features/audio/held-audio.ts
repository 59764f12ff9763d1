/**
 * The microphone's audio the server may not have (docs/transcripts.md "Held audio"): every
 * chunk captured while the connection is down, and every chunk sent since the last PONG (a socket
 * that died silently swallowed what was sent into it before anyone knew). When the connection is
 * back they are sent again as held audio, with where they sit in the capture, and the server
 * decodes once what it had already heard (rooms/catch-up.ts CaptureLedger).
 *
 * Bounded: at most `maxChunks` (HELD_AUDIO_MAX_CHUNKS, five minutes of 60 ms chunks, 9.6 MB of
 * Int16); beyond, the oldest is dropped and the room marks that span as lost.
 */
import { HELD_AUDIO_MAX_CHUNKS } from '../../../shared/constants';

export interface HeldChunk {
  samples: Int16Array;
  /** Samples of the capture before this chunk. */
  offset: number;
  /** When it was captured (client clock, ms). */
  capturedAtMs: number;
  /** When it was last sent on a connection (client clock); undefined: never, or on one since lost. */
  sentAtMs?: number;
}

export class HeldAudio {
  private chunks: HeldChunk[] = [];
  /** Samples captured so far: the offset of the next chunk. */
  private captured = 0;

  /** Chunks dropped for the bound since the last time anyone asked (`takeDropped`). */
  private dropped = 0;

  constructor(readonly maxChunks = HELD_AUDIO_MAX_CHUNKS) {}

  /** The offset the next chunk will have (where live audio sent now begins). */
  get end(): number {
    return this.captured;
  }

  /** The first chunk kept, if any. */
  get first(): HeldChunk | undefined {
    return this.chunks[0];
  }

  get length(): number {
    return this.chunks.length;
  }

  /** A chunk captured now, sent at `sentAtMs` or (undefined) kept to send later. */
  add(samples: Int16Array, capturedAtMs: number, sentAtMs?: number): void {
    this.chunks.push({
      samples,
      offset: this.captured,
      capturedAtMs,
      ...(sentAtMs !== undefined ? { sentAtMs } : {}),
    });
    this.captured += samples.length;
    const over = this.chunks.length - this.maxChunks;
    if (over > 0) {
      this.chunks.splice(0, over);
      this.dropped += over;
    }
  }

  /** Samples captured and sent another way (WebRTC): the capture's count goes on without them. */
  pass(samples: number): void {
    this.captured += samples;
  }

  /** Chunks dropped for the bound since last asked (then counted from zero again). */
  takeDropped(): number {
    const dropped = this.dropped;
    this.dropped = 0;
    return dropped;
  }

  /**
   * A PONG answered the ping sent at `pingSentAtMs`: everything sent on the same connection
   * before it has arrived, and is let go.
   */
  confirm(pingSentAtMs: number): void {
    let arrived = 0;
    while (arrived < this.chunks.length) {
      const sent = this.chunks[arrived]!.sentAtMs;
      if (sent === undefined || sent >= pingSentAtMs) break;
      arrived += 1;
    }
    if (arrived > 0) this.chunks.splice(0, arrived);
  }

  /** The connection was lost: nothing sent on it is known to have arrived. */
  lost(): void {
    for (const chunk of this.chunks) delete chunk.sentAtMs;
  }

  /**
   * The chunks never sent (held while WebRTC was being tried or was down), in order, marked sent
   * at `sentAtMs`: they go now as frames of the live recording, where they belong in it.
   */
  sendUnsent(sentAtMs: number): HeldChunk[] {
    const unsent = this.chunks.filter((chunk) => chunk.sentAtMs === undefined);
    for (const chunk of unsent) chunk.sentAtMs = sentAtMs;
    return unsent;
  }

  /** The first chunk never sent, if any (where audio the server has never had begins). */
  get firstUnsent(): HeldChunk | undefined {
    return this.chunks.find((chunk) => chunk.sentAtMs === undefined);
  }

  /**
   * The chunks from `offset` on, in order, up to about `maxSamples` (at least one), marked sent
   * at `sentAtMs`.
   */
  sendFrom(offset: number, maxSamples: number, sentAtMs: number): HeldChunk[] {
    const batch: HeldChunk[] = [];
    let samples = 0;
    for (const chunk of this.chunks) {
      if (chunk.offset < offset) continue;
      if (batch.length > 0 && samples + chunk.samples.length > maxSamples) break;
      chunk.sentAtMs = sentAtMs;
      batch.push(chunk);
      samples += chunk.samples.length;
    }
    return batch;
  }
}

/** Chunks joined into one frame's samples. */
export function joinChunks(chunks: readonly HeldChunk[]): Int16Array {
  const joined = new Int16Array(chunks.reduce((n, c) => n + c.samples.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk.samples, at);
    at += chunk.samples.length;
  }
  return joined;
}
