/**
 * How busy a speech worker is, and whether it can take one more speaker. Pure, so the rule is
 * tested without threads.
 *
 * A fixed number of decoders per worker cannot fit every machine: the same build sustained 8
 * real-time streams on one 2-core machine and 15 on another (docs/measurements.md, "Capacity").
 * What a worker can still take is read from the worker itself: the share of wall time its event
 * loop spent working (Node's event-loop utilisation, which also counts time it was runnable but
 * waiting for a core), smoothed over a few seconds. A worker at or near 100% is behind: every
 * stream on it falls behind the speaker, so a new speaker is told at once instead.
 */

/** How often the pool samples each worker's utilisation. */
export const LOAD_SAMPLE_MS = 1_000;

/**
 * Weight of the newest sample in the smoothed cost of a stream. Each worker gives a sample a
 * second, so with two workers about the last five seconds count: a stream's cost per second
 * swings from 7% to 13% with the speech in it (pauses cost less), and a decoder being created
 * (a quarter of a second of work) must not refuse the next speaker; a machine that gets slower
 * is still noticed within seconds.
 */
export const LOAD_SMOOTHING = 0.1;

/**
 * The smoothed share of a worker's time one stream takes, after a one-second sample of a
 * worker's utilisation (0..1). Only a sample during which the worker ran the same streams
 * throughout counts: right after streams open or close, its utilisation says nothing about
 * what each one costs (it still holds the closed ones' work).
 */
export function updateStreamCost(
  previous: number | undefined,
  sample: { utilisation: number; streamsAtStart: number; streamsAtEnd: number },
): number | undefined {
  const { utilisation, streamsAtStart, streamsAtEnd } = sample;
  if (streamsAtStart === 0 || streamsAtStart !== streamsAtEnd) return previous;
  const cost = utilisation / streamsAtStart;
  return previous === undefined ? cost : previous + LOAD_SMOOTHING * (cost - previous);
}

/**
 * Streams a worker takes whatever its measured load: what the slowest 2-core machine we
 * measured kept real-time (8 on 2 workers, docs/measurements.md). A speaker refused gets no
 * captions at all, which is worse than captions a little late, so a busy moment of the
 * machine never refuses one below this.
 */
export const GUARANTEED_STREAMS_PER_WORKER = 4;

/**
 * Whether a worker running `streams` can take one more without its time going over `limit`
 * (0..1), at `costPerStream` each. Below GUARANTEED_STREAMS_PER_WORKER it always can, as it
 * can before a cost has been measured; the decoder cap (HEARKEN_MAX_DECODERS) bounds the count
 * regardless.
 */
export function hasRoomForStream(streams: number, costPerStream: number | undefined, limit: number): boolean {
  if (streams < GUARANTEED_STREAMS_PER_WORKER || costPerStream === undefined) return true;
  return (streams + 1) * costPerStream <= limit;
}
