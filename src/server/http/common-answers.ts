/**
 * The error answers a route gives whatever its handler does: those of the access hook
 * (access-hook.ts), of validation and of the one error handler (errors.ts). The OpenAPI document
 * lists them on every route they apply to, so a route's description names only what its own
 * handler answers; the access-table walk checks that every status it meets is documented.
 */
import type { AccessRow } from '../auth';

export interface AnsweredShape {
  readonly method: string;
  readonly params?: unknown;
  readonly query?: unknown;
  readonly body?: unknown;
}

/** The statuses the machinery in front of a route's handler may answer it with. */
export function commonErrorStatuses(route: AnsweredShape, row: AccessRow): number[] {
  const statuses = new Set<number>([500]);
  const takesBody = route.method !== 'GET';
  // A refused parameter, query or body; bad JSON in any body.
  if (route.params || route.query || route.body || takesBody) statuses.add(400);
  if (takesBody) statuses.add(413);
  if (row.cells.outsider !== 'yes') {
    // No credential or a bad one (401); a disabled or unverified account (403); the sign-in
    // service, or accounts on this server, unavailable (503).
    statuses.add(401).add(403).add(503);
  }
  if (Object.values(row.cells).some((cell) => cell === 'no' || cell === 'own')) statuses.add(403);
  // The room or organisation the path names does not exist, or the caller may not know it does.
  if (row.scope !== 'none') statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}
