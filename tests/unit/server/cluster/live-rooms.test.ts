/**
 * A host's live rooms across the cluster: the leases' count while the database answers; this
 * node's own count when it does not, said once per outage.
 */
import { describe, expect, it } from 'vitest';
import { liveRoomsAcrossCluster } from '../../../../src/server/cluster/live-rooms';

function setUp() {
  const state = { failing: false };
  const warnings: { message: string; extra?: object }[] = [];
  const count = liveRoomsAcrossCluster({
    countInCluster: async (avaId) => {
      if (state.failing) throw new Error('connection refused');
      return avaId === 'host1' ? 3 : 0;
    },
    countHere: (avaId) => (avaId === 'host1' ? 1 : 0),
    log: (_level, message, extra) => warnings.push({ message, ...(extra ? { extra } : {}) }),
  });
  return { state, warnings, count };
}

describe('liveRoomsAcrossCluster', () => {
  it("answers the cluster's count while the leases can be read", async () => {
    const { count, warnings } = setUp();
    expect(await count('host1')).toBe(3);
    expect(await count('host2')).toBe(0);
    expect(warnings).toEqual([]);
  });

  it("falls back to this node's count when they cannot, warning once per outage", async () => {
    const { count, warnings, state } = setUp();
    state.failing = true;
    expect(await count('host1')).toBe(1);
    expect(await count('host1')).toBe(1);
    expect(warnings).toEqual([
      {
        message: 'could not count live conversations across the cluster; this node counts its own',
        extra: { error: 'connection refused' },
      },
    ]);
    state.failing = false;
    expect(await count('host1')).toBe(3);
    state.failing = true;
    expect(await count('host1')).toBe(1);
    expect(warnings).toHaveLength(2);
  });
});
