/**
 * Meeting bot configuration (HEARKEN_MEETING_BOT_*): the provider's API URL and key and its
 * webhook secret. Without a key, meeting bots are off, unless HEARKEN_MEETING_BOT_STAND_IN=1 (or
 * HEARKEN_MEETING_BOT_STAND_IN_AUDIO, a 16 kHz WAV the stand-in's meetings sound like) asks the
 * local stand-in (stand-in.ts) to play the provider, for development and tests.
 * HEARKEN_MEETING_BOT_SELF_HOSTED=1 adds the self-hosted Chromium bot (self-hosted/), with
 * HEARKEN_MEETING_BOT_CHROMIUM the browser to run (Debian's /usr/bin/chromium by default).
 */
export interface MeetingBotConfig {
  /** Absent: the stand-in, on loopback. */
  provider?: { apiUrl: string; apiKey: string; webhookSecret: string };
  standInAudio?: string;
  /**
   * Without a key, the stand-in plays the provider only when asked for (development and tests):
   * otherwise a real meeting link would seem to be captioned by a bot that never joined it.
   */
  standIn: boolean;
  /** Accept the test meeting page's links (tests only). */
  allowTestMeetings: boolean;
  /**
   * The self-hosted bot (headless Chromium at this path) joins the meetings it has a page
   * driver for; the provider (or stand-in) keeps the rest. Absent: off.
   */
  selfHostedChromium?: string;
}

export function loadMeetingBotConfig(env: NodeJS.ProcessEnv): MeetingBotConfig {
  const apiKey = env.HEARKEN_MEETING_BOT_API_KEY?.trim();
  const apiUrl = env.HEARKEN_MEETING_BOT_API_URL?.trim() || 'https://us-west-2.recall.ai';
  const webhookSecret = env.HEARKEN_MEETING_BOT_WEBHOOK_SECRET?.trim();
  if (apiKey && !webhookSecret)
    throw new Error('HEARKEN_MEETING_BOT_WEBHOOK_SECRET is required with HEARKEN_MEETING_BOT_API_KEY');
  return {
    ...(apiKey && webhookSecret ? { provider: { apiUrl, apiKey, webhookSecret } } : {}),
    ...(env.HEARKEN_MEETING_BOT_STAND_IN_AUDIO
      ? { standInAudio: env.HEARKEN_MEETING_BOT_STAND_IN_AUDIO }
      : {}),
    standIn: env.HEARKEN_MEETING_BOT_STAND_IN === '1' || Boolean(env.HEARKEN_MEETING_BOT_STAND_IN_AUDIO),
    allowTestMeetings: env.HEARKEN_MEETING_BOT_TEST_MEETINGS === '1',
    ...(env.HEARKEN_MEETING_BOT_SELF_HOSTED === '1'
      ? { selfHostedChromium: env.HEARKEN_MEETING_BOT_CHROMIUM?.trim() || '/usr/bin/chromium' }
      : {}),
  };
}
