/**
 * What a principal is entitled to beyond Basic captions. One function per entitlement, so the
 * licence work (organisations, credits) fills them in without touching the rooms or the socket.
 *
 * Premium recognition (conversation.md section 4, "Caption quality"): paid captions when the
 * credit time is above 0 or the plan gives it; the plan gives it for subscribers other than
 * Free, Freedom and Lite, or with the google-cloud-asr feature. Guests have no plan. Until
 * licences exist the server can also give it to everyone (HEARKEN_PREMIUM_FOR=everyone), for a
 * private installation.
 */
import { isPaidSubscriber, isScribe } from '../../shared/user';
import { isFreeOrLite } from '../../shared/session-limits';
import type { ServerLimits } from '../limits';
import type { Principal } from './principal';

export function mayUsePremium(principal: Principal, policy: ServerLimits['premiumFor']): boolean {
  if (policy === 'everyone') return principal.kind !== 'outsider';
  if (principal.kind !== 'account' || !principal.profile) return false;
  const { profile } = principal;
  const plan = profile.subscription.ongoingSubscription;
  return (
    profile.paidASRCreditTime > 0 ||
    (isPaidSubscriber(profile.subscription) && plan !== 'Freedom') ||
    profile.features['google-cloud-asr'] === true
  );
}

/** A Scribe is an account with the scribe feature (organisations give it; issue 12 builds the rest). */
export function mayBeScribe(principal: Principal): boolean {
  return principal.kind === 'account' && principal.profile !== undefined && isScribe(principal.profile);
}

/**
 * Auto stop (conversation.md) applies to free and Lite users, guests included; a private
 * installation that gives Premium to everyone (HEARKEN_PREMIUM_FOR=everyone) has no free users.
 */
export function autoStopsFor(principal: Principal, policy: ServerLimits['premiumFor']): boolean {
  if (policy === 'everyone') return false;
  if (principal.kind === 'account') return isFreeOrLite(principal.profile?.subscription);
  return true;
}
