/**
 * Workspace admin (accounts.md: `workspace/*`; section 6: the admin invites members, sets the
 * Scribe limit and the organisation vocabulary): members and invitations, handing the admin role
 * over, removing a member, the organisation's details, payment and billing read from the payment
 * provider, and the organisation's settings. Who may call each is in the authorisation table
 * (the organisation's admin); the rules are in shared/workspace.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { apiError, apiErrorSchema } from '../../shared/api';
import { BUSINESS_ROUTES } from '../../shared/business-api';
import { LICENCE_EMAIL_ERRORS, checkLicenceEmail } from '../../shared/licences';
import {
  ORGANIZATION_ERRORS,
  ORGANIZATION_NAME_MESSAGES,
  checkOrganizationName,
  organizationSchema,
} from '../../shared/organizations';
import { object, string } from '../../shared/schema';
import {
  SCRIBE_GRANT_MESSAGE,
  grantScribeTimeBodySchema,
  parseScribeGrant,
  scribeTimeGrantedSchema,
} from '../../shared/scribe/time';
import type { CreditRepository } from '../credits';
import {
  type BillingInvoice,
  type BillingSubscription,
  SCRIBE_LIMIT_MAX_MINUTES,
  SCRIBE_LIMIT_MESSAGE,
  WORKSPACE_ERRORS,
  type WorkspaceBillingResponse,
  type WorkspaceErrorCode,
  type WorkspaceSettings,
  checkVocabulary,
  inviteMemberBodySchema,
  inviteMemberResponseSchema,
  joinsSeenResponseSchema,
  memberRemovedResponseSchema,
  organizationDetailsBodySchema,
  updateMemberBodySchema,
  workspaceBillingResponseSchema,
  workspaceMembersResponseSchema,
  workspaceSettingsBodySchema,
  workspaceSettingsSchema,
} from '../../shared/workspace';
import type { LicenceRepository } from '../licences';
import { type OrganizationRepository, isUniqueViolation } from '../organizations';
import type { WorkspaceRepository } from './repository';
import type { MembershipRepository } from '../organizations';
import { type Payments, PaymentsNotConfigured } from '../payments';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import { type Mailer, organizationInvitation } from '../mail';
import { signUpToDashboardPath } from '../../shared/routes';

const route = routeIn('workspace');

export interface WorkspaceRouteDeps {
  workspace: WorkspaceRepository;
  organizations: OrganizationRepository;
  membership: Pick<MembershipRepository, 'markJoinsSeen'>;
  licences: LicenceRepository;
  /** A member's Scribe time (their scribeCredit), which the admin adds to. */
  credits: Pick<CreditRepository, 'grant' | 'get'>;
  payments: Pick<Payments, 'invoices' | 'subscriptions'>;
  /** Invitations go out by email when a mail server is configured (mail/). */
  mail: Pick<Mailer, 'send'>;
  /** The web app's origin for the links in mail (never a request's Host beyond loopback). */
  webOrigin(request: FastifyRequest): string;
  now(): number;
  log(level: 'info' | 'warn', message: string, extra?: Record<string, unknown>): void;
}

function inviterNameOf(request: FastifyRequest): string {
  const { principal } = request;
  return principal.kind === 'account'
    ? principal.profile?.userName || principal.identity.displayName || ''
    : '';
}

/** A member (their avaId) or an invitation (its email), named in the path. */
const memberParamsSchema = object({ member: string() });

function workspaceError(reply: FastifyReply, status: number, code: WorkspaceErrorCode) {
  return reply.code(status).send(apiError(code, WORKSPACE_ERRORS[code]));
}

function organizationIdOf(request: FastifyRequest): string {
  const access = request.organizationAccess;
  if (!access)
    throw new Error(`${request.method} ${request.url} reached a workspace handler without its organisation`);
  return access.organizationId;
}

const seconds = (value: number | null | undefined) => (typeof value === 'number' ? value * 1000 : undefined);

