/**
 * What the accounts feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { ConversationMetricsRepository, countEndedConversation } from './conversation-metrics';
export { GuestRepository } from './guests-repository';
export { registerUserRoutes } from './routes';
export { UserRepository } from './users-repository';
