/**
 * What a sign-in attaches to an account (accounts/routes.ts onSignedIn): an admin's invitation
 * to this verified email joins them to that organisation (shared/workspace.ts); licences sent to
 * it (magic links, licences assigned before they had an account) become theirs, and they join
 * the licence's organisation, so their plan is Pro from then on; and a licence that ran out since
 * (a trial's 15 days) is no longer their plan. Only a verified email claims anything: anyone can
 * type an address.
 */
import type { AccountIdentity } from '../../shared/auth';
import type { UserProfile } from '../../shared/user';
import type { OrganizationRepository } from '../organizations';
import type { WorkspaceRepository } from '../workspace';
import type { LicenceRepository } from './repository';

export interface SignInClaimsDeps {
  users: { find(avaId: string): Promise<UserProfile | undefined> };
  workspace: Pick<WorkspaceRepository, 'claimInvitation'>;
  licences: Pick<LicenceRepository, 'claimPending' | 'refreshPlanIfLicensed'>;
  organizations: Pick<OrganizationRepository, 'find' | 'addMember'>;
  now(): number;
}

/** Answers the profile read again when a claim changed it, undefined when nothing changed. */
export type SignInClaims = (
  profile: UserProfile,
  identity: Pick<AccountIdentity, 'email' | 'emailVerified'>,
) => Promise<UserProfile | undefined>;

export function signInClaims(deps: SignInClaimsDeps): SignInClaims {
  return async (profile, identity) => {
    const verifiedEmail = identity.email && identity.emailVerified ? identity.email.toLowerCase() : undefined;
    // Someone already in an organisation stays there: invitations wait for them to see.
    const invited =
      verifiedEmail && !profile.organizationId
        ? await deps.workspace.claimInvitation(profile.avaId, verifiedEmail, deps.now())
        : undefined;
    const claimed = verifiedEmail
      ? await deps.licences.claimPending(profile.avaId, verifiedEmail, deps.now())
      : [];
    if (claimed.length > 0) {
      // claimPending refreshed the plan already.
      const org = await deps.organizations.find(claimed[0]!.organizationId);
      if (org) await deps.organizations.addMember(org, profile.avaId, deps.now());
      return deps.users.find(profile.avaId);
    }
    const refreshed = await deps.licences.refreshPlanIfLicensed(profile.avaId, deps.now());
    return refreshed || invited ? deps.users.find(profile.avaId) : undefined;
  };
}
