/**
 * What the invitations feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { INVITATION_SOCKET_HANDLERS } from './socket-handlers';
export { openInvitations, type Invitations } from './service';
export { InvitationDesk } from './desk';
export { UserDirectory } from './directory';
