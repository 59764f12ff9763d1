/** The desk's rules on open Scribe requests as records (scribes/open-requests.ts). */
import { describe, expect, it } from 'vitest';
import type { ScribeRequestRecord } from '../../../../src/server/scribes/repository';
import {
  chatRequestOf,
  dashboardPlace,
  resumedRequest,
  servingCount,
} from '../../../../src/server/scribes/open-requests';

const record = (over: Partial<ScribeRequestRecord>): ScribeRequestRecord => ({
  id: 'r1',
  roomId: 'host1_room',
  requesterAvaId: 'host1',
  requesterName: 'Hana',
  correctionMode: 'fast',
  state: 'pending',
  createdAtMs: 1,
  scribeSeconds: 0,
  ...over,
});

describe('open Scribe requests', () => {
  it('takes a connected request up as leaving (nothing counted until the Scribe is seen), a waiting one as it is', () => {
    expect(resumedRequest(record({ state: 'connected', scribeAvaId: 's1' }), 500, 'lease-7')).toEqual({
      record: record({ state: 'connected', scribeAvaId: 's1' }),
      unsavedSeconds: 0,
      leavingSinceMs: 500,
      lease: 'lease-7',
    });
    expect(resumedRequest(record({}), 500)).toEqual({ record: record({}), unsavedSeconds: 0 });
  });

  it('shows a waiting request to every Scribe but its room’s host, and a served one to its Scribe only', () => {
    expect(dashboardPlace(record({}), 'host1', 's1')).toBe('waiting');
    expect(dashboardPlace(record({}), 's1', 's1')).toBeUndefined();
    const served = record({ state: 'connected', scribeAvaId: 's1' });
    expect(dashboardPlace(served, 'host1', 's1')).toBe('serving');
    expect(dashboardPlace(served, 'host1', 's2')).toBeUndefined();
    expect(dashboardPlace(record({ state: 'ended', scribeAvaId: 's1' }), 'host1', 's1')).toBeUndefined();
  });

  it('counts the rooms a Scribe serves now', () => {
    const records = [
      record({ id: 'a', state: 'connected', scribeAvaId: 's1' }),
      record({ id: 'b', state: 'connected', scribeAvaId: 's2' }),
      record({ id: 'c', state: 'pending' }),
      record({ id: 'd', state: 'connected', scribeAvaId: 's1' }),
    ];
    expect(servingCount(records, 's1')).toBe(2);
    expect(servingCount(records, 's3')).toBe(0);
  });

  it('finds the request a beginChat is about: waiting, or served by the writer', () => {
    const records = [
      record({ id: 'a', requesterAvaId: 'h1', state: 'connected', scribeAvaId: 's2' }),
      record({ id: 'b', requesterAvaId: 'h2', state: 'pending' }),
      record({ id: 'c', requesterAvaId: 'h1', state: 'connected', scribeAvaId: 's1' }),
    ];
    expect(chatRequestOf(records, 's1', 'h1')?.id).toBe('c');
    expect(chatRequestOf(records, 's3', 'h1')).toBeUndefined();
    expect(chatRequestOf(records, 's3', 'h2')?.id).toBe('b');
  });
});
