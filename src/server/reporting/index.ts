/**
 * What the reporting feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { conversationUsage } from './conversation-usage';
export type { UsageLine } from './conversation-usage';
export { registerReportingRoutes } from './routes';
export { UsageReportRepository } from './usage-report';
