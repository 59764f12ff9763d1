/**
 * Workspace admin (accounts.md sections 2 and 6: `workspace/*`, members, organisation, payment
 * and billing, reporting; the admin invites members, sets the Scribe limit and the organisation
 * vocabulary). The shapes the workspace routes answer, and their rules: the vocabulary is
 * validated as boost words are (conversation.md section 5: comma-separated, trimmed, stripped of
 * _ . , ! ?, 'Too many characters.'), the Scribe limit is whole minutes per member per month.
 * Pure: the server's workspace routes and the workspace screens both read it.
 */
import type { OrganizationRole } from './organizations';
import { ROUTES } from './routes';

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

/** The organisation's settings the admin sets (GET/PATCH workspace settings). */
export interface WorkspaceSettings {
  vocabulary: string[];
  scribeLimitMinutes: number | null;
}

/** PATCH workspace settings: either or both. */
export interface WorkspaceSettingsBody {
  vocabulary?: string[];
  scribeLimitMinutes?: number | null;
}

/** One person of the members list: an account in the organisation, or an invitation waiting. */
export interface WorkspaceMember {
  /** Accounts only. */
  avaId?: string;
  email?: string;
  name?: string;
  role: OrganizationRole;
  status: 'active' | 'invited';
  /** Holds one of the organisation's licences (Premium). */
  licensed: boolean;
  /** When an invitation was made, ms. */
  sinceMs?: number;
}

export interface WorkspaceMembersResponse {
  members: WorkspaceMember[];
}

/** POST workspace members: invite by email, as a member or as the admin-to-be. */
export interface InviteMemberBody {
  email: string;
  role: OrganizationRole;
}

/** PATCH workspace member: the only role change is handing the admin role to a member. */
export interface UpdateMemberBody {
  role: OrganizationRole;
}

/** Errors of the members routes (the client shows the message). */
export const WORKSPACE_ERRORS = {
  alreadyMember: 'This person is already a member of your organization.',
  inOtherOrganization: 'This email account is already managed by another administrator',
  alreadyInvited: 'This email address has already been invited.',
  memberNotFound: 'No such member in your organization.',
  removeSelf: 'You are the admin: hand the admin role to another member before leaving.',
  adminIsOne: 'An organization has one admin: make another member the admin to hand it over.',
  invitedRoleChange: 'This person has not joined yet: their role changes once they sign in.',
} as const;
export type WorkspaceErrorCode = keyof typeof WORKSPACE_ERRORS;

/** Organisation details as the admin edits them. */
export interface OrganizationDetailsBody {
  name?: string;
  size?: string;
  address?: string;
  accessibilityServices?: string[];
}

/** An invoice as the billing page shows it (read from the payment provider). */
export interface BillingInvoice {
  id: string;
  number?: string;
  status: string;
  /** Cents. */
  amountPaid: number;
  amountDue: number;
  currency: string;
  createdMs: number;
  periodStartMs?: number;
  periodEndMs?: number;
  /** The provider's page of the invoice (hosted_invoice_url), if any. */
  url?: string;
}

export interface BillingSubscription {
  id: string;
  status: string;
  quantity: number;
  interval?: 'month' | 'year';
  /** Cents per licence per interval. */
  unitAmount?: number;
  currency?: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEndMs?: number;
}

export interface WorkspaceBillingResponse {
  /** False when nothing was bought yet (no customer at the provider). */
  billing: boolean;
  subscriptions: BillingSubscription[];
  invoices: BillingInvoice[];
}

/** The workspace's child paths (accounts.md: members, organisation, payment and billing, reporting). */
export const WORKSPACE_TABS = ['members', 'organization', 'billing', 'reporting', 'settings'] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];
export const WORKSPACE_BASE = ROUTES.workspace;

export function workspacePath(tab: WorkspaceTab = 'members'): string {
  return `${WORKSPACE_BASE}/${tab}`;
}
