/**
 * The HTTP paths of organisations, licences and payment (accounts.md section 7 where it names
 * them): route patterns for the server, filled paths for the client.
 */
import { fillRoute } from './api';

export const BUSINESS_ROUTES = {
  /** POST CreateOrganizationBody: create (or join) an organisation. */
  organization: '/api/v1/organization',
  /** GET: the invitations waiting for the caller's emails (MyInvitationsResponse). */
  myInvitations: '/api/v1/organization/invitations',
  /** POST: accept the invitation of this organisation (Organization); DELETE: decline it. */
  invitation: '/api/v1/organization/invitations/:organization',
  /** POST: leave one's organisation (its only admin last). */
  leaveOrganization: '/api/v1/organization/leave',
  /** GET ?keywords=&orgType=: up to 3 organisations or places (OrganizationSearchResult[]). */
  findOrganizations: '/api/v1/find-organizations',
  /** POST ActivateTrialBody: the organisation's 15-day free trial. */
  activateTrial: '/api/v1/subscription/activate-organization-trial',
  /** GET: the organisation's licences (LicencesResponse); POST CreateLicencesBody: buy (CheckoutResponse). */
  licences: '/api/v1/licences',
  /** POST { licenceId, recipient, language? }: a licence sent as a link (MagicLinkResponse). */
  magicLink: '/api/v1/licences/magicLink',
  /** PATCH UpdateLicenceBody: assign/unassign, renewal; DELETE: cancel. */
  licence: '/api/v1/licences/:id',
  /** POST: the payment provider's customer portal ({ url }). */
  billingPortal: '/api/v1/billing-portal',
  /** POST BuyScribeTimeBody: a Checkout for hours of one's own Scribe time (CheckoutResponse). */
  buyScribeTime: '/api/v1/scribe-time/checkout',
  /** GET: one's own credits (UserCredits, shared/credits.ts). */
  userCredits: '/api/v1.1/user-credits/:avaId',
  /**
   * GET ?from=&to= (ms, to exclusive; at most a year): the organisation's usage report
   * (shared/usage-report.ts); &format=csv for the file.
   */
  workspaceReporting: '/api/v1/workspace/reporting',
  /** GET: the organisation's members and invitations (WorkspaceMembersResponse); POST InviteMemberBody. */
  workspaceMembers: '/api/v1/workspace/members',
  /** PATCH UpdateMemberBody (hand the admin role over); DELETE: remove (an email: the invitation). */
  workspaceMember: '/api/v1/workspace/members/:member',
  /** POST GrantScribeTimeBody: the admin adds minutes to a member's Scribe time (shared/scribe/time.ts). */
  workspaceMemberScribeTime: '/api/v1/workspace/members/:member/scribe-time',
  /** POST: the admin has seen who joined by naming the organisation (no longer new). */
  workspaceJoinsSeen: '/api/v1/workspace/joins-seen',
  /** GET: the organisation's details (Organization); PATCH OrganizationDetailsBody. */
  workspaceOrganization: '/api/v1/workspace/organization',
  /** GET: invoices and subscriptions read from the payment provider (WorkspaceBillingResponse). */
  workspaceBilling: '/api/v1/workspace/billing',
  /** GET: vocabulary and Scribe limit (WorkspaceSettings); PATCH WorkspaceSettingsBody. */
  workspaceSettings: '/api/v1/workspace/settings',
  /** POST: Stripe's webhook events (signed). */
  stripeWebhook: '/api/v1/payments/stripe-webhook',
} as const;

export const BUSINESS_API = {
  ...BUSINESS_ROUTES,
  findOrganizations: (keywords: string, orgType?: string) =>
    `${BUSINESS_ROUTES.findOrganizations}?${new URLSearchParams({ keywords, ...(orgType ? { orgType } : {}) }).toString()}`,
  licence: (id: string) => fillRoute(BUSINESS_ROUTES.licence, { id }),
  workspaceMember: (member: string) => fillRoute(BUSINESS_ROUTES.workspaceMember, { member }),
  workspaceMemberScribeTime: (member: string) =>
    fillRoute(BUSINESS_ROUTES.workspaceMemberScribeTime, { member }),
  invitation: (organization: string) => fillRoute(BUSINESS_ROUTES.invitation, { organization }),
  userCredits: (avaId: string) => fillRoute(BUSINESS_ROUTES.userCredits, { avaId }),
  workspaceReporting: (fromMs: number, toMs: number, format?: 'csv') =>
    `${BUSINESS_ROUTES.workspaceReporting}?${new URLSearchParams({ from: String(fromMs), to: String(toMs), ...(format ? { format } : {}) }).toString()}`,
};
