/**
 * What the voiced-replies feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { startTts } from './engine';
export { registerTtsRoutes } from './routes';
export { VOICED_REPLY_SOCKET_HANDLERS } from './socket-handlers';
export { voiceOfRequest } from './voice-choice';
