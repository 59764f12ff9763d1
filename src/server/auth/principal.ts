/**
 * Who is calling: an outsider, a guest (its server-signed credential), or an account (its
 * Firebase ID token), resolved the same way for HTTP calls and socket connections. This is the
 * only place a credential or token is checked; an avaId alone never makes a principal.
 */
import { parseAuthorization } from '../../shared/auth';
import type { UserProfile } from '../../shared/user';
import type { UserRepository } from '../accounts';
import type { GuestCredentials } from './guest-credentials';
import type { AuthFailureReason, IdentityVerifier, VerifiedIdentity } from './verifier';

/** Why a presented proof was not accepted (none presented: no refusal). */
export type Refusal = AuthFailureReason | 'invalid-credential' | 'accounts-unavailable';

export type Principal =
  | { kind: 'outsider'; avaId?: undefined; refusal?: Refusal }
  | { kind: 'guest'; avaId: string }
  /** `avaId`/`profile` are absent until the account has a profile (PATCH users/me creates it). */
  | { kind: 'account'; avaId?: string; identity: VerifiedIdentity; profile?: UserProfile };

export const OUTSIDER: Principal = { kind: 'outsider' };

export class PrincipalResolver {
  constructor(
    private readonly guests: GuestCredentials,
    private readonly verifier: IdentityVerifier | undefined,
    private readonly users: Pick<UserRepository, 'findByUid'>,
  ) {}

  get accountsEnabled(): boolean {
    return this.verifier !== undefined;
  }

  /** From an HTTP Authorization header. */
  async fromAuthorization(header: string | undefined): Promise<Principal> {
    const parsed = parseAuthorization(header);
    // A header of no kind we know carries no token at all (the spec's "No token provided").
    if (!parsed) return OUTSIDER;
    return parsed.kind === 'guest' ? this.guest(parsed.credential) : this.account(parsed.token);
  }

  /**
   * From connection-params: `speakerId` must be the avaId the proof is for, or the connection
   * is an outsider's (a guest claiming another guest's id, say).
   */
  async fromConnectionParams(params: {
    speakerId: string;
    guestCredential?: string | undefined;
    identityToken?: string | undefined;
  }): Promise<Principal> {
    let principal: Principal = OUTSIDER;
    if (params.identityToken) principal = await this.account(params.identityToken);
    else if (params.guestCredential) principal = this.guest(params.guestCredential);
    if (principal.kind !== 'outsider' && principal.avaId !== params.speakerId) {
      return { kind: 'outsider', refusal: 'claims-mismatch' };
    }
    return principal;
  }

  private guest(credential: string): Principal {
    const avaId = this.guests.verify(credential);
    return avaId ? { kind: 'guest', avaId } : { kind: 'outsider', refusal: 'invalid-credential' };
  }

  private async account(token: string): Promise<Principal> {
    if (!this.verifier) return { kind: 'outsider', refusal: 'accounts-unavailable' };
    const verified = await this.verifier.verify(token);
    if (!verified.ok) return { kind: 'outsider', refusal: verified.reason };
    const profile = await this.users.findByUid(verified.identity.uid);
    return profile
      ? { kind: 'account', avaId: profile.avaId, identity: verified.identity, profile }
      : { kind: 'account', identity: verified.identity };
  }
}
