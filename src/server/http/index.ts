/**
 * What the http feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { registerAccessControl, routeKey } from './access-hook';
export type { RoomAccess } from './access-hook';
export { accessLookups } from './access-lookups';
export {
  AddressLimiter,
  CLIENT_LOG_ENTRY_LIMIT,
  GUEST_CREATION_LIMIT,
  sendTooManyRequests,
} from './address-limits';
export type { Limit, RateLimiter } from './address-limits';
export { accountOf, profileOf } from './authenticate';
export { clientAddressOf } from './client-address';
export { registerCors } from './cors';
export { registerErrorHandler } from './errors';
export { listen } from './listen';
export { registerOpenApi } from './openapi';
export { registerDescribed, routeIn } from './route';
export { registerRoutes } from './routes';
export type { AnyRoute } from './route';
export { registerSecurityHeaders } from './security-headers';
export { serverOptions } from './server-options';
export { answerJson, readBody } from './stand-in-http';
export { serveWebClientIfBuilt } from './web-client';
