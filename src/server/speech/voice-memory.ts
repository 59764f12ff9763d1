/**
 * What the recogniser learnt of a speaker's voice and microphone (PocketSphinx's cepstral mean,
 * RecognizerStream.cmnMean), kept for their next stream: a person who stops and starts again,
 * reconnects, or has held audio captioned is the same voice through the same microphone, and a
 * stream that starts from their own mean rather than the model's gets its first line right more
 * often (dev WER 57.44% to 56.60%, better on both speaker halves: docs/measurements.md).
 *
 * Keyed by a voice (`<identity>:<source>`: a person's microphone and their computer's sound are
 * different sources), in memory only, at most MAX_VOICES (the least recently used go first). A
 * mean is 13 numbers describing a channel, not words: it is never stored or sent anywhere.
 */
export const MAX_VOICES = 10_000;

export class VoiceMemory {
  private readonly means = new Map<string, number[]>();

  constructor(private readonly max = MAX_VOICES) {}

  get(voice: string): number[] | undefined {
    const mean = this.means.get(voice);
    if (mean) {
      // Used again: the newest.
      this.means.delete(voice);
      this.means.set(voice, mean);
    }
    return mean;
  }

  set(voice: string, mean: number[] | undefined): void {
    if (!mean) return;
    this.means.delete(voice);
    this.means.set(voice, mean);
    while (this.means.size > this.max) this.means.delete(this.means.keys().next().value!);
  }

  get size(): number {
    return this.means.size;
  }
}
