/**
 * The vocabulary of the authorisation table (access.ts): its actors, its cells, and the helpers
 * its rows are written with.
 */

export const ACTORS = [
  'outsider',
  'guest',
  'account',
  'host',
  'rw-member',
  'ro-member',
  'scribe',
  'ended-member',
  'org-admin',
  'org-member',
] as const;
export type Actor = (typeof ACTORS)[number];

/** The actors that are a principal alone, before any room is involved. */
export const PRINCIPAL_ACTORS = ['outsider', 'guest', 'account'] as const satisfies readonly Actor[];
export type PrincipalActor = (typeof PRINCIPAL_ACTORS)[number];

/** yes; no; own: only on the caller's own record; n/a: this actor cannot arise for this row. */
export type Cell = 'yes' | 'no' | 'own' | 'n/a';

export interface AccessRow {
  /** 'room': the row concerns one room, and the member actors apply; 'organization': one organisation. */
  scope: 'none' | 'room' | 'organization';
  cells: Readonly<Record<Actor, Cell>>;
  /** What the reader of docs/security.md should know beyond the cells. */
  note: string;
}

const MEMBER_ACTORS = ['host', 'rw-member', 'ro-member', 'scribe', 'ended-member'] as const;
const ORGANIZATION_ACTORS = ['org-admin', 'org-member'] as const satisfies readonly Actor[];

/** A row about no room: who of outsider, guest and account may call it. */
export function principals(cells: Partial<Record<PrincipalActor, Cell>>, note: string): AccessRow {
  const all = Object.fromEntries(ACTORS.map((a) => [a, 'n/a'])) as Record<Actor, Cell>;
  for (const a of PRINCIPAL_ACTORS) all[a] = cells[a] ?? 'no';
  return { scope: 'none', cells: all, note };
}

/**
 * A row about no room that only Scribes may call: accounts with the scribe flag (the scribe
 * column); other accounts, guests and outsiders may not.
 */
export function scribesOnly(note: string): AccessRow {
  const row = principals({}, note);
  return { ...row, cells: { ...row.cells, scribe: 'yes' } };
}

/** A row about one room: the actors listed may, everyone else may not. */
export function room(allowed: readonly Actor[], note: string): AccessRow {
  const cells = Object.fromEntries(ACTORS.map((a) => [a, allowed.includes(a) ? 'yes' : 'no'])) as Record<
    Actor,
    Cell
  >;
  for (const a of ORGANIZATION_ACTORS) cells[a] = 'n/a';
  return { scope: 'room', cells, note };
}

/** A row about one organisation: outsider, guest, account (not in it), its members and its admin. */
export function organization(allowed: readonly Actor[], note: string): AccessRow {
  const cells = Object.fromEntries(
    ACTORS.map((a) => [
      a,
      (MEMBER_ACTORS as readonly Actor[]).includes(a) ? 'n/a' : allowed.includes(a) ? 'yes' : 'no',
    ]),
  ) as Record<Actor, Cell>;
  return { scope: 'organization', cells, note };
}

/** A room row where some actors may act only on their own record (`own`). */
export function roomOwn(allowed: readonly Actor[], own: readonly Actor[], note: string): AccessRow {
  const row = room(allowed, note);
  const cells = { ...row.cells };
  for (const a of own) cells[a] = 'own';
  return { ...row, cells };
}

export const EVERYONE_IN_ROOM = [...MEMBER_ACTORS] as const;
/** A row about no room that anyone may call: outsiders (no credential), guests and accounts. */
export const ANYONE = { outsider: 'yes', guest: 'yes', account: 'yes' } as const satisfies Record<
  PrincipalActor,
  Cell
>;
export const SPEAKERS = ['host', 'rw-member'] as const;
