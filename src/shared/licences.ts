/**
 * Licences (accounts.md sections 3, 4, 5, 8, 9): the entity with the spec's fields, its states
 * (trial, paid, Deactivated once expired), the free trial's length, the assign-email rule and
 * the licence email errors word for word. Pure: the server's licence routes and the account
 * dashboard both read it. The HTTP bodies and answers are schemas here: the server's routes
 * check with them and the client's types come from them.
 */
import { UI_LANGUAGES } from './constants';
import { array, boolean, type Infer, literal, number, object, oneOf, optional, string } from './schema';
import { mailDeliverySchema } from './mail';

/** Free trial 15 days (section 9). */
export const FREE_TRIAL_DAYS = 15;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const LICENCE_INTERVALS = ['month', 'year'] as const;
export type LicenceInterval = (typeof LICENCE_INTERVALS)[number];

/** The plan a licence gives: Pro (unlimited Premium, section 6). */
export const LICENCE_PLAN = 'Pro';

/** How many licences one purchase may buy (a Checkout line item's quantity). */
export const LICENCE_COUNT_MIN = 1;
export const LICENCE_COUNT_MAX = 500;

/**
 * Prices per licence, in cents of euros: Premium "from 119 euros per month" (section 9); a year
 * is ten months' price. The amounts are Hearken's offers; Stripe holds the prices in production.
 */
export const OFFERS = {
  'pro-month': { interval: 'month', amount: 11_900, currency: 'eur', metadata: { category: 'pro' } },
  'pro-year': { interval: 'year', amount: 119_000, currency: 'eur', metadata: { category: 'pro' } },
} as const satisfies Record<
  string,
  { interval: LicenceInterval; amount: number; currency: string; metadata: { category: string } }
>;
export type OfferId = keyof typeof OFFERS;
export const OFFER_IDS = Object.keys(OFFERS) as OfferId[];

export function offerFor(interval: LicenceInterval): OfferId {
  return interval === 'month' ? 'pro-month' : 'pro-year';
}

/**
 * Licence (section 3). Dates are epoch milliseconds. `type` magicLink: sent to a recipient who
 * claims it by signing in; standard: assigned by the admin. `count`: how many licences the
 * purchase it belongs to holds. `recipient`: the email it was sent or assigned to;
 * `assignedEmail`: the account holding it (its email), once claimed. `hasUpdated`: changed since
 * the admin last saw it (assigned, renewed, cancelled). `subscriptionSeats` (paid licences): how
 * many licences of its purchase are still in its subscription, those cancelled one by one left
 * out; the subscription renews that many.
 */
export const licenceSchema = object({
  id: string(),
  offerId: oneOf([...OFFER_IDS, 'trial'] as const),
  type: oneOf(['magicLink', 'standard'] as const),
  plan: literal(LICENCE_PLAN),
  interval: oneOf(LICENCE_INTERVALS),
  count: number({ integer: true }),
  endDateMs: number(),
  autoRenewal: boolean(),
  trial: boolean(),
  recipient: optional(string()),
  language: optional(string()),
  assignedEmail: optional(string()),
  organizationName: optional(string()),
  hasUpdated: boolean(),
  subscriptionSeats: optional(number({ integer: true, min: 0 })),
});
export type Licence = Infer<typeof licenceSchema>;

export type LicenceState = 'trial' | 'active' | 'deactivated';

/** Trial, then paid; expired is labelled Deactivated (section 4). */
export function licenceState(licence: Pick<Licence, 'trial' | 'endDateMs'>, nowMs: number): LicenceState {
  if (licence.endDateMs <= nowMs) return 'deactivated';
  return licence.trial ? 'trial' : 'active';
}

/** The label the dashboard shows per state. */
export const LICENCE_STATE_LABELS: Record<LicenceState, string> = {
  trial: 'Trial',
  active: 'Active',
  deactivated: 'Deactivated',
};

/**
 * What cancelling one licence does (issue 30, item 9), as the server does it and as the admin is
 * told before confirming: a trial ends now; a paid licence runs to the end of its paid period
 * and is not renewed, its subscription renewing one licence fewer from then on (`seatsAfter`);
 * the last licence of a subscription ends the subscription at that same date.
 */
export type LicenceCancellation =
  { ends: 'now' } | { ends: 'periodEnd'; endDateMs: number; seatsBefore: number; seatsAfter: number };

export function licenceCancellation(
  licence: Pick<Licence, 'trial' | 'endDateMs' | 'subscriptionSeats'>,
): LicenceCancellation {
  if (licence.trial) return { ends: 'now' };
  const seatsBefore = Math.max(1, licence.subscriptionSeats ?? 1);
  return { ends: 'periodEnd', endDateMs: licence.endDateMs, seatsBefore, seatsAfter: seatsBefore - 1 };
}

