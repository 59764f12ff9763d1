/**
 * What the client-logs feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { ClientLogRepository } from './repository';
export { registerClientLogRoutes } from './routes';
export { startClientLogSweep } from './retention';
