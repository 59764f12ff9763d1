/**
 * Measures the live caption delay while a conversation is open: every caption message is timed
 * as it arrives (the moment it reaches the screen, near enough), against the server's clock as
 * the last PONG places it; once a second the last minute is summarised for the badge. The
 * samples stay here, not in the store: only the summary is state anyone reads.
 */
import type { Action } from '@reduxjs/toolkit';
import { call, delay, fork, put, race, take, takeEvery, takeLatest } from 'typed-redux-saga';
import {
  type DelaySummary,
  type DelayTracker,
  clockOffsetFromPong,
  newDelayTracker,
  pruneSamples,
  recordCaption,
  summarizeDelays,
} from '../../../shared/caption-delay';
import type { AppDeps } from '../../app/deps';
import { conversationActions } from '../conversation/slice';
import { socketActions } from '../socket/slice';
import { captionDelayActions } from './slice';

/** How often the badge is brought up to date. */
export const DELAY_REFRESH_MS = 1000;
/** The badge shows tenths of a second: smaller changes are not worth a render. */
const ROUND_MS = 100;

interface Meter {
  tracker: DelayTracker;
  /** Server clock minus ours; undefined until the server first said its time. */
  offsetMs?: number;
  /** Whether the offset came from a PONG (a round trip) rather than a one-way message. */
  fromPong: boolean;
  last?: DelaySummary;
}

export function onMessage(
  deps: AppDeps,
  meter: Meter,
  action: ReturnType<typeof socketActions.messageReceived>,
) {
  const message = action.payload;
  const now = deps.now();
  if (message.type === 'PONG') {
    meter.offsetMs = clockOffsetFromPong(message.clientTimeMs, message.serverTimeMs, now);
    meter.fromPong = true;
  } else if (message.type === 'connection-succeeded' && !meter.fromPong) {
    // Until the first PONG (one ping period away), the server's time on arrival is close enough.
    meter.offsetMs = message.serverTimeMs - now;
  } else if (message.type === 'transcript' && meter.offsetMs !== undefined) {
    recordCaption(meter.tracker, message.transcript, now, meter.offsetMs);
  }
}

const rounded = (summary: DelaySummary | undefined): DelaySummary | undefined =>
  summary && {
    medianMs: Math.round(summary.medianMs / ROUND_MS) * ROUND_MS,
    p95Ms: Math.round(summary.p95Ms / ROUND_MS) * ROUND_MS,
    count: summary.count,
  };

const sameReading = (a: DelaySummary | undefined, b: DelaySummary | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.medianMs === b.medianMs && a.p95Ms === b.p95Ms);

export function* refresh(deps: AppDeps, meter: Meter) {
  if (meter.offsetMs === undefined) return;
  const nowServer = deps.now() + meter.offsetMs;
  pruneSamples(meter.tracker, nowServer);
  const summary = rounded(summarizeDelays(meter.tracker.samples, nowServer));
  if (sameReading(summary, meter.last)) return;
  meter.last = summary;
  yield* put(captionDelayActions.measured(summary));
}

function* tick(deps: AppDeps, meter: Meter) {
  while (true) {
    yield* delay(DELAY_REFRESH_MS);
    yield* call(refresh, deps, meter);
  }
}

function* runMeter(deps: AppDeps, meter: Meter) {
  yield* fork(tick, deps, meter);
  yield* takeEvery(socketActions.messageReceived.type, onMessage, deps, meter);
}

function* measureRoom(deps: AppDeps) {
  yield* put(captionDelayActions.reset());
  const meter: Meter = { tracker: newDelayTracker(), fromPong: false };
  yield* race({
    run: call(runMeter, deps, meter),
    exit: take((a: Action) => conversationActions.exited.match(a)),
  });
}

export function* captionDelaySaga(deps: AppDeps) {
  // A new room (or the same one entered again) starts a new meter: the old one is stopped.
  yield* takeLatest(conversationActions.entered.type, measureRoom, deps);
}
