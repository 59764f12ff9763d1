/** Credits (accounts.md section 7): GET /api/v1.1/user-credits/{avaId}, one's own only (the table's `own`). */
import type { FastifyInstance } from 'fastify';
import { BUSINESS_ROUTES } from '../../shared/business-api';
import { userCreditsSchema } from '../../shared/credits';
import { object, string } from '../../shared/schema';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import type { CreditRepository } from './repository';

const route = routeIn('credits');

export function creditRoutes(deps: { credits: CreditRepository }): AnyRoute[] {
  return [
    route('GET', BUSINESS_ROUTES.userCredits, {
      summary: "The caller's own Scribe and Premium recognition credit, in milliseconds.",
      params: object({ avaId: string({ min: 1, max: 128 }) }),
      response: { 200: userCreditsSchema },
      handler: (request) => deps.credits.get(request.params.avaId),
    }),
  ];
}

export function registerCreditRoutes(app: FastifyInstance, deps: { credits: CreditRepository }): void {
  registerDescribed(app, creditRoutes(deps));
}
