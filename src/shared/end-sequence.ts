/**
 * The end sequence of a conversation (conversation.md, Ending stages): NOT_ENDING, BOOST,
 * SAVE_TRANSCRIPTS, END_ON_BACKEND, advanced one stage at a time, skipping those that do not
 * apply, and a new end request ignored while one runs (END_SEQUENCE_GUARD_MS). Pure: the saga
 * that runs the stages (renderer features/ending/sagas.ts) asks these functions what comes next.
 */
import { END_SEQUENCE_GUARD_MS } from './constants';
import type { CloseReason } from './protocol';

/** The spec's stages with the spec's numbers. */
export const ENDING_STAGES = {
  NOT_ENDING: 0,
  BOOST: 1,
  SAVE_TRANSCRIPTS: 2,
  END_ON_BACKEND: 3,
} as const;
export type EndingStage = keyof typeof ENDING_STAGES;

/** What decides which stages apply to this person's end. */
export interface EndingContext {
  isScribe: boolean;
  /** The desktop app saves nothing itself (its caption conversation is the web app's). */
  isDesktop: boolean;
  /** Word boosting is on for this person, and its manager exists (the person's list is known). */
  boostEnabled: boolean;
  boostManagerExists: boolean;
}

/** Whether `stage` has work to do for this person. */
export function stageApplies(stage: EndingStage, context: EndingContext): boolean {
  switch (stage) {
    case 'NOT_ENDING':
      return false;
    case 'BOOST':
      return !context.isScribe && !context.isDesktop && context.boostEnabled && context.boostManagerExists;
    case 'SAVE_TRANSCRIPTS':
      return !context.isScribe && !context.isDesktop;
    case 'END_ON_BACKEND':
      return true;
  }
}

const ORDER = Object.keys(ENDING_STAGES) as EndingStage[];

/**
 * The stage after `current` that applies, or NOT_ENDING once END_ON_BACKEND is done (the
 * sequence is over and a new one may start).
 */
export function nextStage(current: EndingStage, context: EndingContext): EndingStage {
  for (let i = ENDING_STAGES[current] + 1; i < ORDER.length; i++) {
    const stage = ORDER[i]!;
    if (stageApplies(stage, context)) return stage;
  }
  return 'NOT_ENDING';
}

/** Every stage this person's end goes through, in order (what the saga walks). */
export function stagesFor(context: EndingContext): EndingStage[] {
  const stages: EndingStage[] = [];
  for (
    let stage = nextStage('NOT_ENDING', context);
    stage !== 'NOT_ENDING';
    stage = nextStage(stage, context)
  )
    stages.push(stage);
  return stages;
}

/**
 * The order the stages run in for this person. The spec's numbers order them for someone who
 * leaves; the host's "End for everyone" ends the room before asking anything (issue 30): guests
 * and a Scribe must not stay connected while the host reads the boost question, so for the host
 * BOOST comes after END_ON_BACKEND.
 */
export function runOrder(stages: readonly EndingStage[], asHost: boolean): EndingStage[] {
  if (!asHost || !stages.includes('BOOST')) return [...stages];
  return [...stages.filter((s) => s !== 'BOOST'), 'BOOST'];
}

/** An end in progress: when it started (undefined: none). */
export interface EndingRun {
  stage: EndingStage;
  startedAtMs?: number;
}

/**
 * Whether a new end request may start now: not while one runs, unless the one running started
 * more than the guard ago (it is stuck: a lost answer must not keep the person in the room).
 */
export function mayStartEnding(run: EndingRun, nowMs: number): boolean {
  if (run.stage === 'NOT_ENDING' || run.startedAtMs === undefined) return true;
  return nowMs - run.startedAtMs >= END_SEQUENCE_GUARD_MS;
}

/** Who is in the room, as the close reason for someone who is not the host needs it. */
export interface LeavingContext {
  /** The host is still connected to the room. */
  hostPresent: boolean;
  /** People in the room other than the host and the one leaving. */
  otherGuests: number;
}

/**
 * The close reason someone who is not the host sends when they leave (conversation.md, Close
 * reasons): `host_left` when the host has already gone, `last_guest_left` when nobody but the
 * host stays, `closed` otherwise. The host never leaves this way: it ends the room.
 */
export function leaveReason(context: LeavingContext): CloseReason {
  if (!context.hostPresent) return 'host_left';
  if (context.otherGuests === 0) return 'last_guest_left';
  return 'closed';
}

/**
 * Close reasons that end the room when the host sends them: the host's app quitting, and the
 * restricted session's maximum time. The others only say why one person leaves.
 */
export const ROOM_ENDING_CLOSE_REASONS: readonly CloseReason[] = ['app_terminated', 'max_convo_time_reached'];

export function closeEndsRoom(reason: CloseReason | undefined): boolean {
  return reason !== undefined && ROOM_ENDING_CLOSE_REASONS.includes(reason);
}
