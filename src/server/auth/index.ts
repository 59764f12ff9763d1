/**
 * What the auth feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { HTTP_ACCESS, SOCKET_ACCESS, allows, organizationActor, roomActor, socketActionsOf } from './access';
export type { AccessRow, Actor, HttpRouteKey, SocketAction } from './access';
export {
  autoStopsFor,
  currentPremiumGrant,
  mayBeScribe,
  mayBoost,
  mayPhoneCall,
  servedTier,
} from './entitlements';
export type { PhoneCallsFor, PremiumGrant } from './entitlements';
export { firebaseClientConfig, logIdentityProvider } from './firebase-client-config';
export { GuestCredentials } from './guest-credentials';
export { OUTSIDER, PrincipalResolver } from './principal';
export type { Principal, Refusal } from './principal';
export { grantScribesByEmail, parseScribeEmails } from './scribe-grants';
export { IdentityVerifier } from './verifier';
export type { VerifiedIdentity } from './verifier';
