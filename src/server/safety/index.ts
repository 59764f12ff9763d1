/**
 * What the safety feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { installSafetyNet } from './process-safety-net';
export { acceptUpgrade, dropUpgrade, guardSocket, refuseUpgrade } from './raw-sockets';
