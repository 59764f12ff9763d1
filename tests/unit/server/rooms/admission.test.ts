import { describe, expect, it } from 'vitest';
import { admit, tokenKind } from '../../../../src/server/rooms/admission';

const room = { roToken: 'RO', rwToken: 'RW' };
const base = {
  isHost: false,
  ended: false,
  membership: undefined,
  token: undefined,
  claimedRole: 'participant',
  scribe: 'none',
} as const;

describe('admission to a room', () => {
  it('tells the room’s tokens apart, and any other token from none', () => {
    expect(tokenKind('RW', room)).toBe('rw');
    expect(tokenKind('RO', room)).toBe('ro');
    expect(tokenKind('ZZ', room)).toBe('other');
    expect(tokenKind(undefined, room)).toBeUndefined();
  });

  it('lets the host in read-write, always, while the room is ongoing', () => {
    expect(admit({ ...base, isHost: true })).toEqual({
      ok: true,
      member: { readonly: false, role: 'participant' },
    });
    expect(admit({ ...base, isHost: true, token: 'ro' })).toMatchObject({
      ok: true,
      member: { readonly: false },
    });
  });

  it('admits a newcomer only with a token of this room, read-only by the read-only one', () => {
    expect(admit(base)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(admit({ ...base, token: 'other' })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(admit({ ...base, token: 'rw' })).toEqual({
      ok: true,
      member: { readonly: false, role: 'participant' },
    });
    expect(admit({ ...base, token: 'ro' })).toEqual({
      ok: true,
      member: { readonly: true, role: 'participant' },
    });
  });

  it('keeps a read-only member read-only without a token and with the read-only one; the read-write one upgrades', () => {
    const ro = { readonly: true, role: 'participant' } as const;
    expect(admit({ ...base, membership: ro })).toMatchObject({ ok: true, member: { readonly: true } });
    expect(admit({ ...base, membership: ro, token: 'ro' })).toMatchObject({
      ok: true,
      member: { readonly: true },
    });
    expect(admit({ ...base, membership: ro, token: 'rw' })).toMatchObject({
      ok: true,
      member: { readonly: false },
    });
    const rw = { readonly: false, role: 'participant' } as const;
    expect(admit({ ...base, membership: rw, token: 'ro' })).toMatchObject({
      ok: true,
      member: { readonly: false },
    });
  });

  it('lets only members back into an ended room, to read; nobody joins it', () => {
    const member = { readonly: false, role: 'participant' } as const;
    expect(admit({ ...base, ended: true, membership: member })).toEqual({
      ok: true,
      member: { readonly: true, role: 'participant' },
    });
    expect(admit({ ...base, ended: true, token: 'rw' })).toMatchObject({ ok: false, code: 'room-ended' });
    expect(admit({ ...base, ended: true, isHost: true })).toMatchObject({ ok: true });
  });

  it('makes the room’s Scribe only whom the desk says serves it, read-write, whatever they claim', () => {
    expect(admit({ ...base, scribe: 'serving' })).toEqual({
      ok: true,
      member: { readonly: false, role: 'scribe' },
    });
    expect(admit({ ...base, scribe: 'serving', claimedRole: 'scribe', token: 'ro' })).toEqual({
      ok: true,
      member: { readonly: false, role: 'scribe' },
    });
    // Claiming the role is not being assigned: with the read-only link, without a membership.
    expect(admit({ ...base, claimedRole: 'scribe', token: 'ro' })).toEqual({
      ok: false,
      code: 'forbidden',
      message: 'You are not serving this conversation.',
    });
    const pastScribe = { readonly: false, role: 'scribe' } as const;
    expect(admit({ ...base, claimedRole: 'scribe', membership: pastScribe })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
  });

  it('ends a Scribe’s membership with their assignment: back only by a link, with its access', () => {
    const pastScribe = { readonly: false, role: 'scribe' } as const;
    expect(admit({ ...base, membership: pastScribe })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(admit({ ...base, membership: pastScribe, token: 'ro' })).toEqual({
      ok: true,
      member: { readonly: true, role: 'participant' },
    });
    // An ended room's Scribe reads it back, as everyone who was in it.
    expect(admit({ ...base, ended: true, membership: pastScribe })).toEqual({
      ok: true,
      member: { readonly: true, role: 'scribe' },
    });
  });

  it('keeps out for good someone the host sent away, under any role, with any link', () => {
    const removed = { ...base, scribe: 'removed' } as const;
    const pastScribe = { readonly: false, role: 'scribe' } as const;
    for (const facts of [
      removed,
      { ...removed, token: 'rw' },
      { ...removed, token: 'ro', claimedRole: 'scribe' },
      { ...removed, membership: pastScribe },
      { ...removed, membership: pastScribe, ended: true },
    ] as const)
      expect(admit(facts)).toEqual({
        ok: false,
        code: 'forbidden',
        message: 'You are not serving this conversation.',
      });
  });
});
