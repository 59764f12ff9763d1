/**
 * Licences (accounts.md sections 3, 4, 5, 8, 9): the entity with the spec's fields, its states
 * (trial, paid, Deactivated once expired), the free trial's length, the assign-email rule and
 * the licence email errors word for word. Pure: the server's licence routes and the account
 * dashboard both read it.
 */

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

/** Licence (section 3). Dates are epoch milliseconds. */
export interface Licence {
  id: string;
  offerId: OfferId | 'trial';
  /** magicLink: sent to a recipient who claims it by signing in; standard: assigned by the admin. */
  type: 'magicLink' | 'standard';
  plan: typeof LICENCE_PLAN;
  interval: LicenceInterval;
  /** How many licences the purchase it belongs to holds. */
  count: number;
  endDateMs: number;
  autoRenewal: boolean;
  trial: boolean;
  /** The email the licence was sent or assigned to. */
  recipient?: string;
  language?: string;
  /** The account holding it (its email), once claimed. */
  assignedEmail?: string;
  organizationName?: string;
  /** Changed since the admin last saw it (assigned, renewed, cancelled). */
  hasUpdated: boolean;
}

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

/** POST /api/v1/licences (and /licences/magicLink): the licence fields, language, trial. */
export interface CreateLicencesBody {
  interval: LicenceInterval;
  count: number;
  language?: string;
  /** magicLink: the recipient's email. */
  recipient?: string;
  trial?: boolean;
}

/** PATCH /api/v1/licences/{id}: licence, recipient, language. */
export interface UpdateLicenceBody {
  licence?: { autoRenewal?: boolean };
  recipient?: string;
  language?: string;
}

/** POST /api/v1/subscription/activate-organization-trial (section 7). */
export interface ActivateTrialBody {
  avaId: string;
  channel: 'web' | 'desktop';
  planType: typeof LICENCE_PLAN;
}

/** POST /api/v1/checkout-sessions: buying licences (the payment page's button). */
export interface CheckoutBody {
  interval: LicenceInterval;
  count: number;
  language?: string;
}

export interface CheckoutResponse {
  /** Stripe's hosted page (or the local stand-in's) to send the browser to. */
  url: string;
}

export interface LicencesResponse {
  licences: Licence[];
  organizationName?: string;
  /** A Stripe customer exists: the billing portal can be opened. */
  billing: boolean;
}

/** A magic link's answer: the link to give to its recipient. */
export interface MagicLinkResponse {
  licence: Licence;
  link: string;
}
