/**
 * Scribes (conversation.md: Scribe status, the `request-scribe` and `update-scribe-correction-mode`
 * messages, accurate mode's delay, "a Scribe request cannot target oneself"). Pure rules only:
 * the server's desk (server/scribes/desk.ts) and the clients read the same ones.
 *
 * Two machines, as the spec gives two readings:
 * - a request: pending -> connected (a Scribe accepted) -> ended; pending -> cancelled (the
 *   requester withdrew it, or the room ended first); connected -> removed (the host sent the
 *   Scribe away). ended, cancelled and removed are final.
 * - the room's Scribe status, what everyone in the room sees: pending while a request waits,
 *   ongoing while its Scribe is connected, leaving while the Scribe's connection is lost and
 *   they have SCRIBE_LEAVING_GRACE_MS to come back, ended once the request is over.
 */
import { type Infer, array, object, oneOf, string } from '../schema';
import { SCRIBE_LIMIT_REACHED } from '../workspace';

export const CORRECTION_MODES = ['fast', 'accurate'] as const;
export type CorrectionMode = (typeof CORRECTION_MODES)[number];
/** The spec: "Default Scribe correction mode Fast", stored locally. */
export const DEFAULT_CORRECTION_MODE: CorrectionMode = 'fast';
/** The local storage key of the correction mode one last chose (the spec's "stored locally"). */
export const CORRECTION_MODE_STORAGE_KEY = 'scribeCorrectionMode';

export const SCRIBE_REQUEST_STATES = ['pending', 'connected', 'ended', 'cancelled', 'removed'] as const;
export type ScribeRequestState = (typeof SCRIBE_REQUEST_STATES)[number];

export const SCRIBE_STATUSES = ['pending', 'ongoing', 'ended', 'leaving'] as const;
export type ScribeStatus = (typeof SCRIBE_STATUSES)[number];

/**
 * Accurate mode's delay (the spec: "adds a delay of 5 to 10 seconds"): a line reaches viewers
 * SCRIBE_ACCURATE_DELAY_MIN_MS after it became final, so the Scribe has that long to fix it,
 * but never more than SCRIBE_ACCURATE_DELAY_MAX_MS after its first words were heard, so a long
 * sentence is not held back for longer than the spec allows.
 */
export const SCRIBE_ACCURATE_DELAY_MIN_MS = 5_000;
export const SCRIBE_ACCURATE_DELAY_MAX_MS = 10_000;
/** How long a Scribe whose connection dropped may come back before their session ends. */
export const SCRIBE_LEAVING_GRACE_MS = 30_000;
/** Scribe time is counted per second (the spec: "Scribe time count down 1000 ms per tick"). */
export const SCRIBE_TICK_MS = 1_000;
/** One chat message between a Scribe and the person they serve. */
export const SCRIBE_CHAT_MAX_LENGTH = 500;
/** A Scribe may accept this many rooms at once. */
export const SCRIBE_MAX_ROOMS = 3;

/** What happens to a request. */
export type ScribeRequestEvent =
  /** A Scribe accepted it. */
  | 'accept'
  /** The requester withdrew it (or ended their request while a Scribe served). */
  | 'cancel'
  /** The host sent the serving Scribe away. */
  | 'remove'
  /** The Scribe finished (or their leaving grace ran out). */
  | 'end'
  /** The room ended. */
  | 'room-ended';

/** The next state, or undefined when the event does not apply in this state. */
export function nextRequestState(
  state: ScribeRequestState,
  event: ScribeRequestEvent,
): ScribeRequestState | undefined {
  if (state === 'pending') {
    if (event === 'accept') return 'connected';
    if (event === 'cancel' || event === 'room-ended') return 'cancelled';
    return undefined;
  }
  if (state === 'connected') {
    if (event === 'remove') return 'removed';
    // The requester cancelling a served request sends the Scribe away, as the host's remove does.
    if (event === 'cancel') return 'removed';
    if (event === 'end' || event === 'room-ended') return 'ended';
    return undefined;
  }
  return undefined;
}

export function isFinalRequestState(state: ScribeRequestState): boolean {
  return state === 'ended' || state === 'cancelled' || state === 'removed';
}

/** The room's Scribe status for a request in `state`, its Scribe connected to the room or not. */
export function scribeStatusOf(state: ScribeRequestState, scribeConnected: boolean): ScribeStatus {
  if (state === 'pending') return 'pending';
  if (state === 'connected') return scribeConnected ? 'ongoing' : 'leaving';
  return 'ended';
}