/** A Stripe invoice as the billing page shows it. */
export function billingInvoiceOf(invoice: Stripe.Invoice): BillingInvoice {
  return {
    id: invoice.id ?? '',
    ...(invoice.number ? { number: invoice.number } : {}),
    status: invoice.status ?? 'draft',
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
    createdMs: invoice.created * 1000,
    ...(invoice.period_start ? { periodStartMs: invoice.period_start * 1000 } : {}),
    ...(invoice.period_end ? { periodEndMs: invoice.period_end * 1000 } : {}),
    ...(invoice.hosted_invoice_url ? { url: invoice.hosted_invoice_url } : {}),
  };
}

/** A Stripe subscription as the billing page shows it (its first item is the licences). */
export function billingSubscriptionOf(subscription: Stripe.Subscription): BillingSubscription {
  const item = subscription.items.data[0];
  const interval: string | undefined = item?.price?.recurring?.interval;
  const periodEnd = seconds(item?.current_period_end);
  return {
    id: subscription.id,
    status: subscription.status,
    quantity: item?.quantity ?? 0,
    ...(interval === 'month' || interval === 'year' ? { interval } : {}),
    ...(typeof item?.price?.unit_amount === 'number' ? { unitAmount: item.price.unit_amount } : {}),
    ...(item?.price?.currency ? { currency: item.price.currency } : {}),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...(periodEnd !== undefined ? { currentPeriodEndMs: periodEnd } : {}),
  };
}

