/**
 * English messages of the connect-to-online-meetings panel (issue 16). The error texts are the
 * shared catalogue's (shared/meeting-bot.ts), so the server's keys and the panel's words cannot
 * drift apart. Under `connectToOnlineMeetings.` in en.ts.
 */
import { BOT_ERROR_TEXTS, BOT_PANEL_TEXTS } from '../../shared/meeting-bot';

const meetingBotEn = {
  title: 'Connect to online meetings',
  noProvider: 'This server has no meeting bot provider, so no bot can join a meeting from here.',
  noProviderOperator:
    'The person who runs this server can set {{variables}} (or turn on the self-hosted bot) and restart it.',
  linkLabel: 'Meeting link',
  linkHelp: 'A Zoom, Google Meet or Microsoft Teams link. A bot joins the meeting and captions it here.',
  connect: 'Connect bot',
  retry: 'Retry',
  disconnect: 'Disconnect bot',
  ...BOT_PANEL_TEXTS,
  speakLabel: 'Say in the meeting',
  speakHelp: 'Type a reply; the bot speaks it aloud in the meeting.',
  speak: 'Speak',
  spoken: 'Sent to the meeting.',
  statuses: {
    NOT_CONNECTED: 'Not connected',
    LOADING: 'Connecting the bot to the meeting…',
    WAITING_FOR_HOST: 'Waiting for the meeting’s host to let the bot in',
    CONNECTING_TO_AUDIO: 'Connecting to the meeting’s audio…',
    CONNECTED: 'Connected to the meeting',
    CAPTIONING: 'Captioning the meeting',
    ERROR: 'The bot could not caption the meeting',
    DISCONNECT: 'The bot left the meeting',
  },
  errors: BOT_ERROR_TEXTS,
};

export default meetingBotEn;
