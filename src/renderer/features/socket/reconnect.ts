import { RECONNECT_MIN_INTERVAL_MS, REUSED_URL_VALID_MS } from '../../../shared/constants';

/**
 * How long to wait before the next connection attempt so that attempts are never closer than
 * RECONNECT_MIN_INTERVAL_MS (conversation.md section 9). The first attempt waits for nothing.
 */
export function reconnectDelayMs(lastAttemptMs: number | undefined, nowMs: number): number {
  if (lastAttemptMs === undefined) return 0;
  return Math.max(0, lastAttemptMs + RECONNECT_MIN_INTERVAL_MS - nowMs);
}

/** The socket URL the last connection used, and when it was last in use (client clock). */
export interface ReusedUrl {
  url: string;
  lastUsedMs: number;
}

/**
 * The URL for the next connection attempt: the last one again while it was in use less than
 * REUSED_URL_VALID_MS ago (a quick reconnection goes back where it was), otherwise a fresh one
 * from `resolve` (the backend may have changed meanwhile: conversation.md section 9).
 */
export function socketUrlToUse(reused: ReusedUrl | undefined, nowMs: number, resolve: () => string): string {
  if (reused && nowMs - reused.lastUsedMs < REUSED_URL_VALID_MS) return reused.url;
  return resolve();
}
