/**
 * What a principal is entitled to beyond Basic captions, decided on the server only (docs/credits.md).
 *
 * Premium recognition (conversation.md section 4, "Caption quality"): paid captions when the
 * credit time is above 0 or the plan gives it; the plan gives it for subscribers other than
 * Free, Freedom and Lite, or with the google-cloud-asr feature. The credit is the account's
 * Premium credit in user_credits (extra plus recurring, negative or missing as 0). Guests have
 * no plan and no credit. A private installation may give it to everyone
 * (HEARKEN_PREMIUM_FOR=everyone), and then nothing is counted down.
 */
import { isPaidSubscriber, isScribe, planGivesPremium as profilePlanGivesPremium } from '../../shared/user';
import { isFreeOrLite } from '../../shared/session-limits';
import { premiumCredit } from '../../shared/credits';
import type { CreditRepository } from '../credits';
import type { ServerLimits } from '../limits';
import type { Principal } from './principal';

/**
 * Why Premium recognition may serve someone: everyone has it on this server, their plan gives
 * it (nothing is counted), they have Premium credit (counted down by the second while it
 * serves), or none of these (Basic).
 */
export type PremiumGrant = 'everyone' | 'plan' | 'credit' | 'none';

/** Whether the plan itself gives Premium: a paid subscriber other than Freedom, or google-cloud-asr. */
export function planGivesPremium(principal: Principal): boolean {
  if (principal.kind !== 'account' || !principal.profile) return false;
  return profilePlanGivesPremium(principal.profile);
}

/** `premiumCreditMs`: the account's Premium credit now (extra plus recurring; 0 for guests). */
export function premiumGrant(
  principal: Principal,
  policy: ServerLimits['premiumFor'],
  premiumCreditMs: number,
): PremiumGrant {
  if (principal.kind === 'outsider') return 'none';
  if (policy === 'everyone') return 'everyone';
  if (planGivesPremium(principal)) return 'plan';
  if (principal.kind === 'account' && principal.profile && premiumCreditMs > 0) return 'credit';
  return 'none';
}

export function mayUsePremium(
  principal: Principal,
  policy: ServerLimits['premiumFor'],
  premiumCreditMs: number,
): boolean {
  return premiumGrant(principal, policy, premiumCreditMs) !== 'none';
}

/** The grant of `principal` now, reading their credit (only an account without a plan has any to read). */
export async function currentPremiumGrant(
  principal: Principal,
  policy: ServerLimits['premiumFor'],
  credits: Pick<CreditRepository, 'get'> | undefined,
): Promise<PremiumGrant> {
  const cheap = premiumGrant(principal, policy, 0);
  if (cheap !== 'none' || principal.kind !== 'account' || !principal.avaId || !credits) return cheap;
  return premiumGrant(principal, policy, premiumCredit(await credits.get(principal.avaId)));
}

/**
 * The tier a stream is served on, the server's choice whatever the client asked: Premium only
 * when granted. `asked`: the client's usePaidASR (connection-params-update); undefined (never
 * said) takes the server's choice, Premium whenever granted; false keeps Basic (someone saving
 * their credit); true is Premium when granted, else Basic (and the client is told).
 */
export function servedTier(asked: boolean | undefined, grant: PremiumGrant): 'premium' | 'basic' {
  return grant !== 'none' && asked !== false ? 'premium' : 'basic';
}

/**
 * Whether `principal` may boost words ("Vocabulary Boost requires upgrade"): a paid subscriber
 * (a plan that is not Free or Lite), or anyone with a profile where the installation gives boost
 * to everyone (HEARKEN_BOOST_FOR=everyone). Guests have no plan.
 */
export function mayBoost(principal: Principal, policy: ServerLimits['boostFor']): boolean {
  if (principal.kind === 'outsider') return false;
  if (policy === 'everyone') return true;
  return principal.kind === 'account' && isPaidSubscriber(principal.profile?.subscription);
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

/**
 * Who may make the server place phone calls (issue 29, toll fraud: every call is paid for):
 * those the spec's tiers entitle to paid captions, a plan that gives Premium or Premium credit
 * above 0, whatever the server's HEARKEN_PREMIUM_FOR; guests have neither. A private
 * installation may let every signed-in person or guest call (HEARKEN_PHONE_CALLS_FOR=everyone).
 */
export type PhoneCallsFor = 'entitled' | 'everyone';

export async function mayPhoneCall(
  principal: Principal,
  policy: PhoneCallsFor,
  credits: Pick<CreditRepository, 'get'> | undefined,
): Promise<boolean> {
  if (principal.kind === 'outsider') return false;
  if (policy === 'everyone') return true;
  const grant = await currentPremiumGrant(principal, 'entitled', credits);
  return grant === 'plan' || grant === 'credit';
}
