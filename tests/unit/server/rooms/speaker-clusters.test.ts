import { describe, expect, it } from 'vitest';
import {
  SAME_SPEAKER_MIN_SIMILARITY,
  SpeakerClusters,
  cosineSimilarity,
  identifiedSpeakerLabel,
} from '../../../../src/server/rooms/speaker-clusters';

/** A unit vector at `degrees` in the plane of the first two axes, padded to `dim`. */
function at(degrees: number, length = 1, dim = 4): Float32Array {
  const v = new Float32Array(dim);
  v[0] = Math.cos((degrees * Math.PI) / 180) * length;
  v[1] = Math.sin((degrees * Math.PI) / 180) * length;
  return v;
}

describe('cosine similarity', () => {
  it('is 1 for the same direction whatever the length, 0 at right angles, -1 opposite', () => {
    expect(cosineSimilarity(at(10), at(10, 7))).toBeCloseTo(1);
    expect(cosineSimilarity(at(0), at(90))).toBeCloseTo(0);
    expect(cosineSimilarity(at(0), at(180))).toBeCloseTo(-1);
    expect(cosineSimilarity(at(0), new Float32Array(4))).toBe(0);
    expect(() => cosineSimilarity(at(0), new Float32Array(3))).toThrow(/different sizes/);
  });
});

describe('speaker clusters', () => {
  it('numbers voices from 1 in the order they are first heard, and finds each again', () => {
    const clusters = new SpeakerClusters();
    expect(clusters.assign(at(0))).toEqual({ speaker: 1, isNew: true });
    expect(clusters.assign(at(90))).toEqual({ speaker: 2, isNew: true });
    expect(clusters.assign(at(10, 3))).toMatchObject({ speaker: 1, isNew: false });
    expect(clusters.assign(at(80))).toMatchObject({ speaker: 2, isNew: false });
    expect(clusters.assign(at(200))).toEqual({ speaker: 3, isNew: true });
    expect(clusters.size).toBe(3);
  });

  it('joins a known voice at the threshold and not below it', () => {
    const degreesAt = (similarity: number) => (Math.acos(similarity) * 180) / Math.PI;
    const joins = new SpeakerClusters({ threshold: 0.8 });
    joins.assign(at(0));
    expect(joins.assign(at(degreesAt(0.8) - 0.01))).toMatchObject({ speaker: 1, isNew: false });
    const splits = new SpeakerClusters({ threshold: 0.8 });
    splits.assign(at(0));
    expect(splits.assign(at(degreesAt(0.8) + 0.5))).toEqual({ speaker: 2, isNew: true });
    expect(SAME_SPEAKER_MIN_SIMILARITY).toBeGreaterThan(0);
  });

  it('a voice is the mean of its utterances: one odd utterance moves it little', () => {
    const clusters = new SpeakerClusters({ threshold: 0.9 });
    clusters.assign(at(0));
    clusters.assign(at(0));
    clusters.assign(at(0));
    // 20° from the voice (cos 0.94) joins it; the voice is then ~5° off, so 24° the other side still does.
    expect(clusters.assign(at(20))).toMatchObject({ speaker: 1 });
    const next = clusters.assign(at(-19));
    expect(next).toMatchObject({ speaker: 1 });
    expect(next!.similarity!).toBeGreaterThan(0.9);
  });

  it('the nearest voice is chosen, not the first that is near enough', () => {
    const clusters = new SpeakerClusters({ threshold: 0.6 });
    clusters.assign(at(0));
    expect(clusters.assign(at(60))).toEqual({ speaker: 2, isNew: true });
    // cos 40° = 0.77 to Speaker 1 is enough, but cos 20° = 0.94 to Speaker 2 is nearer.
    expect(clusters.assign(at(40))).toMatchObject({ speaker: 2 });
  });

  it('an utterance without an embedding goes to whoever spoke last, or nobody at first', () => {
    const clusters = new SpeakerClusters();
    expect(clusters.assign(undefined)).toBeUndefined();
    expect(clusters.assign(new Float32Array(4))).toBeUndefined();
    clusters.assign(at(0));
    clusters.assign(at(90));
    expect(clusters.assign(undefined)).toEqual({ speaker: 2, isNew: false });
    expect(clusters.assign(Float32Array.from([NaN, 0, 0, 0]))).toEqual({ speaker: 2, isNew: false });
  });

  it('past the most voices it tells apart, an utterance goes to the nearest', () => {
    const clusters = new SpeakerClusters({ maxSpeakers: 2 });
    clusters.assign(at(0));
    clusters.assign(at(120));
    expect(clusters.assign(at(230))).toMatchObject({ speaker: 2, isNew: false });
    expect(clusters.size).toBe(2);
    expect(() => new SpeakerClusters({ maxSpeakers: 0 })).toThrow();
  });

  it('names voices Speaker 1, 2, ...', () => {
    expect([1, 2, 10].map(identifiedSpeakerLabel)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 10']);
  });
});
