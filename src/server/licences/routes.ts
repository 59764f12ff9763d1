/**
 * Licences and payment (accounts.md sections 4, 7, 8): the organisation's licences, its free
 * trial, buying (a Checkout session), assigning by email (empty unassigns), magic links,
 * cancelling one licence (seats.ts), the billing portal, and Stripe's webhook, the only place
 * paid licences come from.
 * Who may call each is in the authorisation table (its admin, by the organisation's row).
 */
import type { CreditRepository } from '../credits';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError, apiErrorSchema } from '../../shared/api';
import { BUSINESS_ROUTES } from '../../shared/business-api';
import {
  LICENCE_EMAIL_ERRORS,
  type LicenceEmailErrorCode,
  type LicencesResponse,
  activateTrialBodySchema,
  checkLicenceEmail,
  checkoutResponseSchema,
  createLicencesBodySchema,
  licenceCancellation,
  licenceEmailErrorKey,
  licenceResponseSchema,
  licenceState,
  licencesResponseSchema,
  magicLinkBodySchema,
  magicLinkResponseSchema,
  updateLicenceBodySchema,
} from '../../shared/licences';
import { ORGANIZATION_ERRORS } from '../../shared/organizations';
import { ROUTES, signUpToDashboardPath } from '../../shared/routes';
import { literal, object, oneOf, string } from '../../shared/schema';
import { isPaidSubscriber, type Subscription } from '../../shared/user';
import type { LicenceRepository, StoredLicence } from './repository';
import type { OrganizationRepository } from '../organizations';
import type { WorkspaceRepository } from '../workspace';
import { type Payments, type EventOutcome, PaymentsNotConfigured, applyStripeEvent } from '../payments';
import { profileOf, type AnyRoute, registerDescribed, routeIn } from '../http';
import { cancelSeat, restoreSeat } from './seats';
import { type Mailer, licenceLink } from '../mail';

const route = routeIn('licences');

export interface LicenceRouteDeps {
  licences: LicenceRepository;
  organizations: OrganizationRepository;
  /** Invites a licence's recipient to its organisation: nobody is enrolled by a licence. */
  workspace: Pick<WorkspaceRepository, 'invite'>;
  payments: Payments;
  /** Scribe time bought is added to the buyer's credit (payments/webhook-events.ts). */
  credits: Pick<CreditRepository, 'grant'>;
  accountExists(avaId: string): Promise<boolean>;
  /** A licence sent as a link goes out by email when a mail server is configured (mail/). */
  mail: Pick<Mailer, 'send'>;
  /** The web app's origin a request came from (Checkout and the portal send people back there). */
  webOrigin(request: FastifyRequest): string;
  now(): number;
  log(level: 'info' | 'warn', message: string, extra?: Record<string, unknown>): void;
}

/** A licence of the organisation, named in the path. */
const licenceParamsSchema = object({ id: string() });

/** What the webhook answers Stripe: the event was taken, and what it did (for Stripe's log). */
const stripeWebhookResponseSchema = object({
  received: literal(true),
  outcome: oneOf(['applied', 'duplicate', 'ignored'] as const satisfies readonly EventOutcome[]),
});

