import { describe, expect, it } from 'vitest';
import { integrationsOffered } from '../../../src/server/media-services';
import { loadMeetingBotConfig } from '../../../src/server/meeting-bot/config';

describe('which media participants this server offers (GET /api/v1/config integrations)', () => {
  it('offers neither without a provider, a stand-in or the self-hosted bot', () => {
    expect(integrationsOffered({ meetingBot: loadMeetingBotConfig({}) })).toEqual({
      meetingBots: false,
      phoneCalls: false,
    });
  });

  it('offers meeting bots with a provider key, the stand-in or the self-hosted bot', () => {
    for (const env of [
      { HEARKEN_MEETING_BOT_API_KEY: 'k', HEARKEN_MEETING_BOT_WEBHOOK_SECRET: 's' },
      { HEARKEN_MEETING_BOT_STAND_IN: '1' },
      { HEARKEN_MEETING_BOT_SELF_HOSTED: '1' },
    ])
      expect(integrationsOffered({ meetingBot: loadMeetingBotConfig(env) }).meetingBots).toBe(true);
  });

  it('offers phone calls with the stand-in', () => {
    expect(
      integrationsOffered({
        phoneCalls: { standIn: true } as Parameters<typeof integrationsOffered>[0]['phoneCalls'],
      }).phoneCalls,
    ).toBe(true);
  });
});
