/**
 * Caption delay: how long after a word was spoken it reached the reader's screen. Pure
 * arithmetic, so the live meter (renderer) and anything else measuring delay read the same rules.
 *
 * Clocks: the server stamps a caption with `timestampMs` (server wall clock of the utterance's
 * start) and `t0` (the utterance's start within the speaker's stream), so the stream began at
 * `timestampMs - t0` on the server's clock, and a word ending `endMs` into the stream was spoken
 * at `timestampMs - t0 + endMs`. The reader's clock is brought to the server's with the offset a
 * ping/PONG round trip gives (`clockOffsetFromPong`).
 *
 * A caption grows through partials before its final. Each piece of audio is counted once, the
 * first time it reaches the screen: words (or, without word timings, the result's `asr.endMs`)
 * ending after what an earlier message of the same caption already covered. So a final that
 * only repeats words its partials showed adds nothing, and the meter is not inflated by it.
 */
import type { Transcript } from './entities';

/** Ofcom's recommended maximum delay for live subtitles: above it the meter warns. */
export const CAPTION_DELAY_WARNING_MS = 3000;
/** The meter summarises the last minute. */
export const CAPTION_DELAY_WINDOW_MS = 60_000;
/**
 * A message whose result the server made longer ago than this is not live delivery (a line
 * re-sent after someone renamed its speaker, say): it says nothing about the delay now.
 */
export const CAPTION_DELAY_STALE_MS = 30_000;
/** Captions remembered for the "already covered" rule; older ones are long final. */
const TRACKED_CAPTIONS_MAX = 200;

/**
 * Server clock minus client clock, from one ping and its PONG: the server answered halfway
 * through the round trip, as well as can be known without more rounds.
 */
export function clockOffsetFromPong(
  sentAtClientMs: number,
  serverTimeMs: number,
  receivedAtClientMs: number,
): number {
  const midpoint = sentAtClientMs + Math.max(0, receivedAtClientMs - sentAtClientMs) / 2;
  return serverTimeMs - midpoint;
}

export interface DelaySample {
  /** When it reached the screen, on the server's clock. */
  atServerMs: number;
  delayMs: number;
}

export interface DelayTracker {
  /** Caption id -> how far into its stream (ms) the audio already shown reaches. */
  covered: Map<string, number>;
  samples: DelaySample[];
}

export function newDelayTracker(): DelayTracker {
  return { covered: new Map(), samples: [] };
}

/**
 * The delays one caption message adds, had it reached the screen at `receivedAtClientMs`
 * with the clocks `clockOffsetMs` apart. Typed lines, gap markers and removals have no speech
 * timing and add nothing. Updates the tracker's "covered" mark for the caption.
 */
export function delaysOf(
  tracker: DelayTracker,
  transcript: Transcript,
  receivedAtClientMs: number,
  clockOffsetMs: number,
): DelaySample[] {
  const asr = transcript.asr;
  if (!asr || transcript.gap) return [];
  const shownAtServerMs = receivedAtClientMs + clockOffsetMs;
  if (shownAtServerMs - asr.timeReceivedMs > CAPTION_DELAY_STALE_MS) return [];
  const streamStartMs = transcript.timestampMs - transcript.t0;
  const covered = tracker.covered.get(transcript.id) ?? -Infinity;
  const ends = (asr.words ?? []).filter((w) => w.w.trim() !== '').map((w) => Math.max(w.endMs, w.startMs));
  if (ends.length === 0 && asr.endMs !== undefined && Object.values(transcript.texts).some((t) => t.trim())) {
    ends.push(asr.endMs);
  }
  const fresh = ends.filter((end) => end > covered);
  if (fresh.length === 0) return [];
  const reach = Math.max(...fresh);
  tracker.covered.delete(transcript.id); // re-inserted last: the map keeps recent captions at its end
  tracker.covered.set(transcript.id, reach);
  if (tracker.covered.size > TRACKED_CAPTIONS_MAX) {
    const oldest = tracker.covered.keys().next().value;
    if (oldest !== undefined) tracker.covered.delete(oldest);
  }
  return fresh.map((end) => ({
    atServerMs: shownAtServerMs,
    // A clock estimate a little off can make a fast caption look early: it is not negative.
    delayMs: Math.max(0, shownAtServerMs - (streamStartMs + end)),
  }));
}

/** Adds a message's delays to the tracker, forgetting samples older than the window. */
export function recordCaption(
  tracker: DelayTracker,
  transcript: Transcript,
  receivedAtClientMs: number,
  clockOffsetMs: number,
  windowMs = CAPTION_DELAY_WINDOW_MS,
): void {
  tracker.samples.push(...delaysOf(tracker, transcript, receivedAtClientMs, clockOffsetMs));
  pruneSamples(tracker, receivedAtClientMs + clockOffsetMs, windowMs);
}

export function pruneSamples(tracker: DelayTracker, nowServerMs: number, windowMs = CAPTION_DELAY_WINDOW_MS) {
  const from = nowServerMs - windowMs;
  let drop = 0;
  while (drop < tracker.samples.length && tracker.samples[drop]!.atServerMs < from) drop++;
  if (drop > 0) tracker.samples.splice(0, drop);
}

export interface DelaySummary {
  medianMs: number;
  p95Ms: number;
  count: number;
}

/**
 * The q-quantile (0..1) of sorted values by the nearest-rank method: always one of the
 * measured values, never an interpolation between two.
 */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Median and p95 of the delays in the window ending `nowServerMs`; undefined with none. */
export function summarizeDelays(
  samples: readonly DelaySample[],
  nowServerMs: number,
  windowMs = CAPTION_DELAY_WINDOW_MS,
): DelaySummary | undefined {
  const from = nowServerMs - windowMs;
  const delays = samples
    .filter((s) => s.atServerMs >= from && s.atServerMs <= nowServerMs)
    .map((s) => s.delayMs)
    .sort((a, b) => a - b);
  if (delays.length === 0) return undefined;
  return { medianMs: quantile(delays, 0.5), p95Ms: quantile(delays, 0.95), count: delays.length };
}

/** Whether the delay is past the recommended maximum (judged on the median: what most words suffer). */
export function isDelayTooLong(summary: DelaySummary | undefined): boolean {
  return summary !== undefined && summary.medianMs > CAPTION_DELAY_WARNING_MS;
}
