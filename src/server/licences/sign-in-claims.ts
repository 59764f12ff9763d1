/**
 * What a sign-in attaches to an account (accounts/routes.ts onSignedIn): licences sent to this
 * verified email (magic links, licences assigned before they had an account) become theirs, so
 * their plan is Pro from then on; and a licence that ran out since (a trial's 15 days) is no
 * longer their plan. Nobody joins an organisation at sign-in (issue 29 F-09): an admin's
 * invitation, or the organisation of a licence they were sent, waits for them to accept it
 * (organizations/membership.ts), and until then their usage is not that organisation's. Only a
 * verified email claims anything: anyone can type an address.
 */
import type { AccountIdentity } from '../../shared/auth';
import type { UserProfile } from '../../shared/user';
import type { WorkspaceRepository } from '../workspace';
import type { LicenceRepository } from './repository';

export interface SignInClaimsDeps {
  users: { find(avaId: string): Promise<UserProfile | undefined> };
  workspace: Pick<WorkspaceRepository, 'invite'>;
  licences: Pick<LicenceRepository, 'claimPending' | 'refreshPlanIfLicensed'>;
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
    const claimed = verifiedEmail
      ? await deps.licences.claimPending(profile.avaId, verifiedEmail, deps.now())
      : [];
    if (claimed.length > 0) {
      // claimPending refreshed the plan already. The licence's organisation invites them: they
      // see it among their invitations (an invitation already there stays as it was).
      const organizationId = claimed[0]!.organizationId;
      if (verifiedEmail && profile.organizationId !== organizationId) {
        await deps.workspace.invite(organizationId, verifiedEmail, 'member', '', deps.now());
      }
      return deps.users.find(profile.avaId);
    }
    const refreshed = await deps.licences.refreshPlanIfLicensed(profile.avaId, deps.now());
    return refreshed ? deps.users.find(profile.avaId) : undefined;
  };
}
