/**
 * Conversation limits (conversation.md: the tiers' limits, Restricted session, Auto stop). Pure
 * rules shared by the server, which enforces them, and the client, which shows them.
 *
 * - A conversation on Basic ends after 40 minutes, on Premium after 2 hours ("restricted
 *   session"), with close reason max_convo_time_reached and the room's reason
 *   room-ended-due-to-convo-restricted-session. Its end is shown as a minutes:seconds countdown,
 *   with a prolong option for a host entitled to Premium.
 * - Auto stop: a free or Lite user's microphone stops after 100,000 ms of recording while the
 *   room has one participant or fewer and at most one audio stream (not in a phone call, not
 *   with a Scribe); a second person in the room (a reader too) or a second stream clears the
 *   count.
 */
import { BASIC_CONVERSATION_LIMIT_MS, PREMIUM_CONVERSATION_LIMIT_MS } from './constants';
import { type Subscription, isPaidSubscriber } from './user';

export type SessionTier = 'basic' | 'premium';

/** Recording time after which a free or Lite user's lone stream stops (the spec's 100000 ms). */
export const AUTO_STOP_AFTER_MS = 100_000;

/**
 * The countdown shows over a session's last 5 minutes: early enough to finish a sentence or
 * prolong, late enough not to sit over the captions for the whole conversation.
 */
export const SESSION_COUNTDOWN_SHOWN_MS = 5 * 60_000;

/**
 * The server ends a session this long after its end, so the host's own end sequence (which
 * stops the microphone first and sends max_convo_time_reached) normally comes first; a client
 * that never sends it cannot keep the room open past this.
 */
export const SESSION_END_GRACE_MS = 3_000;

/** The room-status reasons of restricted sessions (room-ended-due-to-convo-restricted-session is the spec's). */
export const SESSION_ENDED_REASON = 'room-ended-due-to-convo-restricted-session';
export const SESSION_PROLONGED_REASON = 'restricted-session-prolonged';
/**
 * The room-status reason everyone is sent when auto stop stopped a stream (in place of
 * audio-stream-stopped), so every reader is told why captions stopped, not only the speaker.
 */
export const AUTO_STOPPED_REASON = 'audio-stream-auto-stopped';

/** What a room's status says of its session limit (a Hearken addition to the room status). */
export interface RestrictedSession {
  tier: SessionTier;
  /** Server clock, ms since epoch. */
  endsAtMs: number;
  /** The host may add another period (they are entitled to Premium). */
  prolongable: boolean;
}

export function conversationLimitMs(tier: SessionTier): number {
  return tier === 'premium' ? PREMIUM_CONVERSATION_LIMIT_MS : BASIC_CONVERSATION_LIMIT_MS;
}

/** Where a new session ends: its limit after the conversation started. */
export function sessionEndsAt(startTimestampMs: number, tier: SessionTier): number {
  return startTimestampMs + conversationLimitMs(tier);
}

/**
 * Prolonging adds one period of the tier from the later of now and the current end, so
 * prolonging early does not waste time already granted and prolonging late starts afresh.
 */
export function prolongedEndsAt(current: RestrictedSession, nowMs: number): number {
  return Math.max(current.endsAtMs, nowMs) + conversationLimitMs(current.tier);
}

/** Time left, never below zero. */
export function remainingMs(session: Pick<RestrictedSession, 'endsAtMs'>, nowMs: number): number {
  return Math.max(0, session.endsAtMs - nowMs);
}

/** "m:ss" (minutes may pass 59: "104:05"), rounded up so 0:00 appears only at the end itself. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export function countdownShown(ms: number): boolean {
  return ms <= SESSION_COUNTDOWN_SHOWN_MS;
}

/** Free or Lite (or no plan at all: guests) are the users auto stop applies to. */
export function isFreeOrLite(subscription: Subscription | undefined): boolean {
  return !isPaidSubscriber(subscription);
}

/**
 * The participants auto stop counts: people, not audio streams nor devices. Someone reading
 * along without a microphone is a participant (the spec's "one or fewer participants": a phone
 * on the table captioning for a guest who reads is a conversation, not a solo one); one person's
 * two devices are one participant.
 */
export function participantsIn(members: Iterable<{ avaId: string }>): number {
  return new Set([...members].map((m) => m.avaId)).size;
}

/** What auto stop looks at in a room, besides how long the lone stream has recorded. */
export interface AutoStopSituation {
  /** The lone stream's speaker is a free or Lite user (or a guest). */
  freeOrLite: boolean;
  /** People in the room, readers included (participantsIn). */
  participants: number;
  audioStreams: number;
  inPhoneCall: boolean;
  scribeActive: boolean;
}

/** Whether a stream's recording time counts towards auto stop: a free solo conversation. */
export function autoStopApplies(input: AutoStopSituation): boolean {
  return (
    input.freeOrLite &&
    !input.inPhoneCall &&
    !input.scribeActive &&
    input.audioStreams <= 1 &&
    input.participants <= 1
  );
}

/** Whether a lone stream's recording must stop now (the spec's auto stop). */
export function autoStopDue(input: AutoStopSituation & { recordingMs: number }): boolean {
  return autoStopApplies(input) && input.recordingMs >= AUTO_STOP_AFTER_MS;
}
