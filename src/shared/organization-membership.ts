/**
 * A person's own side of belonging to an organisation (issue 29 F-09, F-15): the invitations
 * waiting for them (an admin adding an email invites it; nobody joins without accepting), and
 * leaving. The rules: an account belongs to one organisation, so accepting needs none; an
 * organisation never has zero admins while it has members, so its only admin leaves last.
 * Pure: the server's membership routes and the account screens both read it.
 */
import { ORGANIZATION_ROLES, ORGANIZATION_TYPES } from './organizations';
import { array, type Infer, literal, number, object, oneOf, optional, string } from './schema';

/** One invitation waiting for the caller: the organisation, the role offered, who sent it. */
export const myInvitationSchema = object({
  organizationId: string(),
  organizationName: string(),
  organizationType: oneOf(ORGANIZATION_TYPES),
  role: oneOf(ORGANIZATION_ROLES),
  invitedByName: optional(string()),
  sinceMs: number(),
});
export type MyInvitation = Infer<typeof myInvitationSchema>;

export const myInvitationsResponseSchema = object({ invitations: array(myInvitationSchema) });
export type MyInvitationsResponse = Infer<typeof myInvitationsResponseSchema>;

/** The organisation named in an invitation's path. */
export const invitationParamsSchema = object({ organization: string({ min: 1, max: 100 }) });

export const invitationDeclinedResponseSchema = object({ declined: literal(true) });
export const organizationLeftResponseSchema = object({ left: literal(true) });

/** Errors of the membership routes (the client shows the message). */
export const MEMBERSHIP_ERRORS = {
  invitationNotFound: 'No such invitation: it may have been withdrawn.',
  leaveOrganizationFirst:
    'You already belong to an organization, and an account belongs to one only: leave it before accepting this invitation.',
  notInOrganization: 'You do not belong to an organization.',
  lastAdmin:
    'You are the only admin of your organization: make another member the admin before leaving, or remove the other members first.',
} as const;
export type MembershipErrorCode = keyof typeof MEMBERSHIP_ERRORS;

/**
 * Whether the admin of an organisation with `otherMembers` other members may leave it: never
 * while others remain, since the organisation would have no admin (anyone naming it could
 * then claim it). A member may always leave.
 */
export function mayLeave(isAdmin: boolean, otherMembers: number): boolean {
  return !isAdmin || otherMembers === 0;
}

/**
 * What accepting an invitation means for someone, as the account screen tells them: joining
 * (their caption time and words are then in that organisation's usage report), or nothing
 * until they leave the organisation they belong to.
 */
export function acceptanceOutcome(currentOrganization: string | undefined): 'join' | 'leave-first' {
  return currentOrganization ? 'leave-first' : 'join';
}
