/**
 * Who may do what: the one authorisation table of the server, read through this module. Every
 * HTTP route has a row in http-access.ts and every socket action one in socket-access.ts (both
 * written with access-rows.ts); the HTTP hook (http/access-hook.ts) and the socket
 * (socket/authorisation.ts) ask `allows` before any handler runs, and no handler decides who
 * may call it. A route or message without a row does not compile (described routes, messages)
 * or is refused at start-up (any route), and docs/security.md is this table rendered (a test
 * keeps them equal).
 *
 * Actors:
 * - outsider: proves nothing (no credential, or one that does not verify);
 * - guest: a valid guest credential; account: a valid Firebase identity token. On a room's
 *   routes and messages these two columns mean "not a member of this ongoing room";
 * - host, rw-member, ro-member, scribe: members of an ongoing room (the host always is one;
 *   read-only or read-write by the link they came through; scribe: a read-write member the
 *   Scribe desk assigned, rooms/admission.ts; a read-only member is ro-member, whatever role);
 * - ended-member: any member, host included, of a room that has ended.
 * Someone who is not a member of an ended room is refused everything about it, as if it did
 * not exist: ended rooms cannot be joined.
 * - org-admin, org-member: on an organisation's routes, its admin (the one the organisation's
 *   row names, never a role a profile claims) and its other members; `account` there means an
 *   account outside that organisation.
 * On a row about no room, the scribe column is an account with the scribe flag (accounts.md:
 * user flags): the Scribe dashboard's routes are theirs alone (`scribesOnly`).
 */
import { ACTORS, type AccessRow, type Actor, type Cell, type PrincipalActor } from './access-rows';
import { HTTP_ACCESS } from './http-access';
import { SOCKET_ACCESS } from './socket-access';

export { ACTORS, PRINCIPAL_ACTORS } from './access-rows';
export type { AccessRow, Actor, Cell, PrincipalActor } from './access-rows';
export { HTTP_ACCESS, type HttpRouteKey } from './http-access';
export { SOCKET_ACCESS, socketActionsOf, type ActionContext, type SocketAction } from './socket-access';

/** Whether `actor` may; `own` says whether the record concerned is the caller's. */
export function allows(row: AccessRow, actor: Actor, own = false): boolean {
  const cell = row.cells[actor];
  return cell === 'yes' || (cell === 'own' && own);
}

/** What a member of a room is, for the room rows. */
export interface Membership {
  readonly: boolean;
  role: 'participant' | 'scribe';
}

/**
 * The actor a principal is for one room. `membership` is undefined for a non-member; the host
 * is a member whether or not a membership row exists. 'stranger' is a non-member of an ended
 * room: refused everything, as if the room did not exist.
 */
export function roomActor(
  principal: { kind: PrincipalActor; avaId?: string },
  room: { hostAvaId: string; ended: boolean },
  membership: Membership | undefined,
): Actor | 'stranger' {
  if (principal.kind === 'outsider') return 'outsider';
  const isHost = principal.avaId !== undefined && principal.avaId === room.hostAvaId;
  const isMember = isHost || membership !== undefined;
  if (room.ended) return isMember ? 'ended-member' : 'stranger';
  if (isHost) return 'host';
  if (!membership) return principal.kind;
  // Read-only is read-only whatever the role: no role writes through a read-only membership.
  if (membership.readonly) return 'ro-member';
  return membership.role === 'scribe' ? 'scribe' : 'rw-member';
}

/**
 * The actor a principal is for one organisation: its admin is the one the organisation's row
 * names (a profile's `role` is the person's own word, so it grants nothing); its members are the
 * accounts whose profile belongs to it; anyone else is what they are without it.
 */
export function organizationActor(
  principal: { kind: PrincipalActor; avaId?: string | undefined; organizationId?: string | undefined },
  organization: { id: string; admin?: string | undefined } | undefined,
): Actor {
  if (principal.kind !== 'account' || !organization || principal.organizationId !== organization.id) {
    return principal.kind;
  }
  return principal.avaId !== undefined && organization.admin === principal.avaId ? 'org-admin' : 'org-member';
}

const SYMBOL: Record<Cell, string> = { yes: '✓', no: '✗', own: 'own', 'n/a': '—' };

/** The table as Markdown, as docs/security.md shows it. */
export function renderAccessTable(): string {
  const header = `| | ${ACTORS.join(' | ')} | note |`;
  const rule = `|---|${ACTORS.map(() => '---').join('|')}|---|`;
  const lines = (title: string, rows: Record<string, AccessRow>) =>
    Object.entries(rows).map(
      ([key, row]) =>
        `| ${title} \`${key}\` | ${ACTORS.map((a) => SYMBOL[row.cells[a]]).join(' | ')} | ${row.note} |`,
    );
  return [header, rule, ...lines('HTTP', HTTP_ACCESS), ...lines('socket', SOCKET_ACCESS)].join('\n');
}
