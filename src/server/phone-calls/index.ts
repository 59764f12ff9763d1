/**
 * What the phone-calls feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { loadPhoneCallConfig } from './config';
export type { PhoneCallConfig } from './config';
export { PhoneCallRepository } from './repository';
export { startPhoneCallService } from './service';
export type { PhoneCallService } from './service';
