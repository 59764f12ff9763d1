/**
 * What the boost feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { ConnectionBoost } from './connection-boost';
export { BoostWordsRepository } from './repository';
export { registerBoostWordRoutes } from './routes';
export { BOOST_SOCKET_HANDLERS } from './socket-handlers';
