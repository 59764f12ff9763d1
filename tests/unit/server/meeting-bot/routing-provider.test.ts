import { describe, expect, it } from 'vitest';
import type { CreateBot, MeetingBotProvider } from '../../../../src/server/meeting-bot/provider';
import { NO_PROVIDER, RoutingProvider } from '../../../../src/server/meeting-bot/routing-provider';

function fakeProvider(id: string, handles: (url: string) => boolean = () => false) {
  const calls: string[] = [];
  let next = 0;
  const provider: MeetingBotProvider & { handles(url: string): boolean } = {
    id,
    handles,
    create: async (request: CreateBot) => {
      calls.push(`create ${request.meetingUrl}`);
      return { botId: `${id}-${++next}` };
    },
    leave: async (botId) => {
      calls.push(`leave ${botId}`);
    },
    canSpeak: (botId) => botId.startsWith('self'),
    speak: async (botId) => {
      calls.push(`speak ${botId}`);
      return true;
    },
  };
  return { provider, calls };
}

const request = (meetingUrl: string): CreateBot => ({
  meetingUrl,
  botName: 'Bot',
  audioEndpoint: '',
  metadata: {},
});

describe('RoutingProvider', () => {
  it('sends a meeting the self-hosted bot can join to it, the rest to the provider, and each leave to the one that made the bot', async () => {
    const self = fakeProvider('self', (url) => url.includes('/test-meeting/'));
    const recall = fakeProvider('recall');
    const routing = new RoutingProvider(self.provider, recall.provider);
    const a = await routing.create(request('http://127.0.0.1:1/test-meeting/a'));
    const b = await routing.create(request('https://meet.google.com/abc-defg-hij'));
    await routing.leave(a.botId);
    await routing.leave(b.botId);
    expect(self.calls).toEqual(['create http://127.0.0.1:1/test-meeting/a', 'leave self-1']);
    expect(recall.calls).toEqual(['create https://meet.google.com/abc-defg-hij', 'leave recall-1']);
  });

  it('speaks only through a bot whose implementation can, and never through a bot it does not know', async () => {
    const self = fakeProvider('self', () => true);
    const routing = new RoutingProvider(self.provider, NO_PROVIDER);
    const { botId } = await routing.create(request('http://127.0.0.1:1/test-meeting/a'));
    expect(routing.canSpeak(botId)).toBe(true);
    expect(await routing.speak(botId, new Int16Array(4), 16_000)).toBe(true);
    expect(routing.canSpeak('someone-else')).toBe(false);
    expect(await routing.speak('someone-else', new Int16Array(4), 16_000)).toBe(false);
    await routing.leave(botId);
    expect(routing.canSpeak(botId)).toBe(false);
  });

  it('without a provider, a meeting the self-hosted bot cannot join is refused with a reason', async () => {
    const routing = new RoutingProvider(fakeProvider('self').provider, NO_PROVIDER);
    await expect(routing.create(request('https://meet.google.com/abc-defg-hij'))).rejects.toThrow(
      /no meeting bot provider/,
    );
  });
});
