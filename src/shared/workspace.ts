/**
 * Workspace admin (accounts.md sections 2 and 6: `workspace/*`, members, organisation, payment
 * and billing, reporting; the admin invites members, sets the Scribe limit and the organisation
 * vocabulary). The shapes the workspace routes answer, and their rules: the vocabulary is
 * validated as boost words are (conversation.md section 5: comma-separated, trimmed, stripped of
 * _ . , ! ?, 'Too many characters.'), the Scribe limit is whole minutes per member per month.
 * Pure: the server's workspace routes and the workspace screens both read it. The HTTP bodies and
 * answers are schemas here: the server's routes check with them and the client's types come from
 * them.
 */
import {
  ACCESSIBILITY_SERVICES,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_ROLES,
  ORGANIZATION_SIZES,
} from './organizations';
import { ROUTES } from './routes';
import { mailDeliverySchema } from './mail';
import { checkedByHandler } from './handler-checked';
import {
  array,
  boolean,
  type Infer,
  literal,
  nullable,
  number,
  object,
  oneOf,
  optional,
  type Schema,
  string,
} from './schema';

/** The spec's boost-word message, used for the organisation vocabulary too. */
export const TOO_MANY_CHARACTERS = 'Too many characters.';

/**
 * Hearken's bounds (the spec names the message, not the numbers): at most 200 words, each at
 * most 40 characters, 2,000 characters in all once joined with commas.
 */
export const VOCABULARY_MAX_WORDS = 200;
export const VOCABULARY_WORD_MAX_LENGTH = 40;
export const VOCABULARY_MAX_CHARACTERS = 2000;

/** Characters a boost word is stripped of (conversation.md section 5). */
const STRIPPED = /[_.,!?]/g;

/** One word (or short phrase) as the boost rule keeps it: stripped, spaces collapsed, trimmed. */
export function cleanVocabularyWord(word: string): string {
  return word.replace(STRIPPED, '').replace(/\s+/g, ' ').trim();
}

export type VocabularyCheck = { ok: true; words: string[] } | { ok: false; message: string };

/**
 * Words as the admin gives them (a list, or one comma-separated text): cleaned, empty ones and
 * repeats (case-insensitive) dropped, first spelling kept. Too long a word, too many words or too
 * many characters: 'Too many characters.'
 */
export function checkVocabulary(input: string | readonly string[]): VocabularyCheck {
  const raw = typeof input === 'string' ? input.split(',') : input.flatMap((w) => w.split(','));
  const seen = new Set<string>();
  const words: string[] = [];
  for (const item of raw) {
    const word = cleanVocabularyWord(item);
    if (word === '') continue;
    if (word.length > VOCABULARY_WORD_MAX_LENGTH) return { ok: false, message: TOO_MANY_CHARACTERS };
    const key = word.toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  if (words.length > VOCABULARY_MAX_WORDS || words.join(', ').length > VOCABULARY_MAX_CHARACTERS) {
    return { ok: false, message: TOO_MANY_CHARACTERS };
  }
  return { ok: true, words };
}

/**
 * The Scribe limit: how many minutes of Scribe each member may use per calendar month (UTC);
 * null is no limit beyond their credit. 0 turns Scribe off for the organisation's members.
 */
export const SCRIBE_LIMIT_MAX_MINUTES = 100_000;

export const SCRIBE_LIMIT_MESSAGE = `The Scribe limit is a whole number of minutes from 0 to ${SCRIBE_LIMIT_MAX_MINUTES.toLocaleString('en')}, or empty for no limit.`;

/** The Scribe limit as typed in a field: '' for none, else whole minutes in range. */
export function parseScribeLimit(text: string): { ok: true; minutes: number | null } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, minutes: null };
  if (!/^\d{1,7}$/.test(trimmed)) return { ok: false };
  const minutes = Number(trimmed);
  return minutes <= SCRIBE_LIMIT_MAX_MINUTES ? { ok: true, minutes } : { ok: false };
}

