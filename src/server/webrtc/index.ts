/**
 * What the webrtc feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { loadWebRtcConfig } from './config';
export type { WebRtcConfig } from './config';
export { AudioPeerSession } from './peer-session';
export type { PeerState } from './peer-session';
export { registerTurnRoutes } from './turn-routes';