/** The payment provider's failure, told to the admin (its message names what it refused). */
function paymentError(reply: FastifyReply, error: unknown) {
  if (error instanceof PaymentsNotConfigured) {
    return reply.code(503).send(apiError('payments-not-configured', error.message));
  }
  return reply
    .code(502)
    .send(apiError('payment-error', `The payment service failed: ${(error as Error).message}`));
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

export function licenceRoutes(deps: LicenceRouteDeps): AnyRoute[] {
  const { licences, organizations, payments } = deps;
  const seatDeps = { licences, payments, now: deps.now };

  async function licenceOf(request: FastifyRequest<{ Params: { id: string } }>): Promise<StoredLicence> {
    const stored = await licences.find(request.params.id);
    // The access hook found the organisation through this licence; it cannot have gone since
    // except by deleting the organisation, which takes its licences with it.
    if (!stored || stored.organizationId !== organizationIdOf(request)) throw new Error('licence vanished');
    return stored;
  }

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

  return [
    route('GET', BUSINESS_ROUTES.licences, {
      summary: "The caller's organisation's licences, and whether it has billing to show.",
      response: { 200: licencesResponseSchema },
      handler: async (request) => {
        const organizationId = organizationIdOf(request);
        const org = await organizations.find(organizationId);
        return {
          licences: await licences.list(organizationId),
          ...(org ? { organizationName: org.name } : {}),
          billing: (await organizations.stripeCustomerOf(organizationId)) !== undefined,
        } satisfies LicencesResponse;
      },
    }),
    route('POST', BUSINESS_ROUTES.activateTrial, {
      summary: "Starts the organisation's free trial (once per organisation).",
      body: activateTrialBodySchema,
      response: { 201: licenceResponseSchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        if (request.body.avaId !== request.principal.avaId) {
          return reply.code(403).send(apiError('forbidden', 'avaId is not the signed-in account.'));
        }
        return startTrial(request, reply, undefined);
      },
    }),
    route('POST', BUSINESS_ROUTES.licences, {
      summary: 'Buys licences: answers the checkout page to send the browser to (or starts the trial).',
      body: createLicencesBodySchema,
      response: {
        200: checkoutResponseSchema,
        201: licenceResponseSchema,
        409: apiErrorSchema,
        502: apiErrorSchema,
        503: apiErrorSchema,
      },
      handler: async (request, reply) => {
        const body = request.body;
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
          return paymentError(reply, error);
        }
      },
    }),
    route('POST', BUSINESS_ROUTES.magicLink, {
      summary: 'Sends one of the organisation’s free licences to an email as a link to claim it.',
      body: magicLinkBodySchema,
      response: { 200: magicLinkResponseSchema, 409: apiErrorSchema },
      handler: async (request, reply) => {
        const body = request.body;
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
        const link = `${deps.webOrigin(request)}${signUpToDashboardPath()}`;
        // The licence waits for that address whether or not the mail goes out.
        const organization = await deps.organizations.find(organizationId);
        const delivery = await deps.mail.send({
          to: checked.email,
          ...licenceLink({ organizationName: organization?.name ?? '', link }),
        });
        return { licence: (await licences.find(stored.licence.id))!.licence, link, delivery };
      },
    }),
    route('PATCH', BUSINESS_ROUTES.licence, {
      summary: 'Assigns a licence to an email (empty unassigns) or sets whether its purchase renews.',
      params: licenceParamsSchema,
      body: updateLicenceBodySchema,
      response: { 200: licenceResponseSchema, 409: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema },
      handler: async (request, reply) => {
        const body = request.body;
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
            // The licence is theirs; the organisation is theirs only if they accept its
            // invitation, so their usage is not in its report before (issue 29 F-09).
            if (account && !account.organizationId) {
              await deps.workspace.invite(
                organizationId,
                checked.email,
                'member',
                request.principal.avaId ?? '',
                deps.now(),
              );
            }
          }
        }
        const autoRenewal = body.licence?.autoRenewal;
        if (autoRenewal !== undefined && autoRenewal !== stored.licence.autoRenewal) {
          if (stored.licence.offerId === 'trial') {
            return reply
              .code(409)
              .send(apiError('not-renewable', 'A trial does not renew: buy licences instead.'));
          }
          if (autoRenewal && licenceState(stored.licence, deps.now()) === 'deactivated') {
            return reply
              .code(409)
              .send(apiError('licence-deactivated', 'This licence has ended: buy licences instead.'));
          }
          try {
            // Renewal is the licence's own: off, it leaves its subscription (as cancelling does);
            // on, it rejoins it, or its subscription renews again if that had stopped whole.
            if (!autoRenewal) await cancelSeat(seatDeps, stored);
            else if (stored.cancelled) await restoreSeat(seatDeps, stored);
            else await payments.setRenewal(stored.purchaseId, true);
          } catch (error) {
            return paymentError(reply, error);
          }
        }
        return { licence: (await licences.find(stored.licence.id))!.licence };
      },
    }),
    route('DELETE', BUSINESS_ROUTES.licence, {
      summary:
        'Cancels a licence: a trial ends now; a paid one runs to the end of its period and leaves its subscription (one licence fewer renews; the last one ends it then).',
      params: licenceParamsSchema,
      response: { 200: licenceResponseSchema, 502: apiErrorSchema, 503: apiErrorSchema },
      handler: async (request, reply) => {
        const stored = await licenceOf(request);
        if (licenceCancellation(stored.licence).ends === 'now') {
          await licences.endNow(stored.licence.id, deps.now());
        } else if (stored.licence.autoRenewal) {
          // Stripe's event (customer.subscription.updated) records the subscription's change.
          try {
            await cancelSeat(seatDeps, stored);
          } catch (error) {
            return paymentError(reply, error);
          }
        }
        return { licence: (await licences.find(stored.licence.id))!.licence };
      },
    }),
    route('POST', BUSINESS_ROUTES.billingPortal, {
      summary: "The payment provider's customer portal for the organisation's billing.",
      response: {
        200: checkoutResponseSchema,
        409: apiErrorSchema,
        502: apiErrorSchema,
        503: apiErrorSchema,
      },
      handler: async (request, reply) => {
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
          return paymentError(reply, error);
        }
      },
    }),
  ];
}

/**
 * Stripe's webhook. No body schema: the body stays the text Stripe sent, since its signature is
 * over those bytes; the event is read once the signature holds (payments.verify).
 */
export function stripeWebhookRoute(deps: LicenceRouteDeps): AnyRoute {
  return route('POST', BUSINESS_ROUTES.stripeWebhook, {
    summary: 'Called by Stripe: a signed payment event (Stripe-Signature), the only source of paid licences.',
    response: { 200: stripeWebhookResponseSchema },
    handler: async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = deps.payments.verify(raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        deps.log('warn', 'a webhook whose signature does not verify was refused', {
          error: (error as Error).message,
        });
        return reply
          .code(400)
          .send(apiError('invalid-signature', 'This event is not signed by the payment provider.'));
      }
      const outcome = await applyStripeEvent(event, {
        licences: deps.licences,
        organizationExists: async (id) => (await deps.organizations.find(id)) !== undefined,
        credits: deps.credits,
        accountExists: deps.accountExists,
        now: deps.now,
        log: deps.log,
      });
      return { received: true, outcome };
    },
  });
}

export function registerLicenceRoutes(app: FastifyInstance, deps: LicenceRouteDeps): void {
  registerDescribed(app, licenceRoutes(deps));
  // The webhook needs the body exactly as sent (the signature covers its bytes): in its own
  // scope, JSON is kept as a string.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_r, body, done) => done(null, body),
    );
    registerDescribed(scope, [stripeWebhookRoute(deps)]);
  });
}