/** Whether a member who used `usedMs` of Scribe this month may ask for more under `limitMinutes`. */
export function withinScribeLimit(limitMinutes: number | null, usedMs: number): boolean {
  return limitMinutes === null || usedMs < limitMinutes * 60_000;
}

/** The first instant (ms, UTC) of the calendar month holding `ms`. */
export function monthStartUtc(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export const SCRIBE_LIMIT_REACHED = 'Your organization’s monthly Scribe limit is reached.';

/** Whole minutes per member per month, or null for no limit (SCRIBE_LIMIT_MESSAGE says so). */
const scribeLimitSchema = nullable(number({ integer: true, min: 0, max: SCRIBE_LIMIT_MAX_MINUTES }));

/** The organisation's settings the admin sets (GET/PATCH workspace settings). */
export const workspaceSettingsSchema = object({
  vocabulary: array(string()),
  scribeLimitMinutes: scribeLimitSchema,
});
export type WorkspaceSettings = Infer<typeof workspaceSettingsSchema>;

/** PATCH workspace settings: either or both (what workspaceSettingsBodySchema lets through valid). */
export type WorkspaceSettingsBody = Partial<WorkspaceSettings>;

/**
 * The Scribe limit as a body carries it: every value reaches the handler, whose rule answers
 * with its own code and words ('invalid-scribe-limit', SCRIBE_LIMIT_MESSAGE).
 */
const scribeLimitField = checkedByHandler(scribeLimitSchema);

const settingsFields = {
  // Bounds what is read only: the words' own rule (checkVocabulary) comes after.
  vocabulary: optional(array(string({ max: 400 }), { max: 1000 })),
  scribeLimitMinutes: optional(scribeLimitField),
};
const settingsChange = object(settingsFields);
const SETTINGS_KEYS = Object.keys(settingsFields);

/**
 * PATCH workspace settings' body. Unlike other bodies a field it does not know is refused, not
 * dropped ("x: is not a setting"): a setting misspelt would otherwise be ignored in silence.
 */
export const workspaceSettingsBodySchema: Schema<Infer<typeof settingsChange>> = {
  describe: 'workspace settings',
  json: { ...settingsChange.json, additionalProperties: false },
  optional: false,
  check: (input, path = '') => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return { ok: false, issue: { path: 'body', message: 'must be an object' } };
    const unknown = Object.keys(input).find((key) => !SETTINGS_KEYS.includes(key));
    if (unknown !== undefined) return { ok: false, issue: { path: unknown, message: 'is not a setting' } };
    return settingsChange.check(input, path);
  },
};

/**
 * One person of the members list: an account in the organisation (with its `avaId`), or an
 * invitation waiting for its person to accept it (`sinceMs`: when it was made; an account
 * invited is listed by its email, and is not a member until then). `licensed`: holds one of the
 * organisation's licences (Premium). `joinedByName`: joined by naming the organisation, not by
 * an invitation (`sinceMs` then: when), and `newJoin` until an admin has seen it (issue 29 F-15).
 */
export const workspaceMemberSchema = object({
  avaId: optional(string()),
  email: optional(string()),
  name: optional(string()),
  role: oneOf(ORGANIZATION_ROLES),
  status: oneOf(['active', 'invited'] as const),
  licensed: boolean(),
  sinceMs: optional(number()),
  joinedByName: optional(boolean()),
  newJoin: optional(boolean()),
});
export type WorkspaceMember = Infer<typeof workspaceMemberSchema>;

export const workspaceMembersResponseSchema = object({ members: array(workspaceMemberSchema) });
export type WorkspaceMembersResponse = Infer<typeof workspaceMembersResponseSchema>;

/**
 * POST workspace members: invite by email (its rule, checkLicenceEmail, is the handler's, with
 * its own error). Only as a member: an organisation has one admin.
 */
export const inviteMemberBodySchema = object({
  email: string({ max: 320 }),
  role: optional(oneOf(ORGANIZATION_ROLES)),
});
export type InviteMemberBody = Infer<typeof inviteMemberBodySchema>;

