/**
 * A pool stream's route: which backend stream (on a worker thread or on the boost host) its
 * audio goes to now, and the bookkeeping that lets it move from one backend to another and
 * carry on (pool.ts). Pure, so the renumbering and the replay buffer are tested without threads.
 *
 * A stream that moves gets a new backend stream, whose segments and times start again at 0:
 * the route says what to add to them so its owner sees one stream on one clock. A stream on the
 * boost host keeps the audio since its last final, so that if the host dies the line being
 * spoken is decoded again elsewhere (nothing said is lost).
 */
import { SAMPLE_RATE_HZ } from '../../shared/constants';
import type { PoolStreamHandlers } from './pool';
import type { RecognizerEvent } from './types';

/** Where a stream's audio goes now: a backend stream on `Backend` (a worker thread or the boost host). */
export interface Route<Backend> {
  id: number;
  backend: Backend;
  /** Added to the backend's segment numbers and times, so a moved stream carries on. */
  segmentBase: number;
  msOffset: number;
  /** Samples sent to this backend stream. */
  sent: number;
  /** Asked to close (to move on, or because the stream ended). */
  closing?: boolean;
}

/** The audio of a boost host stream since its last final ended (`from`, a sample index). */
export interface Replay {
  from: number;
  chunks: Int16Array[];
  samples: number;
}

export interface StreamState<Backend> {
  id: number;
  engine: string;
  lang: string;
  handlers: PoolStreamHandlers;
  backlog: number;
  onClosed?: () => void;
  /** undefined while the stream moves to another backend (writes wait in `held`). */
  route: Route<Backend> | undefined;
  held: Int16Array[];
  /** The stream's boost list as last given. */
  words: string[];
  /** Samples written, on the stream's own clock. */
  written: number;
  /** Highest segment delivered, and that of the last final. */
  lastSegment: number;
  lastFinalSegment: number;
  /** Boost host streams only: what a replay needs if the host dies. At most REPLAY_MAX_SAMPLES. */
  replay?: Replay;
  /** The owner closed it. */
  closed: boolean;
  /**
   * The speaker's cepstral mean: given at open (from their last stream), then what each backend
   * stream learnt when it closed, so a stream moved to another backend keeps it too.
   */
  cmnMean?: number[];
}

/** At most this much audio is kept per boost host stream for a replay (a line is at most 20 s). */
export const REPLAY_MAX_SAMPLES = 30 * SAMPLE_RATE_HZ;

/** The same boost list whatever the order of its words (crashed lists are remembered by it). */
export const listKey = (words: readonly string[]) => JSON.stringify([...words].sort());

/** A stream just opened: nowhere yet, nothing written, no segment delivered. */
export function newStreamState<Backend>(
  id: number,
  engine: string,
  lang: string,
  handlers: PoolStreamHandlers,
): StreamState<Backend> {
  return {
    id,
    engine,
    lang,
    handlers,
    backlog: 0,
    route: undefined,
    held: [],
    words: [],
    written: 0,
    lastSegment: -1,
    lastFinalSegment: -1,
    closed: false,
  };
}

/** A route to backend stream `id` on `backend`, for the stream's audio from sample `fromSample`. */
export function newRoute<Backend>(
  id: number,
  backend: Backend,
  segmentBase: number,
  fromSample: number,
): Route<Backend> {
  return { id, backend, segmentBase, msOffset: msOffsetAt(fromSample), sent: 0 };
}

/** A route's time offset for a backend stream that starts at sample `fromSample` of the stream. */
export function msOffsetAt(fromSample: number): number {
  return Math.round((fromSample * 1000) / SAMPLE_RATE_HZ);
}

/** Adds `samples` to `replay` (a copy: sent audio is transferred away), oldest dropped past the cap. */
export function keepForReplay(replay: Replay | undefined, samples: Int16Array): void {
  if (!replay) return;
  replay.chunks.push(samples.slice());
  replay.samples += samples.length;
  while (replay.samples > REPLAY_MAX_SAMPLES && replay.chunks.length > 1) {
    const dropped = replay.chunks.shift()!;
    replay.samples -= dropped.length;
    replay.from += dropped.length;
  }
}

/**
 * Takes the replay of a stream whose boost host died (the stream is to go on elsewhere): the
 * audio since its last final, none if it had no replay (then it goes on from what was written).
 * Its backlog becomes that audio and what was held, all of which is to be sent again.
 */
export function takeReplay(state: StreamState<unknown>): Replay {
  const replay = state.replay ?? { from: state.written, chunks: [], samples: 0 };
  state.replay = undefined;
  state.backlog = replay.samples + heldSamples(state);
  return replay;
}

/** Drops the chunks of `replay` that end at or before `sample` (a final ended there). */
export function dropReplayBefore(replay: Replay | undefined, sample: number): void {
  if (!replay) return;
  while (replay.chunks.length > 0 && replay.from + replay.chunks[0]!.length <= sample) {
    const dropped = replay.chunks.shift()!;
    replay.samples -= dropped.length;
    replay.from += dropped.length;
  }
}

/** A backend's event renumbered and retimed onto the stream's own clock. */
export function onStreamClock(
  route: Pick<Route<unknown>, 'segmentBase' | 'msOffset'>,
  event: RecognizerEvent,
): RecognizerEvent {
  const at = (ms: number) => ms + route.msOffset;
  return {
    ...event,
    segment: event.segment + route.segmentBase,
    startMs: at(event.startMs),
    endMs: at(event.endMs),
    ...(event.words
      ? { words: event.words.map((w) => ({ ...w, startMs: at(w.startMs), endMs: at(w.endMs) })) }
      : {}),
  };
}

/** Samples written while the stream moved, not yet sent anywhere. */
export function heldSamples(state: Pick<StreamState<unknown>, 'held'>): number {
  return state.held.reduce((n, h) => n + h.length, 0);
}
