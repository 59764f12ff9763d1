/**
 * What the scribes feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export type { ScribeDesk } from './desk';
export { openScribeDesk, openScribeTraining } from './open-desk';
export { ScribeRequestRepository } from './repository';
export { registerScribeRoutes } from './routes';
export { SCRIBE_SOCKET_HANDLERS } from './socket-handlers';
export type { ScribeTraining } from './training';
export { ViewerDelay } from './viewer-delay';
