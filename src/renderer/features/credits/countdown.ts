/**
 * The Premium credit countdown shown in a conversation (accounts.md section 9: paid credit counts
 * down 1000 ms per tick). Pure: the server counts the credit that is spent (docs/credits.md);
 * this shows it going down while the person's own Premium stream runs, from the credit the
 * server last said, and is set right each time the credits are read again.
 */
import type { ConversationStatus } from '../../../shared/entities';
import { CREDIT_TICK_MS, countDown, premiumCredit, type UserCredits } from '../../../shared/credits';

export interface PremiumCountdown {
  /** Premium credit left (ms) when last known: read from the server, or when the countdown stopped. */
  baseMs: number;
  /** Client time the running countdown started from `baseMs`; absent: not running. */
  sinceMs?: number;
}

/** What is left at `nowMs`: whole ticks of CREDIT_TICK_MS since it started, never below 0. */
export function creditLeftMs(countdown: PremiumCountdown, nowMs: number): number {
  if (countdown.sinceMs === undefined) return Math.max(0, countdown.baseMs);
  const ticks = Math.floor(Math.max(0, nowMs - countdown.sinceMs) / CREDIT_TICK_MS);
  return countDown(countdown.baseMs, ticks);
}

export function isRunning(countdown: PremiumCountdown | undefined): boolean {
  return countdown?.sinceMs !== undefined;
}

/** A Premium stream of one's own started: counts down from what is left (already running: unchanged). */
export function startCountdown(countdown: PremiumCountdown, nowMs: number): PremiumCountdown {
  return isRunning(countdown) ? countdown : { baseMs: countdown.baseMs, sinceMs: nowMs };
}

/** It stopped (or moved to Basic): holds what is left now. */
export function stopCountdown(countdown: PremiumCountdown, nowMs: number): PremiumCountdown {
  return { baseMs: creditLeftMs(countdown, nowMs) };
}

/** The server's credits (the Premium credit shown is extra plus recurring), running on if it was. */
export function countdownFromCredits(
  credits: UserCredits,
  running: boolean,
  nowMs: number,
): PremiumCountdown {
  const baseMs = premiumCredit(credits);
  return running ? { baseMs, sinceMs: nowMs } : { baseMs };
}

/** Whether the room says `avaId` has a stream served on Premium now (audioStreams[].usePaidASR). */
export function ownPremiumStream(status: ConversationStatus | undefined, avaId: string | undefined): boolean {
  if (!status || !avaId || status.state.value === 'ended') return false;
  return status.audioStreams.some((s) => s.avaId === avaId && s.usePaidASR);
}

/** Whether the room says `avaId` has a stream served on Basic now. */
export function ownBasicStream(status: ConversationStatus | undefined, avaId: string | undefined): boolean {
  if (!status || !avaId || status.state.value === 'ended') return false;
  return status.audioStreams.some((s) => s.avaId === avaId && !s.usePaidASR);
}

/** Credit time as h:mm:ss, or m:ss under an hour (whole seconds, rounded up: 0:00 only when none is left). */
export function formatCreditTime(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
