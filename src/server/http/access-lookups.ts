/**
 * What the access table (access-hook.ts) looks up beyond the principal and the room: the room a
 * phone call is in (in a cluster, a call another node placed is found there, at its room's
 * owner), an organisation and the organisation a licence belongs to, and which routes are the
 * web client's files.
 */
import type { ClusterNode, LateServices } from '../cluster';
import type { LicenceRepository } from '../licences';
import type { OrganizationRepository } from '../organizations';
import type { AccessDeps } from './access-hook';
import { isWebClientFile } from './web-client';

export function accessLookups(deps: {
  organizations: Pick<OrganizationRepository, 'find'>;
  licences: Pick<LicenceRepository, 'find'>;
  late: LateServices;
  cluster: Pick<ClusterNode, 'callRoom'> | undefined;
  webDir: string;
}): Pick<AccessDeps, 'phoneCallRoom' | 'organizations' | 'isWebClientFile' | 'scribeStanding'> {
  const { late, cluster } = deps;
  return {
    phoneCallRoom: async (sid) => late.phoneCalls?.calls?.roomOf(sid) ?? (await cluster?.callRoom(sid)),
    organizations: {
      find: (id) => deps.organizations.find(id),
      organizationOfLicence: async (id) => (await deps.licences.find(id))?.organizationId,
    },
    isWebClientFile: (url) => isWebClientFile(deps.webDir, url),
    scribeStanding: async (roomId, avaId) => (await late.scribes?.standingOf(roomId, avaId)) ?? 'none',
  };
}
