/**
 * A person's own membership routes (shared/organization-membership.ts): the invitations waiting
 * for them, accepting or declining one, and leaving their organisation. Each acts on the caller's
 * own record only (the authorisation table's rows say so); the rules are in the shared file.
 */
import type { FastifyReply } from 'fastify';
import { apiError, apiErrorSchema } from '../../shared/api';
import { BUSINESS_ROUTES } from '../../shared/business-api';
import {
  MEMBERSHIP_ERRORS,
  type MembershipErrorCode,
  invitationDeclinedResponseSchema,
  invitationParamsSchema,
  myInvitationsResponseSchema,
  organizationLeftResponseSchema,
} from '../../shared/organization-membership';
import { type Organization, organizationSchema } from '../../shared/organizations';
import type { LicenceRepository } from '../licences';
import type { MembershipRepository } from './membership';
import type { OrganizationRepository } from './repository';
import { type AnyRoute, routeIn } from '../http';

const route = routeIn('organizations');

export interface MembershipRouteDeps {
  membership: MembershipRepository;
  organizations: Pick<OrganizationRepository, 'find'>;
  licences: Pick<LicenceRepository, 'activeHeldBy' | 'unassign'>;
  now(): number;
  log(level: 'info' | 'warn', message: string, extra?: Record<string, unknown>): void;
}

function membershipError(reply: FastifyReply, status: number, code: MembershipErrorCode) {
  return reply.code(status).send(apiError(code, MEMBERSHIP_ERRORS[code]));
}

export function membershipRoutes(deps: MembershipRouteDeps): AnyRoute[] {
  const { membership, organizations, licences } = deps;
  return [
    route('GET', BUSINESS_ROUTES.myInvitations, {
      summary: 'The invitations to join an organisation waiting for the caller’s emails.',
      response: { 200: myInvitationsResponseSchema },
      handler: async (request) => ({
        invitations: await membership.invitationsFor(request.principal.avaId ?? ''),
      }),
    }),
    route('POST', BUSINESS_ROUTES.invitation, {
      summary: 'Accepts an invitation: the caller joins that organisation in the role offered.',
      params: invitationParamsSchema,
      response: { 200: organizationSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        const avaId = request.principal.avaId ?? '';
        const organizationId = request.params.organization;
        const outcome = await membership.accept(avaId, organizationId, deps.now());
        if (outcome === 'not-found') return membershipError(reply, 404, 'invitationNotFound');
        if (outcome === 'in-organization') return membershipError(reply, 409, 'leaveOrganizationFirst');
        deps.log('info', 'an invitation to an organisation was accepted', { organizationId });
        const org = (await organizations.find(organizationId))!;
        return { ...org, role: org.admin === avaId ? 'admin' : 'member' } satisfies Organization;
      },
    }),
    route('DELETE', BUSINESS_ROUTES.invitation, {
      summary: 'Declines an invitation: it is deleted, and the organisation’s admin sees it gone.',
      params: invitationParamsSchema,
      response: { 200: invitationDeclinedResponseSchema, 404: apiErrorSchema },
      handler: async (request, reply) => {
        const declined = await membership.decline(request.principal.avaId ?? '', request.params.organization);
        return declined ? { declined: true } : membershipError(reply, 404, 'invitationNotFound');
      },
    }),
    route('POST', BUSINESS_ROUTES.leaveOrganization, {
      summary: 'The caller leaves their organisation (its only admin not while others remain).',
      response: { 200: organizationLeftResponseSchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        const avaId = request.principal.avaId ?? '';
        const nowMs = deps.now();
        const organizationId = await membership.organizationOf(avaId);
        if (!organizationId) return membershipError(reply, 409, 'notInOrganization');
        const outcome = await membership.leave(avaId, nowMs);
        if (outcome.kind === 'not-in-organization') return membershipError(reply, 409, 'notInOrganization');
        if (outcome.kind === 'last-admin') return membershipError(reply, 409, 'lastAdmin');
        // Their licences of it go back to it, free to assign again (as when an admin removes them).
        for (const held of await licences.activeHeldBy(avaId, nowMs)) {
          if (held.organizationId === outcome.organizationId) await licences.unassign(held.licence.id, nowMs);
        }
        deps.log('info', 'a member left an organisation', { organizationId: outcome.organizationId });
        return { left: true };
      },
    }),
  ];
}
