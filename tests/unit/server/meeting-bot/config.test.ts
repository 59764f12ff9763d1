import { describe, expect, it } from 'vitest';
import { loadMeetingBotConfig } from '../../../../src/server/meeting-bot/config';

describe('meeting bot configuration', () => {
  it('is off without a provider key unless the stand-in is asked for', () => {
    expect(loadMeetingBotConfig({})).toMatchObject({ standIn: false });
    expect(loadMeetingBotConfig({}).provider).toBeUndefined();
    expect(loadMeetingBotConfig({ HEARKEN_MEETING_BOT_STAND_IN: '1' }).standIn).toBe(true);
    expect(loadMeetingBotConfig({ HEARKEN_MEETING_BOT_STAND_IN_AUDIO: '/tmp/meeting.wav' })).toMatchObject({
      standIn: true,
      standInAudio: '/tmp/meeting.wav',
    });
  });

  it('adds the self-hosted Chromium bot only when asked for, with Debian’s Chromium unless told another', () => {
    expect(loadMeetingBotConfig({}).selfHostedChromium).toBeUndefined();
    expect(loadMeetingBotConfig({ HEARKEN_MEETING_BOT_SELF_HOSTED: '1' }).selfHostedChromium).toBe(
      '/usr/bin/chromium',
    );
    expect(
      loadMeetingBotConfig({
        HEARKEN_MEETING_BOT_SELF_HOSTED: '1',
        HEARKEN_MEETING_BOT_CHROMIUM: '/opt/chrome',
      }).selfHostedChromium,
    ).toBe('/opt/chrome');
  });

  it('uses the provider with its key and webhook secret, and refuses a key without a secret', () => {
    expect(
      loadMeetingBotConfig({
        HEARKEN_MEETING_BOT_API_KEY: 'k',
        HEARKEN_MEETING_BOT_WEBHOOK_SECRET: 'whsec_x',
      }).provider,
    ).toEqual({ apiUrl: 'https://us-west-2.recall.ai', apiKey: 'k', webhookSecret: 'whsec_x' });
    expect(() => loadMeetingBotConfig({ HEARKEN_MEETING_BOT_API_KEY: 'k' })).toThrow(/WEBHOOK_SECRET/);
  });
});
