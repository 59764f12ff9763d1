/**
 * What the credits feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { PREMIUM_NOT_ENTITLED_MESSAGE, PremiumChoice } from './premium-choice';
export { PremiumMeter, realMeterClock } from './premium-meter';
export type { MeterClock } from './premium-meter';
export { CreditRepository } from './repository';
export { registerCreditRoutes } from './routes';
