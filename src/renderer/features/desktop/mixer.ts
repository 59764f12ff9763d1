/**
 * Captions on the device only (desktop-capture.ts mixedForDevice; a room always gets the two as
 * separate streams). Mixes two 60 ms chunk streams (the microphone and the computer's audio) into one: chunk by
 * chunk, samples summed with saturation. Sources do not tick together, so each has a small
 * queue; when one source falls silent (a device stops sending), the other is not held back
 * beyond MAX_WAIT_CHUNKS and is sent mixed with silence.
 */

/** How many chunks one source may get ahead of another before it is sent alone (180 ms). */
export const MAX_WAIT_CHUNKS = 3;

export function mixInt16(a: Int16Array, b: Int16Array): Int16Array {
  const out = new Int16Array(Math.max(a.length, b.length));
  for (let i = 0; i < out.length; i++) {
    const sum = (a[i] ?? 0) + (b[i] ?? 0);
    out[i] = sum > 32767 ? 32767 : sum < -32768 ? -32768 : sum;
  }
  return out;
}

export class ChunkMixer {
  private readonly queues: Int16Array[][];

  constructor(sources: number) {
    this.queues = Array.from({ length: sources }, () => []);
  }

  /** A chunk from source `index`; returns the mixed chunks now complete. */
  push(index: number, chunk: Int16Array): Int16Array[] {
    const queue = this.queues[index];
    if (!queue) throw new Error(`no source ${index}`);
    queue.push(chunk);
    const out: Int16Array[] = [];
    while (this.queues.every((q) => q.length > 0) || this.queues.some((q) => q.length > MAX_WAIT_CHUNKS)) {
      let mixed: Int16Array | undefined;
      for (const q of this.queues) {
        const next = q.shift();
        if (next) mixed = mixed ? mixInt16(mixed, next) : next;
      }
      if (mixed) out.push(mixed);
    }
    return out;
  }
}
