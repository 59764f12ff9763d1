/**
 * The organisation's monthly Scribe limit: nobody outside an organisation, or in one without a
 * limit, is limited; a member is within it while their Scribe time since the first of this
 * calendar month (UTC) is under the limit.
 */
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../../src/shared/user';
import { organizationScribeLimit } from '../../../../src/server/scribes/scribe-limit';

const NOW = Date.UTC(2025, 2, 17, 12, 30);
const MARCH_1 = Date.UTC(2025, 2, 1);

function setUp(opts: { organizationId?: string; limitMinutes?: number | null; usedMs?: number }) {
  const asked: { organizationId?: string; since?: [string, number] } = {};
  const within = organizationScribeLimit({
    users: {
      find: async (avaId) =>
        ({ avaId, ...(opts.organizationId ? { organizationId: opts.organizationId } : {}) }) as UserProfile,
    },
    workspace: {
      settings: async (organizationId) => {
        asked.organizationId = organizationId;
        return opts.limitMinutes === undefined
          ? undefined
          : { vocabulary: [], scribeLimitMinutes: opts.limitMinutes };
      },
      scribeUsedMs: async (avaId, sinceMs) => {
        asked.since = [avaId, sinceMs];
        return opts.usedMs ?? 0;
      },
    },
    now: () => NOW,
  });
  return { within, asked };
}

describe('organizationScribeLimit', () => {
  it('does not limit someone in no organisation', async () => {
    const { within, asked } = setUp({ usedMs: 10 ** 9 });
    expect(await within('ada')).toBe(true);
    expect(asked).toEqual({});
  });

  it('does not limit an organisation with no limit set (or no settings row)', async () => {
    expect(await setUp({ organizationId: 'org1', limitMinutes: null, usedMs: 10 ** 9 }).within('ada')).toBe(
      true,
    );
    expect(await setUp({ organizationId: 'org1', usedMs: 10 ** 9 }).within('ada')).toBe(true);
  });

  it("counts the member's Scribe time since the first of this month against the limit", async () => {
    const under = setUp({ organizationId: 'org1', limitMinutes: 30, usedMs: 30 * 60_000 - 1 });
    expect(await under.within('ada')).toBe(true);
    expect(under.asked).toEqual({ organizationId: 'org1', since: ['ada', MARCH_1] });
    expect(await setUp({ organizationId: 'org1', limitMinutes: 30, usedMs: 30 * 60_000 }).within('ada')).toBe(
      false,
    );
  });

  it('refuses everyone in an organisation whose limit is 0', async () => {
    expect(await setUp({ organizationId: 'org1', limitMinutes: 0 }).within('ada')).toBe(false);
  });
});
