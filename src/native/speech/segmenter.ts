/**
 * Turns a voice-activity signal into utterances for engines that do not endpoint by themselves
 * (PocketSphinx). Pure: it sees only sample counts and VAD decisions, and returns what to do, so
 * its timing rules are tested without audio or a decoder.
 *
 * Captions want lines to end at short pauses: the VAD reports silence after `minSilenceMs`
 * (well under a second), which ends the utterance. Speech onset is reported by the VAD only
 * after some speech has passed, so an utterance starts `preRollMs` before the onset.
 */

export interface SegmenterOptions {
  sampleRate: number;
  /** Audio kept before the VAD's onset decision, so the first phonemes reach the decoder. */
  preRollMs: number;
  /** An utterance longer than this is cut (then continues as the next one) to keep finals coming. */
  maxUtteranceMs: number;
}

export type SegmenterAction =
  /** Start an utterance whose first sample is `fromSample` (absolute sample index in the stream). */
  | { kind: 'start'; fromSample: number }
  /** Feed samples [from, to) of the stream to the current utterance. */
  | { kind: 'feed'; from: number; to: number }
  /** End the current utterance: its final result is due. */
  | { kind: 'end'; reason: 'silence' | 'max-length' | 'flush' };

export class Segmenter {
  private inUtterance = false;
  private utteranceStart = 0;
  /** Samples already handed to the decoder (absolute). */
  private fed = 0;
  /** Oldest sample still available for pre-roll (absolute). */
  private oldestBuffered = 0;
  private readonly preRoll: number;
  private readonly maxLength: number;

  constructor(private readonly options: SegmenterOptions) {
    this.preRoll = Math.round((options.preRollMs * options.sampleRate) / 1000);
    this.maxLength = Math.round((options.maxUtteranceMs * options.sampleRate) / 1000);
  }

  get active(): boolean {
    return this.inUtterance;
  }

  /** How far back the caller must keep audio, in samples, for the pre-roll. */
  get retainSamples(): number {
    return this.preRoll;
  }

  /**
   * Called once per VAD window: samples up to `endSample` (absolute, exclusive) have been seen and
   * the VAD says whether speech is ongoing at that point.
   */
  window(endSample: number, speech: boolean): SegmenterAction[] {
    const actions: SegmenterAction[] = [];
    if (!this.inUtterance) {
      if (speech) {
        const from = Math.max(this.oldestBuffered, endSample - this.preRoll, this.fed);
        this.inUtterance = true;
        this.utteranceStart = from;
        actions.push({ kind: 'start', fromSample: from }, { kind: 'feed', from, to: endSample });
        this.fed = endSample;
      }
    } else {
      actions.push({ kind: 'feed', from: this.fed, to: endSample });
      this.fed = endSample;
      if (!speech) {
        this.inUtterance = false;
        actions.push({ kind: 'end', reason: 'silence' });
      } else if (endSample - this.utteranceStart >= this.maxLength) {
        // Cut and carry on: the words so far become final, the rest is the next line.
        actions.push({ kind: 'end', reason: 'max-length' }, { kind: 'start', fromSample: endSample });
        this.utteranceStart = endSample;
      }
    }
    this.oldestBuffered = Math.max(this.oldestBuffered, endSample - this.preRoll);
    return actions;
  }

  /** Ends the current utterance at once (stop, reset-recorder). */
  flush(): SegmenterAction[] {
    if (!this.inUtterance) return [];
    this.inUtterance = false;
    return [{ kind: 'end', reason: 'flush' }];
  }
}