/**
 * An invitation's answer: always `invited` now (nobody joins without accepting, issue 29 F-09);
 * `active` stays in the shape for clients that read it.
 */
export const inviteMemberResponseSchema = object({
  status: oneOf(['active', 'invited'] as const),
  /** Where the invited person signs in to accept: for the admin to pass on when no email went. */
  link: string(),
  /** Whether the invitation went out by email (shared/mail.ts). */
  delivery: mailDeliverySchema,
});

export type InviteMemberResponse = Infer<typeof inviteMemberResponseSchema>;

export const joinsSeenResponseSchema = object({ seen: literal(true) });

/**
 * PATCH workspace member: the only role change is handing the admin role to a member. The answer
 * is the member's role after it.
 */
export const updateMemberBodySchema = object({ role: oneOf(ORGANIZATION_ROLES) });
export type UpdateMemberBody = Infer<typeof updateMemberBodySchema>;

export const memberRemovedResponseSchema = object({ removed: literal(true) });

/** Errors of the members routes (the client shows the message). */
export const WORKSPACE_ERRORS = {
  alreadyMember: 'This person is already a member of your organization.',
  inOtherOrganization: 'This email account is already managed by another administrator',
  alreadyInvited: 'This email address has already been invited.',
  memberNotFound: 'No such member in your organization.',
  removeSelf: 'You are the admin: hand the admin role to another member before leaving.',
  adminIsOne: 'An organization has one admin: make another member the admin to hand it over.',
  invitedRoleChange: 'This person has not joined yet: their role changes once they accept the invitation.',
} as const;
export type WorkspaceErrorCode = keyof typeof WORKSPACE_ERRORS;

/**
 * Organisation details as the admin edits them: any of them. The name rule's own messages
 * (checkOrganizationName) come after the schema.
 */
export const organizationDetailsBodySchema = object({
  name: optional(string({ max: ORGANIZATION_NAME_MAX_LENGTH })),
  size: optional(oneOf(ORGANIZATION_SIZES)),
  address: optional(string({ max: 300 })),
  accessibilityServices: optional(
    array(oneOf(ACCESSIBILITY_SERVICES), { max: ACCESSIBILITY_SERVICES.length }),
  ),
});
export type OrganizationDetailsBody = Infer<typeof organizationDetailsBodySchema>;

/**
 * An invoice as the billing page shows it (read from the payment provider). Amounts are cents;
 * `url`: the provider's page of the invoice (hosted_invoice_url), if any.
 */
export const billingInvoiceSchema = object({
  id: string(),
  number: optional(string()),
  status: string(),
  amountPaid: number(),
  amountDue: number(),
  currency: string(),
  createdMs: number(),
  periodStartMs: optional(number()),
  periodEndMs: optional(number()),
  url: optional(string()),
});
export type BillingInvoice = Infer<typeof billingInvoiceSchema>;

/** A subscription (its licences); `unitAmount`: cents per licence per interval. */
export const billingSubscriptionSchema = object({
  id: string(),
  status: string(),
  quantity: number(),
  interval: optional(oneOf(['month', 'year'] as const)),
  unitAmount: optional(number()),
  currency: optional(string()),
  cancelAtPeriodEnd: boolean(),
  currentPeriodEndMs: optional(number()),
});
export type BillingSubscription = Infer<typeof billingSubscriptionSchema>;

/** `billing`: false when nothing was bought yet (no customer at the provider). */
export const workspaceBillingResponseSchema = object({
  billing: boolean(),
  subscriptions: array(billingSubscriptionSchema),
  invoices: array(billingInvoiceSchema),
});
export type WorkspaceBillingResponse = Infer<typeof workspaceBillingResponseSchema>;

/** The workspace's child paths (accounts.md: members, organisation, payment and billing, reporting). */
export const WORKSPACE_TABS = ['members', 'organization', 'billing', 'reporting', 'settings'] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];
export const WORKSPACE_BASE = ROUTES.workspace;

export function workspacePath(tab: WorkspaceTab = 'members'): string {
  return `${WORKSPACE_BASE}/${tab}`;
}
