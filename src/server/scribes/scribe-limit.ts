/**
 * The organisation's Scribe limit (shared/workspace.ts): minutes of Scribe time each member may
 * use per calendar month, set by its admin. Someone in no organisation, or in one with no limit
 * set, is not limited here (their credit still is: scribes/credit.ts).
 */
import { monthStartUtc, withinScribeLimit } from '../../shared/workspace';
import type { UserProfile } from '../../shared/user';
import type { WorkspaceRepository } from '../workspace';

export interface ScribeLimitDeps {
  users: { find(avaId: string): Promise<UserProfile | undefined> };
  workspace: Pick<WorkspaceRepository, 'settings' | 'scribeUsedMs'>;
  now(): number;
}

/** Whether `avaId` has Scribe time left this month under their organisation's limit. */
export function organizationScribeLimit(deps: ScribeLimitDeps): (avaId: string) => Promise<boolean> {
  return async (avaId) => {
    const organizationId = (await deps.users.find(avaId))?.organizationId;
    if (!organizationId) return true;
    const limit = (await deps.workspace.settings(organizationId))?.scribeLimitMinutes ?? null;
    if (limit === null) return true;
    const now = deps.now();
    return withinScribeLimit(limit, await deps.workspace.scribeUsedMs(avaId, monthStartUtc(now)));
  };
}
