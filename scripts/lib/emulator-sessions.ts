/**
 * Keeps people signed in across a restart of the Auth emulator (issue 30, item 7).
 *
 * What firebase-tools (15.x, lib/emulator/auth) keeps and loses across a restart with
 * `--import`/`--export-on-exit`:
 * - Refresh tokens are not stored at all: each one is the base64 of its own record (user id,
 *   provider, project), checked against the user list when used. They stay valid as long as
 *   the account exists, so an imported account's refresh tokens work after a restart.
 * - The accounts are imported through `accounts:batchCreate`, which sets every account's
 *   `validSince` to the time of the import. Every ID token issued before the restart then has
 *   `iat` before `validSince`: the emulator answers TOKEN_EXPIRED when the browser's Firebase
 *   SDK checks its saved user at page load, the SDK drops the session, and Hearken's server
 *   refuses the token as revoked (`auth_time` before `tokensValidAfterTime`). That is what
 *   signed everybody out at each `npm start`.
 *
 * The export does hold each account's `validSince`; the emulator's own REST API, called as the
 * project's owner (`Authorization: Bearer owner`, as its import does), accepts `validSince` in
 * `accounts:update` and stores it as given. Putting back the exported value after the import
 * keeps the sessions exactly as valid as before the restart: a sign-in revoked before it
 * (password changed, sessions revoked) stays revoked.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SessionRestore {
  localId: string;
  /** Seconds since the epoch, as the emulator writes it (a decimal string). */
  validSince: string;
}

/** The `validSince` of each exported account (the emulator's `accounts.json`) worth putting back. */
export function sessionsToRestore(exported: unknown): SessionRestore[] {
  const users = (exported as { users?: unknown } | null)?.users;
  if (!Array.isArray(users)) return [];
  return users.flatMap((user: unknown) => {
    const { localId, validSince } = (user ?? {}) as { localId?: unknown; validSince?: unknown };
    return typeof localId === 'string' && typeof validSince === 'string' && /^\d+$/.test(validSince)
      ? [{ localId, validSince }]
      : [];
  });
}

/**
 * Where an export folder (the one given to `--import`) keeps its accounts: its metadata names
 * the auth folder (`auth_export`), which holds `accounts.json`.
 */
export function exportedAccountsFile(importDir: string, metadata: unknown): string | undefined {
  const path = (metadata as { auth?: { path?: unknown } } | null)?.auth?.path;
  return typeof path === 'string' ? join(importDir, path, 'accounts.json') : undefined;
}

/**
 * Puts back each imported account's `validSince` (from the export in `importDir`) in the
 * emulator at `url`. Returns how many accounts it restored; throws when the emulator refuses one.
 */
export async function restoreSessions(url: string, projectId: string, importDir: string): Promise<number> {
  let exported: unknown;
  try {
    const metadata: unknown = JSON.parse(
      readFileSync(join(importDir, 'firebase-export-metadata.json'), 'utf8'),
    );
    const file = exportedAccountsFile(importDir, metadata);
    if (!file) return 0;
    exported = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // No accounts exported (or none readable): nothing to restore, the import said so already.
    return 0;
  }
  const restores = sessionsToRestore(exported);
  for (const restore of restores) {
    const response = await fetch(
      `${url}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
      {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify(restore),
        signal: AbortSignal.timeout(5000),
      },
    );
    if (!response.ok) {
      throw new Error(
        `the emulator refused account ${restore.localId}: ${response.status} ${await response.text()}`,
      );
    }
  }
  return restores.length;
}
