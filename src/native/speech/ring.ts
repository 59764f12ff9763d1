/**
 * Keeps the most recent audio of a stream addressed by absolute sample index, so that an
 * utterance can start a little before the moment speech was detected.
 */
export class AudioRing {
  private buffer: Int16Array;
  /** Absolute index of buffer[0]. */
  private start = 0;
  private length = 0;

  constructor(private readonly capacity: number) {
    this.buffer = new Int16Array(capacity);
  }

  /** Absolute index one past the newest sample. */
  get end(): number {
    return this.start + this.length;
  }

  push(samples: Int16Array): void {
    if (samples.length >= this.capacity) {
      this.buffer.set(samples.subarray(samples.length - this.capacity));
      this.start += this.length + samples.length - this.capacity;
      this.length = this.capacity;
      return;
    }
    const overflow = this.length + samples.length - this.capacity;
    if (overflow > 0) {
      this.buffer.copyWithin(0, overflow, this.length);
      this.start += overflow;
      this.length -= overflow;
    }
    this.buffer.set(samples, this.length);
    this.length += samples.length;
  }

  /** Samples [from, to) that are still held; the range is clipped to what is available. */
  slice(from: number, to: number): Int16Array {
    const a = Math.max(from, this.start) - this.start;
    const b = Math.min(to, this.end) - this.start;
    return b > a ? this.buffer.slice(a, b) : new Int16Array(0);
  }
}
