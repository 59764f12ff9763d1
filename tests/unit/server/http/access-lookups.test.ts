/**
 * The access table's look-ups: a phone call's room here first, then (cluster mode) at its
 * room's owner, none before calls started; a licence's organisation; the web client's files.
 */
import { describe, expect, it } from 'vitest';
import type { Organization } from '../../../../src/shared/organizations';
import type { LateServices } from '../../../../src/server/cluster/late-services';
import type { StoredLicence } from '../../../../src/server/licences/repository';
import type { PhoneCalls } from '../../../../src/server/phone-calls/room-calls';
import { accessLookups } from '../../../../src/server/http/access-lookups';

function lookups(late: LateServices, clusterRooms?: Record<string, string>) {
  return accessLookups({
    organizations: {
      find: async (id) => (id === 'org1' ? ({ id, name: 'Org' } as Organization) : undefined),
    },
    licences: {
      find: async (id) => (id === 'lic1' ? ({ organizationId: 'org1' } as StoredLicence) : undefined),
    },
    late,
    cluster: clusterRooms ? { callRoom: async (sid) => clusterRooms[sid] } : undefined,
    webDir: '/nonexistent-web-dir',
  });
}

const callsHere = (rooms: Record<string, string>) =>
  ({
    phoneCalls: { calls: { roomOf: (sid: string) => rooms[sid] } as unknown as PhoneCalls },
  }) as LateServices;

describe('accessLookups', () => {
  it("finds a phone call's room on this node first, then at its room's owner", async () => {
    const both = lookups(callsHere({ CA1: 'room1' }), { CA1: 'elsewhere', CA2: 'room2' });
    expect(await both.phoneCallRoom?.('CA1')).toBe('room1');
    expect(await both.phoneCallRoom?.('CA2')).toBe('room2');
    expect(await both.phoneCallRoom?.('CA3')).toBeUndefined();
  });

  it('finds no call before phone calls started, nor in one process without it', async () => {
    expect(await lookups({}).phoneCallRoom?.('CA1')).toBeUndefined();
    expect(await lookups({}, { CA1: 'room1' }).phoneCallRoom?.('CA1')).toBe('room1');
  });

  it("finds an organisation and a licence's organisation", async () => {
    const { organizations } = lookups({});
    expect(await organizations?.find('org1')).toMatchObject({ id: 'org1' });
    expect(await organizations?.organizationOfLicence('lic1')).toBe('org1');
    expect(await organizations?.organizationOfLicence('lic9')).toBeUndefined();
  });

  it("asks the web folder for the web client's files", () => {
    expect(lookups({}).isWebClientFile('/favicon.ico')).toBe(false);
  });
});
