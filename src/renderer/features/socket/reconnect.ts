import { RECONNECT_MIN_INTERVAL_MS } from '../../../shared/constants';

/**
 * How long to wait before the next connection attempt so that attempts are never closer than
 * RECONNECT_MIN_INTERVAL_MS (conversation.md section 9). The first attempt waits for nothing.
 */
export function reconnectDelayMs(lastAttemptMs: number | undefined, nowMs: number): number {
  if (lastAttemptMs === undefined) return 0;
  return Math.max(0, lastAttemptMs + RECONNECT_MIN_INTERVAL_MS - nowMs);
}
