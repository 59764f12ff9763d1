/**
 * Licences and payment (accounts.md sections 4, 7, 8): the organisation's licences, its free
 * trial, buying (a Checkout session), assigning by email (empty unassigns), magic links,
 * cancelling, the billing portal, and Stripe's webhook, the only place paid licences come from.
 * Who may call each is in the authorisation table (its admin, by the organisation's row).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../../shared/api';
import { BUSINESS_ROUTES } from '../../shared/business-api';
import {
  LICENCE_COUNT_MAX,
  LICENCE_COUNT_MIN,
  LICENCE_EMAIL_ERRORS,
  LICENCE_INTERVALS,
  LICENCE_PLAN,
  type LicenceEmailErrorCode,
  type LicencesResponse,
  checkLicenceEmail,
  licenceEmailErrorKey,
  licenceState,
} from '../../shared/licences';
import { ORGANIZATION_ERRORS } from '../../shared/organizations';
import { ROUTES } from '../../shared/routes';
import { UI_LANGUAGES } from '../../shared/constants';
import {
  boolean,
  formatIssue,
  literal,
  number,
  object,
  oneOf,
  optional,
  string,
  type Schema,
} from '../../shared/schema';
import { isPaidSubscriber, type Subscription } from '../../shared/user';
import type { LicenceRepository, StoredLicence } from './repository';
import type { OrganizationRepository } from '../organizations/repository';
import type { Payments } from '../payments/payments';
import { applyStripeEvent } from '../payments/webhook-events';
import { profileOf } from '../http/authenticate';

export interface LicenceRouteDeps {
  licences: LicenceRepository;
  organizations: OrganizationRepository;
  payments: Payments;
  /** The web app's origin a request came from (Checkout and the portal send people back there). */
  webOrigin(request: FastifyRequest): string;
  now(): number;
  log(level: 'info' | 'warn', message: string, extra?: Record<string, unknown>): void;
}

const language = optional(oneOf(UI_LANGUAGES));
const email = string({ max: 320 });

const trialSchema = object({
  avaId: string({ min: 1, max: 128 }),
  channel: oneOf(['web', 'desktop'] as const),
  planType: literal(LICENCE_PLAN),
});

const buySchema = object({
  interval: oneOf(LICENCE_INTERVALS),
  count: number({ integer: true, min: LICENCE_COUNT_MIN, max: LICENCE_COUNT_MAX }),
  language,
  trial: optional(boolean()),
});

const magicLinkSchema = object({ licenceId: string({ min: 1, max: 64 }), recipient: email, language });

const updateSchema = object({
  licence: optional(object({ autoRenewal: optional(boolean()) })),
  recipient: optional(email),
  language,
});

function parse<T>(schema: Schema<T>, body: unknown, reply: FastifyReply): T | undefined {
  const result = schema.check(body ?? {});
  if (!result.ok) {
    void reply.code(400).send(apiError('invalid-body', formatIssue(result.issue)));
    return undefined;
  }
  return result.value;
}

function emailError(reply: FastifyReply, status: number, code: LicenceEmailErrorCode) {
  return reply.code(status).send(apiError(licenceEmailErrorKey(code), LICENCE_EMAIL_ERRORS[code]));
}

function organizationIdOf(request: FastifyRequest): string {
  const access = request.organizationAccess;
  if (!access)
    throw new Error(
      `${request.method} ${request.url} reached an organisation handler without its organisation`,
    );
  return access.organizationId;
}

/**
 * Whether `address` may be given a licence of `organizationId` (section 8): not when another
 * administrator's organisation manages it, not when it already has a Pro plan.
 */
async function emailProblem(
  deps: LicenceRouteDeps,
  organizationId: string,
  address: string,
  licenceId: string,
): Promise<LicenceEmailErrorCode | undefined> {
  const nowMs = deps.now();
  const account = await deps.licences.accountByEmail(address);
  if (account?.organizationId && account.organizationId !== organizationId) return 'already_assigned';
  const others = [
    ...(await deps.licences.activeForEmail(address, nowMs)),
    ...(account ? await deps.licences.activeHeldBy(account.avaId, nowMs) : []),
  ].filter((l) => l.licence.id !== licenceId);
  if (others.some((l) => l.organizationId !== organizationId)) return 'already_assigned';
  if (others.length > 0) return 'already_pro';
  // A Pro plan of their own (not from a licence): a licence would pay twice for it.
  if (account && isPaidSubscriber(account.subscription as Subscription)) return 'already_pro';
  return undefined;
}

