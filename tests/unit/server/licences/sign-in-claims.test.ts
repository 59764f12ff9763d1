/**
 * What a sign-in claims: only with a verified email; an invitation joins someone in no
 * organisation; a pending licence is theirs and joins them to its organisation; otherwise the
 * plan of a licence holder is refreshed. The profile is read again only when something changed.
 */
import { describe, expect, it } from 'vitest';
import type { Organization } from '../../../../src/shared/organizations';
import type { UserProfile } from '../../../../src/shared/user';
import type { StoredLicence } from '../../../../src/server/licences/repository';
import { signInClaims } from '../../../../src/server/licences/sign-in-claims';

const NOW = 1_700_000_000_000;

function setUp(opts: {
  invitationTo?: string;
  pendingOf?: string;
  heldBefore?: boolean;
  organizationExists?: boolean;
}) {
  const calls: string[] = [];
  const reread: UserProfile = { avaId: 'ava1', userName: 'reread' } as UserProfile;
  const org = { id: 'org1', name: 'Org' } as Organization;
  const claims = signInClaims({
    users: {
      find: async (avaId) => {
        calls.push(`find ${avaId}`);
        return reread;
      },
    },
    workspace: {
      claimInvitation: async (avaId, email, nowMs) => {
        calls.push(`invitation ${avaId} ${email} ${nowMs}`);
        return opts.invitationTo;
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
    organizations: {
      find: async (id) => {
        calls.push(`organization ${id}`);
        return opts.organizationExists === false ? undefined : org;
      },
      addMember: async (o, avaId, nowMs) => {
        calls.push(`join ${o.id} ${avaId} ${nowMs}`);
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
    const { claims, calls } = setUp({ invitationTo: 'org1', pendingOf: 'org1' });
    expect(await claims(profile(), { email: 'ada@example.org', emailVerified: false })).toBeUndefined();
    expect(await claims(profile(), { emailVerified: true })).toBeUndefined();
    expect(calls).toEqual([`refresh ava1 ${NOW}`, `refresh ava1 ${NOW}`]);
  });

  it('joins an invited person to the organisation by their lower-cased email, and reads them again', async () => {
    const { claims, calls, reread } = setUp({ invitationTo: 'org1' });
    expect(await claims(profile(), verified)).toBe(reread);
    expect(calls).toEqual([
      `invitation ava1 ada@example.org ${NOW}`,
      `pending ava1 ada@example.org ${NOW}`,
      `refresh ava1 ${NOW}`,
      'find ava1',
    ]);
  });

  it('leaves invitations alone for someone already in an organisation', async () => {
    const { claims, calls } = setUp({ invitationTo: 'org2' });
    expect(await claims(profile('org1'), verified)).toBeUndefined();
    expect(calls).toEqual([`pending ava1 ada@example.org ${NOW}`, `refresh ava1 ${NOW}`]);
  });

  it('claims a pending licence and joins its organisation, without a second plan refresh', async () => {
    const { claims, calls, reread } = setUp({ pendingOf: 'org1' });
    expect(await claims(profile(), verified)).toBe(reread);
    expect(calls).toEqual([
      `invitation ava1 ada@example.org ${NOW}`,
      `pending ava1 ada@example.org ${NOW}`,
      'organization org1',
      `join org1 ava1 ${NOW}`,
      'find ava1',
    ]);
  });

  it('still answers the claimed licence when its organisation is gone', async () => {
    const { claims, calls, reread } = setUp({ pendingOf: 'org9', organizationExists: false });
    expect(await claims(profile(), verified)).toBe(reread);
    expect(calls).not.toContain(expect.stringMatching(/^join/));
  });

  it('reads a licence holder again after their plan is refreshed (a trial that ran out)', async () => {
    const { claims, calls, reread } = setUp({ heldBefore: true });
    expect(await claims(profile('org1'), verified)).toBe(reread);
    expect(calls.at(-2)).toBe(`refresh ava1 ${NOW}`);
    expect(calls.at(-1)).toBe('find ava1');
  });
});
