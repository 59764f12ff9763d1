/**
 * MeetingBots in cluster mode: a bot moves with its room. The owner stores it as it goes; the
 * node that takes the room over adopts it (its audio socket's token and its webhooks are then
 * its own) and asks the provider to send the meeting's audio to the same endpoint again; a bot
 * the provider refuses to restart is shown as an error.
 */
import { describe, expect, it } from 'vitest';
import { MeetingBots } from '../../../../src/server/meeting-bot/room-bots';
import type { MeetingBotProvider } from '../../../../src/server/meeting-bot/provider';
import type { MeetingBotStore, StoredMeetingBot } from '../../../../src/server/meeting-bot/repository';
import type { LiveRoom, RoomMember } from '../../../../src/server/rooms/room';
import type { ServerMessage } from '../../../../src/shared/protocol';

function fakeRoom(id = 'host1_room') {
  const log: string[] = [];
  const announced: ServerMessage[] = [];
  const room = {
    id,
    state: 'ongoing',
    join: (m: RoomMember) => log.push(`join ${m.userName} ${m.avaId}`),
    leave: (m: RoomMember) => log.push(`leave ${m.userName}`),
    startAudio: (m: RoomMember, lang: string) => log.push(`start ${m.userName} ${lang}`),
    audio: () => log.push('audio'),
    announce: (m: ServerMessage) => announced.push(m),
    onEnded: () => undefined,
  };
  return { room: room as unknown as LiveRoom, log, announced };
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function twoNodes() {
  const rows = new Map<string, StoredMeetingBot>();
  const store: MeetingBotStore = {
    save: async (bot) => void rows.set(bot.token, { ...bot }),
    update: async (token, changes) => {
      const row = rows.get(token);
      if (row) rows.set(token, { ...row, ...changes });
    },
    ofRoom: async (roomId) => [...rows.values()].filter((r) => r.roomId === roomId && !r.ended),
  };
  const endpoints: string[] = [];
  const restarted: { botId: string; endpoint: string }[] = [];
  const provider: MeetingBotProvider = {
    id: 'fake',
    create: async (request) => {
      endpoints.push(request.audioEndpoint);
      return { botId: 'bot-1' };
    },
    leave: async () => undefined,
    restartAudio: async (botId, endpoint) => void restarted.push({ botId, endpoint }),
  };
  const node = () =>
    new MeetingBots({
      provider,
      audioEndpoint: (token, roomId) => `wss://h.example/audio?token=${token}&room=${roomId}`,
      allowTestMeetings: false,
      clock: { setTimeout: () => 0, clearTimeout: () => undefined },
      log: () => undefined,
      takeover: { store },
    });
  return { a: node(), b: node(), provider, rows, endpoints, restarted };
}

const MEETING = 'https://zoom.us/j/123456789?pwd=x';

describe('MeetingBots in cluster mode', () => {
  it('stores the bot, and the node that takes its room adopts it and hears it again', async () => {
    const { a, b, rows, endpoints, restarted } = twoNodes();
    const onA = fakeRoom();
    expect(a.request(onA.room, MEETING, 'en-US')).toEqual({ ok: true });
    await settle();
    a.status('bot-1', 'in_call_recording');
    await settle();
    const token = new URL(endpoints[0]!).searchParams.get('token')!;
    expect([...rows.values()]).toEqual([
      expect.objectContaining({ token, botId: 'bot-1', inCall: true, meetingUrl: MEETING, ended: false }),
    ]);

    // A dies; B takes the room.
    const onB = fakeRoom();
    expect(b.knowsToken(token)).toBe(false);
    await b.adopt(onB.room);
    expect(restarted).toEqual([{ botId: 'bot-1', endpoint: endpoints[0]! }]);
    expect(b.knowsToken(token)).toBe(true);
    const memberId = rows.get(token)!.memberAvaId;
    expect(onB.log).toEqual([`join Zoom meeting 123456789 ${memberId}`]);
    expect(onB.announced.at(-1)).toMatchObject({ type: 'ava-bot-status', status: 'CAPTIONING' });
    expect(b.audioFor(token, 'bot-1', new Int16Array(160))).toBe(true);
    expect(onB.log).toContain('start Zoom meeting 123456789 en-US');
    // Adopting the same room again changes nothing; ending the bot there is stored.
    await b.adopt(onB.room);
    expect(restarted.length).toBe(1);
    await b.end(onB.room);
    await settle();
    expect(rows.get(token)?.ended).toBe(true);
  });

  it('a bot the provider will not restart (it left meanwhile) is shown as an error', async () => {
    const { a, b, provider } = twoNodes();
    const onA = fakeRoom();
    a.request(onA.room, MEETING, 'en-US');
    await settle();
    a.status('bot-1', 'in_call_recording');
    await settle();
    provider.restartAudio = async () => {
      throw new Error('the meeting bot provider answered 400: Bot is not in the call.');
    };
    const onB = fakeRoom();
    await b.adopt(onB.room);
    expect(onB.announced.at(-1)).toMatchObject({ type: 'ava-bot-status', status: 'ERROR' });
    expect(onB.log).toContain('leave Zoom meeting 123456789');
  });
});
