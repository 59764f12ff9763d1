/**
 * Getting Scribe time (issue 30, item 4): an organisation's admin grants minutes of it to a
 * member from the workspace's Scribe settings, and the Scribe request button says before it is
 * pressed whether the person may ask, and if not what they need. The server answers the second
 * with the same rules that refuse a request (scribes/desk.ts requestRefusal).
 */
import { checkedByHandler } from '../handler-checked';
import { type Infer, boolean, number, object, oneOf, optional, string } from '../schema';
import type { ScribeRefusal } from './model';

/** The most one grant gives: ten hours. More is several grants, each one a decision. */
export const SCRIBE_GRANT_MAX_MINUTES = 600;

export const SCRIBE_GRANT_MESSAGE = `Grant a whole number of minutes from 1 to ${SCRIBE_GRANT_MAX_MINUTES}.`;

/** The minutes as typed in the grant's field: whole, 1 to SCRIBE_GRANT_MAX_MINUTES. */
export function parseScribeGrant(value: unknown): { ok: true; minutes: number } | { ok: false } {
  const minutes = typeof value === 'string' && /^\s*\d{1,6}\s*$/u.test(value) ? Number(value) : value;
  return typeof minutes === 'number' &&
    Number.isInteger(minutes) &&
    minutes >= 1 &&
    minutes <= SCRIBE_GRANT_MAX_MINUTES
    ? { ok: true, minutes }
    : { ok: false };
}

/**
 * POST a member's Scribe time: minutes to add to their Scribe credit. The range is the
 * handler's (parseScribeGrant, answered 'invalid-scribe-grant' with SCRIBE_GRANT_MESSAGE).
 */
export const grantScribeTimeBodySchema = object({
  minutes: checkedByHandler(number({ integer: true, min: 1, max: SCRIBE_GRANT_MAX_MINUTES })),
});

/** The grant's answer: the member's Scribe time left now, in milliseconds. */
export const scribeTimeGrantedSchema = object({ member: string(), scribeTimeMs: number({ min: 0 }) });
export type ScribeTimeGranted = Infer<typeof scribeTimeGrantedSchema>;

/** The refusals a person can be told before asking (the others are about a request made). */
export const SCRIBE_ELIGIBILITY_REFUSALS = [
  'organizations-only',
  'no-scribe-credit',
  'scribe-limit-reached',
] as const satisfies readonly ScribeRefusal[];
export type ScribeEligibilityRefusal = (typeof SCRIBE_ELIGIBILITY_REFUSALS)[number];

/** GET Scribe eligibility: whether the caller may ask for a Scribe now, and if not why. */
export const scribeEligibilitySchema = object({
  canRequest: boolean(),
  refusal: optional(oneOf(SCRIBE_ELIGIBILITY_REFUSALS)),
});
export type ScribeEligibility = Infer<typeof scribeEligibilitySchema>;

/** A desk refusal as the eligibility says it (one not about asking reads as allowed). */
export function eligibilityOf(refusal: ScribeRefusal | undefined): ScribeEligibility {
  return refusal && (SCRIBE_ELIGIBILITY_REFUSALS as readonly string[]).includes(refusal)
    ? { canRequest: false, refusal: refusal as ScribeEligibilityRefusal }
    : { canRequest: true };
}

/**
 * Scribe time bought like licences, through Checkout (the local stand-in without Stripe keys):
 * whole hours, paid once, added to the buyer's own Scribe time by the webhook when paid.
 */
export const SCRIBE_TIME_OFFER = {
  id: 'scribe-hour',
  /** Per hour, in the currency's smallest unit. */
  amount: 6_000,
  currency: 'eur',
  productName: 'Hearken Scribe time (1 hour)',
} as const;
/** The most hours one purchase buys. */
export const SCRIBE_TIME_HOURS_MAX = 20;
export const SCRIBE_HOUR_MS = 3_600_000;

/** POST buy Scribe time: how many hours, and the page language for Checkout. */
export const buyScribeTimeBodySchema = object({
  hours: number({ integer: true, min: 1, max: SCRIBE_TIME_HOURS_MAX }),
  language: optional(string({ max: 16 })),
});
export type BuyScribeTimeBody = Infer<typeof buyScribeTimeBodySchema>;

/** What a paid Checkout's metadata must say for it to be Scribe time (webhook-events.ts). */
export const SCRIBE_TIME_PURCHASE_KIND = 'scribe-time';

/** The hours of a paid Scribe-time Checkout's metadata, or undefined when it is not one. */
export function scribeTimePurchaseOf(
  metadata: Readonly<Record<string, string>>,
): { avaId: string; hours: number } | undefined {
  const hours = Number(metadata.hours);
  if (metadata.kind !== SCRIBE_TIME_PURCHASE_KIND || !metadata.avaId) return undefined;
  if (!Number.isInteger(hours) || hours < 1 || hours > SCRIBE_TIME_HOURS_MAX) return undefined;
  return { avaId: metadata.avaId, hours };
}
