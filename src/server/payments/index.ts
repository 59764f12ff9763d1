/**
 * What the payments feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { loadPaymentsConfig, loadPlacesApiKey } from './config';
export type { PaymentsConfig } from './config';
export { Payments, PaymentsNotConfigured } from './payments';
export { PAYMENTS_NOT_CONFIGURED } from './config';
export { applyStripeEvent } from './webhook-events';
export type { EventOutcome } from './webhook-events';
