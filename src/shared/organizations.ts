/**
 * Organisations (accounts.md sections 2, 3, 5, 6, 8): the types a person chooses when creating
 * one, the spec's name rule and its two messages, sizes, existing accessibility services, the
 * search rule (3 characters or more, non-alphanumerics and case ignored) and the error keys.
 * Pure: imported by the server's routes and the client's organisation screens. The HTTP bodies
 * and answers are schemas here: the server's routes check with them and the client's types come
 * from them, so the two cannot disagree.
 */
import { array, type Infer, object, oneOf, optional, type Schema, string } from './schema';

/** What the creation screen offers (accounts.md section 2). */
export const ORGANIZATION_KINDS = ['school', 'organization', 'event', 'individual'] as const;
export type OrganizationKind = (typeof ORGANIZATION_KINDS)[number];

/** The entity's type (section 3: edu, hr, worship/event, individual), one per screen choice. */
export const ORGANIZATION_TYPE_OF_KIND = {
  school: 'edu',
  organization: 'hr',
  event: 'worship/event',
  individual: 'individual',
} as const satisfies Record<OrganizationKind, string>;
export type OrganizationType = (typeof ORGANIZATION_TYPE_OF_KIND)[OrganizationKind];
export const ORGANIZATION_TYPES = Object.values(ORGANIZATION_TYPE_OF_KIND) as OrganizationType[];

/** Sizes offered in the onboarding's size step (the spec requires one, and names none). */
export const ORGANIZATION_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export type OrganizationSize = (typeof ORGANIZATION_SIZES)[number];

/** Accessibility services the organisation already uses (the onboarding's last step). */
export const ACCESSIBILITY_SERVICES = [
  'cart',
  'sign-language',
  'note-taking',
  'automatic-captions',
  'none',
] as const;
export type AccessibilityService = (typeof ACCESSIBILITY_SERVICES)[number];

/** Workspace roles (section 6): the team manager is the admin, everyone else a member. */
export const ORGANIZATION_ROLES = ['admin', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** "Organisation name over 3 characters" (section 9). */
export const ORGANIZATION_NAME_MIN_EXCLUSIVE = 3;
export const ORGANIZATION_NAME_MAX_LENGTH = 120;

export const ORGANIZATION_NAME_MESSAGES = {
  empty: "You can't create organization with empty name",
  tooShort: 'The name must be greater than three characters',
} as const;
export type OrganizationNameProblem = keyof typeof ORGANIZATION_NAME_MESSAGES;

/** The spec's name rule: not empty, then longer than three characters (after trimming). */
export function checkOrganizationName(name: string): OrganizationNameProblem | undefined {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'empty';
  if (trimmed.length <= ORGANIZATION_NAME_MIN_EXCLUSIVE) return 'tooShort';
  return undefined;
}

/** Error keys of section 8 (the client words them; `trialFailed` is the spec's sentence). */
export const ORGANIZATION_ERRORS = {
  adminAlreadyExists: 'This organization already has an admin: use another name or join it as a member.',
  nameAlreadyUse: 'This name is already used by another organization.',
  alreadyInOrganization: 'You already belong to an organization.',
  trialFailed: "We couldn't start your new trial with this organization. Try again.",
  unexpected: 'Unexpected error. Please contact support.',
} as const;
export type OrganizationErrorCode = keyof typeof ORGANIZATION_ERRORS;

/** Search strings are valid at 3 characters or more (section 5). */
export const SEARCH_MIN_LENGTH = 3;
/** Organisation search shows up to 3 results (section 4). */
export const ORGANIZATION_SEARCH_RESULTS = 3;

/** "Matching ignores non-alphanumerics and case": letters and digits of any script, lower case. */
export function normaliseSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Whether a search string may be sent (3 or more characters once normalised). */
export function isSearchable(text: string): boolean {
  return normaliseSearch(text).length >= SEARCH_MIN_LENGTH;
}

/**
 * An organisation as the API answers it (section 3). `admin`: the admin's avaId, if it has one;
 * `role`: the caller's role in it.
 */
export const organizationSchema = object({
  id: string(),
  name: string(),
  type: oneOf(ORGANIZATION_TYPES),
  placeId: optional(string()),
  address: optional(string()),
  size: optional(oneOf(ORGANIZATION_SIZES)),
  accessibilityServices: optional(array(oneOf(ACCESSIBILITY_SERVICES))),
  admin: optional(string()),
  role: optional(oneOf(ORGANIZATION_ROLES)),
});
export type Organization = Infer<typeof organizationSchema>;

/**
 * One search result: one of Hearken's organisations (source hearken, with its `id`), or a place
 * to create one from.
 */
export const organizationSearchResultSchema = object({
  source: oneOf(['hearken', 'places'] as const),
  name: string(),
  id: optional(string()),
  placeId: optional(string()),
  address: optional(string()),
  type: optional(oneOf(ORGANIZATION_TYPES)),
});
export type OrganizationSearchResult = Infer<typeof organizationSearchResultSchema>;

export const findOrganizationsResponseSchema = object({
  organizations: array(organizationSearchResultSchema, { max: ORGANIZATION_SEARCH_RESULTS }),
});
export type FindOrganizationsResponse = Infer<typeof findOrganizationsResponseSchema>;

/** The search's type filter: oneOf's rule, in the words this query has always answered with. */
const organizationTypeFilter: Schema<OrganizationType> = {
  ...oneOf(ORGANIZATION_TYPES),
  check: (input, path = '') =>
    typeof input === 'string' && (ORGANIZATION_TYPES as readonly string[]).includes(input)
      ? { ok: true, value: input as OrganizationType }
      : { ok: false, issue: { path, message: `must be one of ${ORGANIZATION_TYPES.join(', ')}` } },
};

/** GET find-organizations: `keywords` shorter than SEARCH_MIN_LENGTH (or none) finds nothing. */
export const findOrganizationsQuerySchema = object({
  keywords: optional(string({ max: 200 })),
  orgType: optional(organizationTypeFilter),
});

/**
 * POST /api/v1/organization (section 7: type, name, role, placeId; the onboarding adds the
 * rest). The name rule's own messages (checkOrganizationName) come after the schema, which lets
 * any name up to the column's length through.
 */
export const createOrganizationBodySchema = object({
  type: oneOf(ORGANIZATION_TYPES),
  name: string({ max: ORGANIZATION_NAME_MAX_LENGTH }),
  role: oneOf(ORGANIZATION_ROLES),
  placeId: optional(string({ min: 1, max: 300 })),
  address: optional(string({ max: 300 })),
  size: oneOf(ORGANIZATION_SIZES),
  accessibilityServices: optional(
    array(oneOf(ACCESSIBILITY_SERVICES), { max: ACCESSIBILITY_SERVICES.length }),
  ),
});
export type CreateOrganizationBody = Infer<typeof createOrganizationBodySchema>;

/**
 * The place kinds an organisation type is searched among: schools and universities for edu,
 * cities (a town's council, a venue) for the others.
 */
export function placeKindsFor(type: OrganizationType | undefined): readonly PlaceKind[] {
  if (type === 'edu') return ['school', 'university'];
  if (type === 'individual') return [];
  return ['city', 'school', 'university'];
}

export const PLACE_KINDS = ['school', 'university', 'city'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];
