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