export function workspaceRoutes(deps: WorkspaceRouteDeps): AnyRoute[] {
  const { workspace, organizations, licences } = deps;
  return [
    route('GET', BUSINESS_ROUTES.workspaceMembers, {
      summary: "The organisation's members and the invitations waiting.",
      response: { 200: workspaceMembersResponseSchema },
      handler: async (request) => ({
        members: await workspace.members(organizationIdOf(request), deps.now()),
      }),
    }),
    route('POST', BUSINESS_ROUTES.workspaceMembers, {
      summary: 'Invites an email: its person joins when they accept (an account sees it at once).',
      body: inviteMemberBodySchema,
      response: { 201: inviteMemberResponseSchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        const body = request.body;
        const organizationId = organizationIdOf(request);
        const checked = checkLicenceEmail(body.email);
        if (checked.kind !== 'assign') {
          return reply.code(400).send(apiError('invalid-email', LICENCE_EMAIL_ERRORS.invalid));
        }
        // One admin per organisation, and this one has its admin (the caller).
        if (body.role === 'admin') return workspaceError(reply, 409, 'adminIsOne');
        const account = await licences.accountByEmail(checked.email);
        if (account?.organizationId === organizationId) return workspaceError(reply, 409, 'alreadyMember');
        if (account?.organizationId) return workspaceError(reply, 409, 'inOtherOrganization');
        // An account is invited like an email without one: it joins only when its person
        // accepts, and until then its usage is not this organisation's (issue 29 F-09).
        const invited = await workspace.invite(
          organizationId,
          checked.email,
          'member',
          request.principal.avaId ?? '',
          deps.now(),
        );
        if (!invited) return workspaceError(reply, 409, 'alreadyInvited');
        // The invitation is stored either way; the mail only tells its person where to find it.
        const link = `${deps.webOrigin(request)}${signUpToDashboardPath()}`;
        const organization = await organizations.find(organizationId);
        const delivery = await deps.mail.send({
          to: checked.email,
          ...organizationInvitation({
            organizationName: organization?.name ?? '',
            inviterName: inviterNameOf(request),
            link,
          }),
        });
        return reply.code(201).send({ status: 'invited', link, delivery });
      },
    }),
    route('PATCH', BUSINESS_ROUTES.workspaceMember, {
      summary: 'Hands the admin role to a member (the caller becomes a member).',
      params: memberParamsSchema,
      body: updateMemberBodySchema,
      response: { 200: updateMemberBodySchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        const body = request.body;
        const organizationId = organizationIdOf(request);
        const target = request.params.member;
        const self = request.principal.avaId ?? '';
        if (target.includes('@')) return workspaceError(reply, 409, 'invitedRoleChange');
        if (!(await workspace.isMember(organizationId, target))) {
          return workspaceError(reply, 404, 'memberNotFound');
        }
        if (target === self) {
          // The admin stays admin until they hand it to someone.
          return body.role === 'admin' ? { role: 'admin' } : workspaceError(reply, 409, 'adminIsOne');
        }
        if (body.role === 'member') return { role: 'member' };
        if (!(await workspace.transferAdmin(organizationId, self, target, deps.now()))) {
          return workspaceError(reply, 409, 'adminIsOne');
        }
        deps.log('info', 'an organisation’s admin role was handed over', { organizationId });
        return { role: 'admin' };
      },
    }),
    route('DELETE', BUSINESS_ROUTES.workspaceMember, {
      summary: 'Removes a member (their licences of it go back to it) or withdraws an invitation.',
      params: memberParamsSchema,
      response: { 200: memberRemovedResponseSchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        const organizationId = organizationIdOf(request);
        const target = request.params.member;
        if (target.includes('@')) {
          const removed = await workspace.cancelInvitation(organizationId, target.trim().toLowerCase());
          return removed ? { removed: true } : workspaceError(reply, 404, 'memberNotFound');
        }
        if (target === request.principal.avaId) return workspaceError(reply, 409, 'removeSelf');
        if (!(await workspace.isMember(organizationId, target))) {
          return workspaceError(reply, 404, 'memberNotFound');
        }
        // Their licences of this organisation go back to it, free to assign again.
        const nowMs = deps.now();
        for (const held of await licences.activeHeldBy(target, nowMs)) {
          if (held.organizationId === organizationId) await licences.unassign(held.licence.id, nowMs);
        }
        await workspace.removeMember(organizationId, target, nowMs);
        return { removed: true };
      },
    }),
    route('POST', BUSINESS_ROUTES.workspaceMemberScribeTime, {
      summary: "Adds minutes to a member's Scribe time (their Scribe credit), from the Scribe settings.",
      params: memberParamsSchema,
      body: grantScribeTimeBodySchema,
      response: { 200: scribeTimeGrantedSchema, 404: apiErrorSchema },
      handler: async (request, reply) => {
        const grant = parseScribeGrant(request.body.minutes);
        if (!grant.ok) return reply.code(400).send(apiError('invalid-scribe-grant', SCRIBE_GRANT_MESSAGE));
        const organizationId = organizationIdOf(request);
        const member = request.params.member;
        // An invitation (an email) has no account to hold time yet; nor has anyone outside.
        if (member.includes('@') || !(await workspace.isMember(organizationId, member))) {
          return workspaceError(reply, 404, 'memberNotFound');
        }
        await deps.credits.grant(member, { scribeCredit: grant.minutes * 60_000 }, deps.now());
        deps.log('info', 'an admin granted Scribe time', { organizationId, minutes: grant.minutes });
        return { member, scribeTimeMs: (await deps.credits.get(member)).scribeCredit };
      },
    }),
    route('POST', BUSINESS_ROUTES.workspaceJoinsSeen, {
      summary: 'The admin has seen who joined by naming the organisation: none is marked new.',
      response: { 200: joinsSeenResponseSchema },
      handler: async (request) => {
        await deps.membership.markJoinsSeen(organizationIdOf(request));
        return { seen: true } as const;
      },
    }),
    route('GET', BUSINESS_ROUTES.workspaceOrganization, {
      summary: "The organisation's details.",
      response: { 200: organizationSchema },
      handler: async (request, reply) => {
        const org = await organizations.find(organizationIdOf(request));
        if (!org) return reply.code(404).send(apiError('not-found', 'No such organization.'));
        return org;
      },
    }),
    route('PATCH', BUSINESS_ROUTES.workspaceOrganization, {
      summary: "Changes the organisation's details (name, size, address, accessibility services).",
      body: organizationDetailsBodySchema,
      response: { 200: organizationSchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        const body = request.body;
        const organizationId = organizationIdOf(request);
        let name: string | undefined;
        if (body.name !== undefined) {
          const problem = checkOrganizationName(body.name);
          if (problem) {
            return reply
              .code(400)
              .send(apiError(`organization-name-${problem}`, ORGANIZATION_NAME_MESSAGES[problem]));
          }
          name = body.name.trim().replace(/\s+/g, ' ');
        }
        try {
          await workspace.updateDetails(
            organizationId,
            {
              ...(name !== undefined ? { name } : {}),
              ...(body.size !== undefined ? { size: body.size } : {}),
              ...(body.address !== undefined ? { address: body.address.trim() } : {}),
              ...(body.accessibilityServices !== undefined
                ? { accessibilityServices: body.accessibilityServices }
                : {}),
            },
            deps.now(),
          );
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          return reply.code(409).send(apiError('nameAlreadyUse', ORGANIZATION_ERRORS.nameAlreadyUse));
        }
        return (await organizations.find(organizationId))!;
      },
    }),
    route('GET', BUSINESS_ROUTES.workspaceBilling, {
      summary: "The organisation's subscriptions and invoices, read from the payment provider.",
      response: { 200: workspaceBillingResponseSchema, 502: apiErrorSchema, 503: apiErrorSchema },
      handler: async (request, reply) => {
        const customerId = await organizations.stripeCustomerOf(organizationIdOf(request));
        if (!customerId) {
          return { billing: false, subscriptions: [], invoices: [] } satisfies WorkspaceBillingResponse;
        }
        try {
          const [subscriptions, invoices] = await Promise.all([
            deps.payments.subscriptions(customerId),
            deps.payments.invoices(customerId),
          ]);
          return {
            billing: true,
            subscriptions: subscriptions.map(billingSubscriptionOf),
            invoices: invoices.map(billingInvoiceOf),
          } satisfies WorkspaceBillingResponse;
        } catch (error) {
          if (error instanceof PaymentsNotConfigured) {
            return reply.code(503).send(apiError('payments-not-configured', error.message));
          }
          deps.log('warn', 'could not read billing from the payment provider', {
            error: (error as Error).message,
          });
          return reply
            .code(502)
            .send(apiError('payment-error', `The payment service failed: ${(error as Error).message}`));
        }
      },
    }),
    route('GET', BUSINESS_ROUTES.workspaceSettings, {
      summary: "The organisation's vocabulary and Scribe limit.",
      response: { 200: workspaceSettingsSchema },
      handler: async (request, reply) => {
        const settings = await workspace.settings(organizationIdOf(request));
        if (!settings) return reply.code(404).send(apiError('not-found', 'No such organization.'));
        return settings;
      },
    }),
    route('PATCH', BUSINESS_ROUTES.workspaceSettings, {
      summary: "Sets the organisation's vocabulary, its Scribe limit, or both.",
      body: workspaceSettingsBodySchema,
      response: { 200: workspaceSettingsSchema },
      handler: async (request, reply) => {
        const body = request.body;
        const change: Partial<WorkspaceSettings> = {};
        if (body.vocabulary !== undefined) {
          const checked = checkVocabulary(body.vocabulary);
          if (!checked.ok) return reply.code(400).send(apiError('vocabulary-too-long', checked.message));
          change.vocabulary = checked.words;
        }
        if (body.scribeLimitMinutes !== undefined) {
          // The schema lets any value through: this rule answers with its own code.
          const limit = body.scribeLimitMinutes;
          if (
            limit !== null &&
            (typeof limit !== 'number' ||
              !Number.isInteger(limit) ||
              limit < 0 ||
              limit > SCRIBE_LIMIT_MAX_MINUTES)
          ) {
            return reply.code(400).send(apiError('invalid-scribe-limit', SCRIBE_LIMIT_MESSAGE));
          }
          change.scribeLimitMinutes = limit;
        }
        const organizationId = organizationIdOf(request);
        await workspace.setSettings(organizationId, change);
        return (await workspace.settings(organizationId))!;
      },
    }),
  ];
}

export function registerWorkspaceRoutes(app: FastifyInstance, deps: WorkspaceRouteDeps): void {
  registerDescribed(app, workspaceRoutes(deps));
}