/**
 * The Scribe part of the room status (conversation.md: scribe (status, scribes with hash,
 * requestor)): `requestId` is the request being served or waited on, `requestor` the avaId of
 * whoever asked, `scribes` the serving Scribes by a hash (never their avaId: viewers need not
 * know who they are).
 */
export const roomScribeSchema = object({
  status: oneOf(SCRIBE_STATUSES),
  requestId: string(),
  correctionMode: oneOf(CORRECTION_MODES),
  requestor: string(),
  scribes: array(object({ hash: string(), userName: string() })),
});
export type RoomScribe = Infer<typeof roomScribeSchema>;

export type ScribeRefusal =
  | 'cannot-request-self'
  | 'already-requested'
  | 'not-pending'
  | 'not-serving'
  | 'room-ended'
  | 'too-many-rooms'
  | 'not-found'
  /** The requester holds no organisation licence (the spec: Scribe captions are for organisations only). */
  | 'organizations-only'
  /** The requester's Scribe credit (scribeCredit) is used up. */
  | 'no-scribe-credit'
  | 'scribe-limit-reached';

/** Error texts (the spec's where it gives one: 'Can not join yourself.'). */
export const SCRIBE_ERRORS: Record<ScribeRefusal, string> = {
  'cannot-request-self': 'Can not join yourself.',
  'already-requested': 'A Scribe is already requested for this conversation.',
  'not-pending': 'This request is no longer waiting for a Scribe.',
  'not-serving': 'You are not serving this conversation.',
  'room-ended': 'This conversation has ended.',
  'too-many-rooms': `A Scribe serves at most ${SCRIBE_MAX_ROOMS} conversations at once.`,
  'not-found': 'No Scribe request found.',
  'organizations-only': 'Scribe captions are for organizations only.',
  'no-scribe-credit': 'You have no Scribe time left.',
  'scribe-limit-reached': SCRIBE_LIMIT_REACHED,
};

/**
 * Whether `scribeAvaId` may accept a request of `requesterAvaId` (the spec: a Scribe request
 * cannot target oneself), given how many rooms they serve now.
 */
export function acceptRefusal(
  request: { requesterAvaId: string; hostAvaId: string; state: ScribeRequestState },
  scribeAvaId: string,
  servingNow: number,
): ScribeRefusal | undefined {
  if (scribeAvaId === request.requesterAvaId || scribeAvaId === request.hostAvaId)
    return 'cannot-request-self';
  if (request.state !== 'pending') return 'not-pending';
  if (servingNow >= SCRIBE_MAX_ROOMS) return 'too-many-rooms';
  return undefined;
}

/**
 * When a line held back in accurate mode reaches viewers: SCRIBE_ACCURATE_DELAY_MIN_MS after it
 * became final, capped at SCRIBE_ACCURATE_DELAY_MAX_MS after it was first seen; a line not yet
 * final waits for the cap.
 */
export function accurateReleaseAt(firstSeenMs: number, finalAtMs: number | undefined): number {
  const cap = firstSeenMs + SCRIBE_ACCURATE_DELAY_MAX_MS;
  if (finalAtMs === undefined) return cap;
  return Math.min(cap, Math.max(firstSeenMs, finalAtMs) + SCRIBE_ACCURATE_DELAY_MIN_MS);
}

/**
 * What one person is to one room's Scribe desk, from that room's requests they served: `removed`
 * when a host ever sent them away (whatever came after: the removal is of the person, for good),
 * else `serving` while a request they accepted is still connected, else `none`. Only `serving`
 * makes someone the room's Scribe; `removed` keeps them out of the room under any role.
 */
export type ScribeStanding = 'serving' | 'removed' | 'none';

export function scribeStandingOf(statesServed: readonly ScribeRequestState[]): ScribeStanding {
  if (statesServed.includes('removed')) return 'removed';
  return statesServed.includes('connected') ? 'serving' : 'none';
}

/** A correction mode read from local storage: anything else is the default. */
export function storedCorrectionMode(value: string | null | undefined): CorrectionMode {
  return (CORRECTION_MODES as readonly string[]).includes(value ?? '')
    ? (value as CorrectionMode)
    : DEFAULT_CORRECTION_MODE;
}

/** Whole seconds since `sinceMs` (never negative: clocks may disagree by a little). */
export function secondsSince(sinceMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - sinceMs) / 1000));
}
