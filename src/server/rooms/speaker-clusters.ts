/**
 * Speaker identification's decision, kept apart from the model (issue 11, beta solo_speaker_id):
 * each utterance of one stream has a speaker embedding (a voice's fingerprint, from
 * native/speech/speaker-id); it belongs to the known speaker whose voice it is nearest to, when
 * that is near enough (cosine similarity at least the threshold), else to a new speaker. Speakers
 * are numbered from 1 in the order they are first heard ("Speaker 1", "Speaker 2", ...).
 *
 * A speaker's voice is the mean of its utterances' normalised embeddings, so one odd utterance
 * moves it little. An utterance too short to embed reliably has no embedding: it is given to
 * whoever spoke last in this stream (a short answer rarely changes speaker mid-turn).
 */

/** Below this, two utterances are taken for two voices (cosine similarity, -1..1). */
export const SAME_SPEAKER_MIN_SIMILARITY = 0.5;
/** Voices told apart in one stream at most; past it, an utterance goes to the nearest. */
export const MAX_IDENTIFIED_SPEAKERS = 12;

export interface SpeakerAssignment {
  /** 1-based: "Speaker 1" is the first voice heard. */
  speaker: number;
  /** Similarity to the speaker's voice before this utterance; undefined for a new speaker or no embedding. */
  similarity?: number;
  isNew: boolean;
}

export interface ClusterOptions {
  threshold?: number;
  maxSpeakers?: number;
}

export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`embeddings of different sizes (${a.length}, ${b.length})`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

function normalised(v: ArrayLike<number>): Float64Array | undefined {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  if (!(norm > 0) || !Number.isFinite(norm)) return undefined;
  const out = new Float64Array(v.length);
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * scale;
  return out;
}

export class SpeakerClusters {
  /** Sum of each speaker's normalised embeddings (its direction is the speaker's mean voice). */
  private readonly voices: Float64Array[] = [];
  private last: number | undefined;
  private readonly threshold: number;
  private readonly maxSpeakers: number;

  constructor(options: ClusterOptions = {}) {
    this.threshold = options.threshold ?? SAME_SPEAKER_MIN_SIMILARITY;
    this.maxSpeakers = options.maxSpeakers ?? MAX_IDENTIFIED_SPEAKERS;
    if (!(this.maxSpeakers >= 1)) throw new Error('maxSpeakers must be at least 1');
  }

  get size(): number {
    return this.voices.length;
  }

  /**
   * The speaker of one utterance. `undefined` (too short to embed, or an empty embedding): the
   * last speaker of the stream, or none when nobody was identified yet.
   */
  assign(embedding: ArrayLike<number> | undefined): SpeakerAssignment | undefined {
    const unit = embedding ? normalised(embedding) : undefined;
    if (!unit) return this.last === undefined ? undefined : { speaker: this.last + 1, isNew: false };
    let best = -1;
    let bestSimilarity = -Infinity;
    this.voices.forEach((voice, index) => {
      const similarity = cosineSimilarity(unit, voice);
      if (similarity > bestSimilarity) {
        best = index;
        bestSimilarity = similarity;
      }
    });
    const known = best >= 0 && (bestSimilarity >= this.threshold || this.voices.length >= this.maxSpeakers);
    if (known) {
      const voice = this.voices[best]!;
      for (let i = 0; i < voice.length; i++) voice[i]! += unit[i]!;
      this.last = best;
      return { speaker: best + 1, similarity: bestSimilarity, isNew: false };
    }
    this.voices.push(unit);
    this.last = this.voices.length - 1;
    return { speaker: this.voices.length, isNew: true };
  }
}

/** The name an identified voice first has in the room (anyone may rename it, rooms/speakers.ts). */
export function identifiedSpeakerLabel(speaker: number): string {
  return `Speaker ${speaker}`;
}
