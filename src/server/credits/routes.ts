/**
 * Credits (accounts.md section 7): GET /api/v1.1/user-credits/{avaId}, one's own only (the
 * table's `own`); and buying one's own Scribe time through Checkout (issue 30, item 4), which
 * the payment webhook adds once paid (payments/webhook-events.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiError, apiErrorSchema } from '../../shared/api';
import { BUSINESS_ROUTES } from '../../shared/business-api';
import { userCreditsSchema } from '../../shared/credits';
import { checkoutResponseSchema } from '../../shared/licences';
import { object, string } from '../../shared/schema';
import { buyScribeTimeBodySchema } from '../../shared/scribe/time';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import { type Payments, PaymentsNotConfigured } from '../payments';
import type { CreditRepository } from './repository';

const route = routeIn('credits');

export interface CreditRouteDeps {
  credits: CreditRepository;
  payments: Pick<Payments, 'createScribeTimeCheckout'>;
  /** The web app's origin a request came from (Checkout sends people back there). */
  webOrigin(request: FastifyRequest): string;
  log(level: 'info' | 'warn', message: string, extra?: Record<string, unknown>): void;
}

export function creditRoutes(deps: CreditRouteDeps): AnyRoute[] {
  return [
    route('GET', BUSINESS_ROUTES.userCredits, {
      summary: "The caller's own Scribe and Premium recognition credit, in milliseconds.",
      params: object({ avaId: string({ min: 1, max: 128 }) }),
      response: { 200: userCreditsSchema },
      handler: (request) => deps.credits.get(request.params.avaId),
    }),
    route('POST', BUSINESS_ROUTES.buyScribeTime, {
      summary:
        "Buys hours of the caller's own Scribe time: answers the checkout page to send the browser to.",
      body: buyScribeTimeBodySchema,
      response: { 200: checkoutResponseSchema, 502: apiErrorSchema, 503: apiErrorSchema },
      handler: async (request, reply) => {
        const principal = request.principal;
        const profile = principal.kind === 'account' ? principal.profile : undefined;
        try {
          const url = await deps.payments.createScribeTimeCheckout({
            avaId: principal.avaId ?? '',
            email: profile ? Object.values(profile.emails)[0] : undefined,
            hours: request.body.hours,
            language: request.body.language,
            origin: deps.webOrigin(request),
          });
          return { url };
        } catch (error) {
          if (error instanceof PaymentsNotConfigured) {
            return reply.code(503).send(apiError('payments-not-configured', error.message));
          }
          deps.log('warn', 'could not open a Scribe time checkout', { error: (error as Error).message });
          return reply
            .code(502)
            .send(apiError('payment-error', `The payment service failed: ${(error as Error).message}`));
        }
      },
    }),
  ];
}

export function registerCreditRoutes(app: FastifyInstance, deps: CreditRouteDeps): void {
  registerDescribed(app, creditRoutes(deps));
}
