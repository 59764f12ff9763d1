/**
 * What the recap feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { loadRecapConfig, recapStartupLine } from './config';
export type { HostedRecapConfig } from './config';
export { ConversationReportRepository } from './repository';
export { registerRecapRoutes } from './routes';
