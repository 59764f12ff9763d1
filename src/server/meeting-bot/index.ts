/**
 * What the meeting-bot feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { loadMeetingBotConfig } from './config';
export type { MeetingBotConfig } from './config';
export { MeetingBotRepository } from './repository';
export type { MeetingBots } from './room-bots';
export { startMeetingBotService } from './service';
export type { MeetingBotService } from './service';
export { MEETING_BOT_SOCKET_HANDLERS } from './socket-handlers';
