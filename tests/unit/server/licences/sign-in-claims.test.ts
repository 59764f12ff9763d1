/**
 * What a sign-in claims: only with a verified email; a pending licence is theirs, and its
 * organisation invites them (nobody joins at sign-in: issue 29 F-09); otherwise the plan of a
 * licence holder is refreshed. The profile is read again only when something changed.
 */
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../../src/shared/user';
import type { StoredLicence } from '../../../../src/server/licences/repository';
import { signInClaims } from '../../../../src/server/licences/sign-in-claims';

const NOW = 1_700_000_000_000;

function setUp(opts: { pendingOf?: string; heldBefore?: boolean }) {
  const calls: string[] = [];
  const reread: UserProfile = { avaId: 'ava1', userName: 'reread' } as UserProfile;
  const claims = signInClaims({
    users: {
      find: async (avaId) => {
        calls.push(`find ${avaId}`);
        return reread;
      },
    },
    workspace: {
      invite: async (organizationId, email, role, invitedBy, nowMs) => {
        calls.push(`invite ${organizationId} ${email} ${role} '${invitedBy}' ${nowMs}`);
        return true;
      },
    },
    licences: {
      claimPending: async (avaId, email, nowMs) => {
        calls.push(`pending ${avaId} ${email} ${nowMs}`);
        return opts.pendingOf ? [{ organizationId: opts.pendingOf } as StoredLicence] : [];
      },
      refreshPlanIfLicensed: async (avaId, nowMs) => {
        calls.push(`refresh ${avaId} ${nowMs}`);
        return opts.heldBefore ?? false;
      },
    },
    now: () => NOW,
  });
  return { claims, calls, reread };
}

const profile = (organizationId?: string) =>
  ({ avaId: 'ava1', userName: 'Ada', ...(organizationId ? { organizationId } : {}) }) as UserProfile;
const verified = { email: 'Ada@Example.org', emailVerified: true };

describe('signInClaims', () => {
  it('claims nothing by an unverified email, and only refreshes the plan', async () => {
    const { claims, calls } = setUp({ pendingOf: 'org1' });
    expect(await claims(profile(), { email: 'ada@example.org', emailVerified: false })).toBeUndefined();
    expect(await claims(profile(), { emailVerified: true })).toBeUndefined();
    expect(calls).toEqual([`refresh ava1 ${NOW}`, `refresh ava1 ${NOW}`]);
  });

  it('joins nobody to an organisation: a sign-in with nothing pending only refreshes the plan', async () => {
    const { claims, calls } = setUp({});
    expect(await claims(profile(), verified)).toBeUndefined();
    expect(calls).toEqual([`pending ava1 ada@example.org ${NOW}`, `refresh ava1 ${NOW}`]);
  });

  it('claims a pending licence, and its organisation invites them instead of enrolling them', async () => {
    const { claims, calls, reread } = setUp({ pendingOf: 'org1' });
    expect(await claims(profile(), verified)).toBe(reread);
    expect(calls).toEqual([
      `pending ava1 ada@example.org ${NOW}`,
      `invite org1 ada@example.org member '' ${NOW}`,
      'find ava1',
    ]);
  });

  it('invites nobody already in the licence’s organisation', async () => {
    const { claims, calls } = setUp({ pendingOf: 'org1' });
    await claims(profile('org1'), verified);
    expect(calls.some((c) => c.startsWith('invite'))).toBe(false);
  });

  it('reads a licence holder again after their plan is refreshed (a trial that ran out)', async () => {
    const { claims, calls, reread } = setUp({ heldBefore: true });
    expect(await claims(profile('org1'), verified)).toBe(reread);
    expect(calls.at(-2)).toBe(`refresh ava1 ${NOW}`);
    expect(calls.at(-1)).toBe('find ava1');
  });
});