export function registerLicenceRoutes(app: FastifyInstance, deps: LicenceRouteDeps): void {
  const { licences, organizations, payments } = deps;

  async function licenceOf(request: FastifyRequest<{ Params: { id: string } }>): Promise<StoredLicence> {
    const stored = await licences.find(request.params.id);
    // The access hook found the organisation through this licence; it cannot have gone since
    // except by deleting the organisation, which takes its licences with it.
    if (!stored || stored.organizationId !== organizationIdOf(request)) throw new Error('licence vanished');
    return stored;
  }

  app.get(BUSINESS_ROUTES.licences, async (request) => {
    const organizationId = organizationIdOf(request);
    const org = await organizations.find(organizationId);
    return {
      licences: await licences.list(organizationId),
      ...(org ? { organizationName: org.name } : {}),
      billing: (await organizations.stripeCustomerOf(organizationId)) !== undefined,
    } satisfies LicencesResponse;
  });

  async function startTrial(request: FastifyRequest, reply: FastifyReply, lang: string | undefined) {
    const organizationId = organizationIdOf(request);
    if (await licences.hasHadTrial(organizationId)) {
      return reply.code(409).send(apiError('trialFailed', ORGANIZATION_ERRORS.trialFailed));
    }
    const profile = profileOf(request)!;
    const adminEmail = Object.values(profile.emails)[0]?.toLowerCase();
    const licence = await licences.createTrial(
      organizationId,
      { avaId: profile.avaId, ...(adminEmail ? { email: adminEmail } : {}) },
      lang,
      deps.now(),
    );
    return reply.code(201).send({ licence });
  }

  app.post(BUSINESS_ROUTES.activateTrial, async (request, reply) => {
    const body = parse(trialSchema, request.body, reply);
    if (!body) return reply;
    if (body.avaId !== request.principal.avaId) {
      return reply.code(403).send(apiError('forbidden', 'avaId is not the signed-in account.'));
    }
    return startTrial(request, reply, undefined);
  });

  app.post(BUSINESS_ROUTES.licences, async (request, reply) => {
    const body = parse(buySchema, request.body, reply);
    if (!body) return reply;
    if (body.trial) return startTrial(request, reply, body.language);
    const organizationId = organizationIdOf(request);
    const org = (await organizations.find(organizationId))!;
    const profile = profileOf(request)!;
    const adminEmail = Object.values(profile.emails)[0];
    try {
      let customerId = await organizations.stripeCustomerOf(organizationId);
      if (!customerId) {
        await organizations.setStripeCustomer(
          organizationId,
          await payments.createCustomer(organizationId, org.name, adminEmail),
        );
        // The first of two checkouts at once keeps its customer; both use that one.
        customerId = (await organizations.stripeCustomerOf(organizationId))!;
      }
      const url = await payments.createCheckout({
        organizationId,
        organizationName: org.name,
        customerId,
        adminEmail,
        interval: body.interval,
        count: body.count,
        language: body.language,
        origin: deps.webOrigin(request),
      });
      return { url };
    } catch (error) {
      deps.log('warn', 'could not open a checkout', { error: (error as Error).message });
      return reply
        .code(502)
        .send(apiError('payment-error', `The payment service failed: ${(error as Error).message}`));
    }
  });

  app.post(BUSINESS_ROUTES.magicLink, async (request, reply) => {
    const body = parse(magicLinkSchema, request.body, reply);
    if (!body) return reply;
    const organizationId = organizationIdOf(request);
    const stored = await licences.find(body.licenceId);
    if (!stored || stored.organizationId !== organizationId) {
      return reply.code(404).send(apiError('licence-not-found', 'No such licence in your organization.'));
    }
    if (stored.assignedAvaId || licenceState(stored.licence, deps.now()) === 'deactivated') {
      return reply
        .code(409)
        .send(apiError('licence-not-free', 'This licence is held or has ended: choose a free one.'));
    }
    const checked = checkLicenceEmail(body.recipient);
    if (checked.kind !== 'assign') return emailError(reply, 400, 'invalid');
    const problem = await emailProblem(deps, organizationId, checked.email, stored.licence.id);
    if (problem) return emailError(reply, 409, problem);
    if (!(await licences.sendAsMagicLink(stored.licence.id, checked.email, body.language))) {
      return reply
        .code(409)
        .send(apiError('licence-not-free', 'This licence is held or has ended: choose a free one.'));
    }
    const link = `${deps.webOrigin(request)}${ROUTES.signup}?redirect=${encodeURIComponent(ROUTES.accountDashboard)}`;
    return { licence: (await licences.find(stored.licence.id))!.licence, link };
  });

  app.patch<{ Params: { id: string } }>(BUSINESS_ROUTES.licence, async (request, reply) => {
    const body = parse(updateSchema, request.body, reply);
    if (!body) return reply;
    const stored = await licenceOf(request);
    const organizationId = stored.organizationId;
    if (body.recipient !== undefined) {
      const checked = checkLicenceEmail(body.recipient);
      if (checked.kind === 'invalid') return emailError(reply, 400, 'invalid');
      if (checked.kind === 'unassign') {
        await licences.unassign(stored.licence.id, deps.now());
      } else {
        if (licenceState(stored.licence, deps.now()) === 'deactivated') {
          return reply
            .code(409)
            .send(apiError('licence-deactivated', 'This licence has ended: it cannot be assigned.'));
        }
        const problem = await emailProblem(deps, organizationId, checked.email, stored.licence.id);
        if (problem) return emailError(reply, 409, problem);
        const account = await licences.accountByEmail(checked.email);
        await licences.assign(stored.licence.id, checked.email, account?.avaId, deps.now());
        if (account && !account.organizationId) {
          const org = (await organizations.find(organizationId))!;
          await organizations.addMember(org, account.avaId, deps.now());
        }
      }
    }
    if (body.licence?.autoRenewal !== undefined && body.licence.autoRenewal !== stored.licence.autoRenewal) {
      if (stored.licence.offerId === 'trial') {
        return reply
          .code(409)
          .send(apiError('not-renewable', 'A trial does not renew: buy licences instead.'));
      }
      try {
        await payments.setRenewal(stored.purchaseId, body.licence.autoRenewal);
      } catch (error) {
        return reply
          .code(502)
          .send(apiError('payment-error', `The payment service failed: ${(error as Error).message}`));
      }
    }
    return { licence: (await licences.find(stored.licence.id))!.licence };
  });

  app.delete<{ Params: { id: string } }>(BUSINESS_ROUTES.licence, async (request, reply) => {
    const stored = await licenceOf(request);
    if (stored.licence.offerId === 'trial') {
      await licences.endNow(stored.licence.id, deps.now());
    } else if (stored.licence.autoRenewal) {
      // Paid licences run to the end of what was paid; the subscription stops renewing, and
      // Stripe's event (customer.subscription.updated) records it.
      try {
        await payments.setRenewal(stored.purchaseId, false);
      } catch (error) {
        return reply
          .code(502)
          .send(apiError('payment-error', `The payment service failed: ${(error as Error).message}`));
      }
    }
    return { licence: (await licences.find(stored.licence.id))!.licence };
  });

  app.post(BUSINESS_ROUTES.billingPortal, async (request, reply) => {
    const customerId = await organizations.stripeCustomerOf(organizationIdOf(request));
    if (!customerId)
      return reply
        .code(409)
        .send(apiError('no-billing', 'Nothing was bought yet: there is no billing to show.'));
    try {
      return {
        url: await payments.portal(customerId, `${deps.webOrigin(request)}${ROUTES.accountDashboard}`),
      };
    } catch (error) {
      return reply
        .code(502)
        .send(apiError('payment-error', `The payment service failed: ${(error as Error).message}`));
    }
  });

  // The webhook needs the body exactly as sent (the signature covers its bytes): in its own
  // scope, JSON is kept as a string.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_r, body, done) => done(null, body),
    );
    scope.post(BUSINESS_ROUTES.stripeWebhook, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = payments.verify(raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        deps.log('warn', 'a webhook whose signature does not verify was refused', {
          error: (error as Error).message,
        });
        return reply
          .code(400)
          .send(apiError('invalid-signature', 'This event is not signed by the payment provider.'));
      }
      const outcome = await applyStripeEvent(event, {
        licences,
        organizationExists: async (id) => (await organizations.find(id)) !== undefined,
        now: deps.now,
        log: deps.log,
      });
      return { received: true, outcome };
    });
  });
}
