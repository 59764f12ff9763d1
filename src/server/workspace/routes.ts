/**
 * Workspace admin (accounts.md: `workspace/*`; section 6: the admin invites members, sets the
 * Scribe limit and the organisation vocabulary): members and invitations, handing the admin role
 * over, removing a member, the organisation's details, payment and billing read from the payment
 * provider, and the organisation's settings. Who may call each is in the authorisation table
 * (the organisation's admin); the rules are in shared/workspace.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { apiError } from '../../shared/api';
import { BUSINESS_ROUTES } from '../../shared/business-api';
import { LICENCE_EMAIL_ERRORS, checkLicenceEmail } from '../../shared/licences';
import {
  ACCESSIBILITY_SERVICES,
  ORGANIZATION_ERRORS,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MESSAGES,
  ORGANIZATION_ROLES,
  ORGANIZATION_SIZES,
  checkOrganizationName,
} from '../../shared/organizations';
import { array, formatIssue, object, oneOf, optional, string, type Schema } from '../../shared/schema';
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
} from '../../shared/workspace';
import type { LicenceRepository } from '../licences/repository';
import { type OrganizationRepository, isUniqueViolation } from '../organizations/repository';
import type { WorkspaceRepository } from './repository';
import type { Payments } from '../payments/payments';

export interface WorkspaceRouteDeps {
  workspace: WorkspaceRepository;
  organizations: OrganizationRepository;
  licences: LicenceRepository;
  payments: Pick<Payments, 'invoices' | 'subscriptions'>;
  now(): number;
  log(level: 'info' | 'warn', message: string, extra?: Record<string, unknown>): void;
}

const inviteSchema = object({
  email: string({ max: 320 }),
  role: optional(oneOf(ORGANIZATION_ROLES)),
});
const memberUpdateSchema = object({ role: oneOf(ORGANIZATION_ROLES) });
const detailsSchema = object({
  name: optional(string({ max: ORGANIZATION_NAME_MAX_LENGTH })),
  size: optional(oneOf(ORGANIZATION_SIZES)),
  address: optional(string({ max: 300 })),
  accessibilityServices: optional(
    array(oneOf(ACCESSIBILITY_SERVICES), { max: ACCESSIBILITY_SERVICES.length }),
  ),
});
/** The words' own rule (checkVocabulary) comes after: this only bounds what is read. */
const settingsVocabularySchema = array(string({ max: 400 }), { max: 1000 });

function parse<T>(schema: Schema<T>, body: unknown, reply: FastifyReply): T | undefined {
  const result = schema.check(body ?? {});
  if (!result.ok) {
    void reply.code(400).send(apiError('invalid-body', formatIssue(result.issue)));
    return undefined;
  }
  return result.value;
}

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

export function registerWorkspaceRoutes(app: FastifyInstance, deps: WorkspaceRouteDeps): void {
  const { workspace, organizations, licences } = deps;

  app.get(BUSINESS_ROUTES.workspaceMembers, async (request) => ({
    members: await workspace.members(organizationIdOf(request), deps.now()),
  }));

  app.post(BUSINESS_ROUTES.workspaceMembers, async (request, reply) => {
    const body = parse(inviteSchema, request.body, reply);
    if (!body) return reply;
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
    if (account) {
      const org = (await organizations.find(organizationId))!;
      await organizations.addMember(org, account.avaId, deps.now());
      deps.log('info', 'a member was added to an organisation', { organizationId });
      return reply.code(201).send({ status: 'active' });
    }
    const invited = await workspace.invite(
      organizationId,
      checked.email,
      'member',
      request.principal.avaId ?? '',
      deps.now(),
    );
    if (!invited) return workspaceError(reply, 409, 'alreadyInvited');
    return reply.code(201).send({ status: 'invited' });
  });

  app.patch<{ Params: { member: string } }>(BUSINESS_ROUTES.workspaceMember, async (request, reply) => {
    const body = parse(memberUpdateSchema, request.body, reply);
    if (!body) return reply;
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
  });

  app.delete<{ Params: { member: string } }>(BUSINESS_ROUTES.workspaceMember, async (request, reply) => {
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
  });

  app.get(BUSINESS_ROUTES.workspaceOrganization, async (request, reply) => {
    const org = await organizations.find(organizationIdOf(request));
    if (!org) return reply.code(404).send(apiError('not-found', 'No such organization.'));
    return org;
  });

  app.patch(BUSINESS_ROUTES.workspaceOrganization, async (request, reply) => {
    const body = parse(detailsSchema, request.body, reply);
    if (!body) return reply;
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
  });

  app.get(BUSINESS_ROUTES.workspaceBilling, async (request, reply) => {
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
      deps.log('warn', 'could not read billing from the payment provider', {
        error: (error as Error).message,
      });
      return reply
        .code(502)
        .send(apiError('payment-error', `The payment service failed: ${(error as Error).message}`));
    }
  });

  app.get(BUSINESS_ROUTES.workspaceSettings, async (request, reply) => {
    const settings = await workspace.settings(organizationIdOf(request));
    if (!settings) return reply.code(404).send(apiError('not-found', 'No such organization.'));
    return settings;
  });

  app.patch(BUSINESS_ROUTES.workspaceSettings, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) {
      return reply.code(400).send(apiError('invalid-body', 'body: must be an object'));
    }
    const unknown = Object.keys(body).filter((k) => k !== 'vocabulary' && k !== 'scribeLimitMinutes');
    if (unknown.length > 0) {
      return reply.code(400).send(apiError('invalid-body', `${unknown[0]}: is not a setting`));
    }
    const change: Partial<WorkspaceSettings> = {};
    if (body.vocabulary !== undefined) {
      const listed = settingsVocabularySchema.check(body.vocabulary);
      if (!listed.ok) {
        return reply
          .code(400)
          .send(
            apiError(
              'invalid-body',
              formatIssue({ ...listed.issue, path: `vocabulary${listed.issue.path}` }),
            ),
          );
      }
      const checked = checkVocabulary(listed.value);
      if (!checked.ok) return reply.code(400).send(apiError('vocabulary-too-long', checked.message));
      change.vocabulary = checked.words;
    }
    if (body.scribeLimitMinutes !== undefined) {
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
  });
}
