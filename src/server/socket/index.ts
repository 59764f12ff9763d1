/**
 * What the socket feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export type { MemberContext, SocketHandler, SocketHandlers } from './context';
export { outgoingVerdict } from './transport';
export type { ConnectionSocket } from './transport';
export { handleConnection } from './connection';
export type { ConnectionDeps } from './connection';
export { attachUpgradeRouter } from './upgrade-router';
export type { UpgradeHandler, UpgradeRouter } from './upgrade-router';
export { IdentitySockets } from './identity-sockets';