/** The end of a paid period that starts at `fromMs`. */
export function periodEnd(fromMs: number, interval: LicenceInterval): number {
  const date = new Date(fromMs);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
}

export function trialEnd(fromMs: number): number {
  return fromMs + FREE_TRIAL_DAYS * DAY_MS;
}

/** The licence email errors (section 8), keyed licence-update-email-{code}. */
export const LICENCE_EMAIL_ERRORS = {
  already_assigned: 'This email account is already managed by another administrator',
  already_pro: 'This email address is already associated to an existing PRO plan',
  invalid: 'This email is not valid',
  undefined: 'Unexpected error. Please contact support.',
} as const;
export type LicenceEmailErrorCode = keyof typeof LICENCE_EMAIL_ERRORS;

export function licenceEmailErrorKey(
  code: LicenceEmailErrorCode,
): `licence-update-email-${LicenceEmailErrorCode}` {
  return `licence-update-email-${code}`;
}

/** The message for an error key the server answered (an unknown key reads as `undefined`). */
export function licenceEmailErrorMessage(key: string | undefined): string {
  const code = key?.startsWith('licence-update-email-') ? key.slice('licence-update-email-'.length) : '';
  return Object.hasOwn(LICENCE_EMAIL_ERRORS, code)
    ? LICENCE_EMAIL_ERRORS[code as LicenceEmailErrorCode]
    : LICENCE_EMAIL_ERRORS.undefined;
}

/**
 * The assign rule: an empty email unassigns (section 4); anything else must be an email
 * address (one @, a dot in the domain, no spaces). Answers the normalised address.
 */
export function checkLicenceEmail(
  email: string,
): { kind: 'unassign' } | { kind: 'assign'; email: string } | { kind: 'invalid' } {
  const trimmed = email.trim();
  if (trimmed === '') return { kind: 'unassign' };
  if (trimmed.length > 254) return { kind: 'invalid' };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(trimmed) || trimmed.includes('..')) return { kind: 'invalid' };
  return { kind: 'assign', email: trimmed.toLowerCase() };
}

/** A language the licence's emails are written in. */
const language = optional(oneOf(UI_LANGUAGES));
/** An email as typed: its rule (checkLicenceEmail, the spec's errors) is the handler's. */
const email = string({ max: 320 });

/** POST /api/v1/licences: buy `count` licences (a Checkout session), or `trial`: the free trial. */
export const createLicencesBodySchema = object({
  interval: oneOf(LICENCE_INTERVALS),
  count: number({ integer: true, min: LICENCE_COUNT_MIN, max: LICENCE_COUNT_MAX }),
  language,
  trial: optional(boolean()),
});
export type CreateLicencesBody = Infer<typeof createLicencesBodySchema>;

/** POST /api/v1/licences/magicLink: one of the organisation's free licences sent to `recipient`. */
export const magicLinkBodySchema = object({
  licenceId: string({ min: 1, max: 64 }),
  recipient: email,
  language,
});
export type MagicLinkBody = Infer<typeof magicLinkBodySchema>;

/** PATCH /api/v1/licences/{id}: licence (renewal), recipient (empty unassigns), language. */
export const updateLicenceBodySchema = object({
  licence: optional(object({ autoRenewal: optional(boolean()) })),
  recipient: optional(email),
  language,
});
export type UpdateLicenceBody = Infer<typeof updateLicenceBodySchema>;

/** POST /api/v1/subscription/activate-organization-trial (section 7). */
export const activateTrialBodySchema = object({
  avaId: string({ min: 1, max: 128 }),
  channel: oneOf(['web', 'desktop'] as const),
  planType: literal(LICENCE_PLAN),
});
export type ActivateTrialBody = Infer<typeof activateTrialBodySchema>;

/**
 * A page of the payment provider to send the browser to: Stripe's hosted Checkout (or the local
 * stand-in's) after buying, its customer portal for billing.
 */
export const checkoutResponseSchema = object({ url: string() });
export type CheckoutResponse = Infer<typeof checkoutResponseSchema>;

/** `billing`: a Stripe customer exists, so the billing portal can be opened. */
export const licencesResponseSchema = object({
  licences: array(licenceSchema),
  organizationName: optional(string()),
  billing: boolean(),
});
export type LicencesResponse = Infer<typeof licencesResponseSchema>;

/** One licence after a change (assigned, renewal set, cancelled, a trial started). */
export const licenceResponseSchema = object({ licence: licenceSchema });
export type LicenceResponse = Infer<typeof licenceResponseSchema>;

/** A magic link's answer: the link to give to its recipient. */
export const magicLinkResponseSchema = object({
  licence: licenceSchema,
  /** The link that claims it: for the admin to pass on when no email went. */
  link: string(),
  /** Whether it went out by email to its recipient (shared/mail.ts). */
  delivery: mailDeliverySchema,
});
export type MagicLinkResponse = Infer<typeof magicLinkResponseSchema>;
