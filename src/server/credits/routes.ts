/** Credits (accounts.md section 7): GET /api/v1.1/user-credits/{avaId}, one's own only (the table's `own`). */
import type { FastifyInstance } from 'fastify';
import { BUSINESS_ROUTES } from '../../shared/business-api';
import type { CreditRepository } from './repository';

export function registerCreditRoutes(app: FastifyInstance, deps: { credits: CreditRepository }): void {
  app.get<{ Params: { avaId: string } }>(BUSINESS_ROUTES.userCredits, async (request) =>
    deps.credits.get(request.params.avaId),
  );
}
