/**
 * Version expiry of the desktop app (spec: "expiry notices for old desktop versions, counted
 * in days"). The update feed publishes a policy: the latest version, and for older versions the
 * day they stop being supported. The app counts the days left and says so; once the day has
 * passed it says the version has expired and how to update. Captions keep working either way:
 * a deaf user in a call is never cut off by a date.
 */
import { compareVersions } from '../shared/desktop';
import type { ExpiryNotice } from '../shared/ipc';

export interface VersionPolicy {
  latestVersion: string;
  /** Versions below `minimumVersion` expire at `expiresAtMs`. */
  minimumVersion: string;
  expiresAtMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Notices start this many days before expiry, so a weekly user sees several. */
export const EXPIRY_NOTICE_DAYS = 30;

const VERSION_RE = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** Reads the feed's version-policy.json; anything malformed is no policy at all. */
export function parseVersionPolicy(json: unknown): VersionPolicy | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const p = json as Record<string, unknown>;
  if (typeof p.latestVersion !== 'string' || !VERSION_RE.test(p.latestVersion)) return undefined;
  if (typeof p.minimumVersion !== 'string' || !VERSION_RE.test(p.minimumVersion)) return undefined;
  if (typeof p.expiresAt !== 'string') return undefined;
  const expiresAtMs = Date.parse(p.expiresAt);
  if (!Number.isFinite(expiresAtMs)) return undefined;
  return { latestVersion: p.latestVersion, minimumVersion: p.minimumVersion, expiresAtMs };
}

/** Whole days left, counting a started day as a day ("expires in 1 day" until the moment itself). */
export function daysLeft(expiresAtMs: number, nowMs: number): number {
  return Math.ceil((expiresAtMs - nowMs) / DAY_MS);
}

export function expiryNotice(
  currentVersion: string,
  policy: VersionPolicy,
  nowMs: number,
): ExpiryNotice | undefined {
  if (compareVersions(currentVersion, policy.minimumVersion) >= 0) return undefined;
  const days = daysLeft(policy.expiresAtMs, nowMs);
  if (days <= 0) return { kind: 'expired', latestVersion: policy.latestVersion };
  if (days > EXPIRY_NOTICE_DAYS) return undefined;
  return { kind: 'expiresSoon', daysLeft: days, latestVersion: policy.latestVersion };
}
