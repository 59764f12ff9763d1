/**
 * PhoneCalls against a fake provider and a fake room: the refusals and their codes (one call at
 * a time, an ended room, the provider's failure as the spec's unexpected error), status
 * callbacks and media streams matched by the call's token and sid, audio decoded from mu-law
 * 8 kHz to 16 kHz PCM before the room, the host's hang-up and the room's end.
 */
import { describe, expect, it } from 'vitest';
import { PhoneCalls } from '../../../../src/server/phone-calls/room-calls';
import type { PhoneCallProvider, PlaceCall, Restream } from '../../../../src/server/phone-calls/provider';
import type { PhoneCallStore, StoredPhoneCall } from '../../../../src/server/phone-calls/repository';
import type { LiveRoom, RoomMember } from '../../../../src/server/rooms/room';
import { PHONE_CALL_SPEAKER_NAME, type TwilioCall } from '../../../../src/shared/phone-calls';
import { muLawEncode } from '../../../../src/shared/telephone-audio';

const SID = `CA${'d'.repeat(32)}`;

function fakeRoom(id = 'host1_room') {
  const log: string[] = [];
  const audio: Int16Array[] = [];
  let calls: TwilioCall[] = [];
  const ended: (() => void)[] = [];
  const room = {
    id,
    state: 'ongoing' as 'ongoing' | 'ended',
    join: (m: RoomMember) => log.push(`join ${m.userName}`),
    leave: (m: RoomMember) => log.push(`leave ${m.userName}`),
    startAudio: (m: RoomMember, lang: string) => log.push(`start ${m.userName} ${lang}`),
    audio: (_m: RoomMember, samples: Int16Array) => audio.push(samples),
    setPhoneCalls: (c: TwilioCall[]) => (calls = c),
    onEnded: (fn: () => void) => ended.push(fn),
  };
  return {
    room: room as unknown as LiveRoom,
    raw: room,
    log,
    audio,
    calls: () => calls,
    end: () => {
      room.state = 'ended';
      for (const fn of ended) fn();
    },
  };
}

function setUp(fail = false) {
  const placed: PlaceCall[] = [];
  const hungUp: { sid: string; answered: boolean }[] = [];
  const provider: PhoneCallProvider = {
    id: 'fake',
    place: async (call) => {
      placed.push(call);
      if (fail) throw new Error('Twilio is down');
      return { sid: SID };
    },
    hangUp: async (sid, answered) => void hungUp.push({ sid, answered }),
  };
  const logs: string[] = [];
  const phone = new PhoneCalls({
    provider,
    statusCallbackUrl: (token) => `https://h.example/cb?token=${token}`,
    mediaStreamUrl: () => 'wss://h.example/media',
    now: () => 1000,
    log: (_l, message) => logs.push(message),
  });
  return { phone, placed, hungUp, logs };
}

const request = {
  roomId: 'host1_room',
  calleeInternationalNumber: '+5511912345678',
  sendDigits: 'WW42#',
  speechLang: 'pt-BR',
  conferenceType: 'meet' as const,
};

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('PhoneCalls', () => {
  it('places the call with its token in the callback URL and the stream’s parameters', async () => {
    const { phone, placed } = setUp();
    const { room, calls } = fakeRoom();
    const result = await phone.start(room, request);
    expect(result).toMatchObject({ ok: true, sid: SID, call: { status: 'dialing' } });
    const token = placed[0]!.streamParameters.token!;
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(placed[0]).toMatchObject({
      to: '+5511912345678',
      sendDigits: 'WW42#',
      statusCallbackUrl: `https://h.example/cb?token=${token}`,
      mediaStreamUrl: 'wss://h.example/media',
    });
    expect(calls()).toEqual([
      expect.objectContaining({ sid: SID, status: 'dialing', speechLang: 'pt-BR', conferenceType: 'meet' }),
    ]);
    expect(phone.roomOf(SID)).toBe('host1_room');
  });

  it('refuses a second call while one is on, and any call in an ended room', async () => {
    const { phone } = setUp();
    const { room, raw } = fakeRoom();
    await phone.start(room, request);
    expect(await phone.start(room, request)).toMatchObject({
      ok: false,
      status: 409,
      code: 'phone-call-in-progress',
      message: 'A phone call is already being captioned in this conversation.',
    });
    raw.state = 'ended';
    expect(await phone.start(room, request)).toMatchObject({ ok: false, status: 409, code: 'room-ended' });
  });

  it('the provider’s failure is the spec’s “phone call unexpected error”, and no call is left behind', async () => {
    const { phone, logs } = setUp(true);
    const { room, calls } = fakeRoom();
    expect(await phone.start(room, request)).toEqual({
      ok: false,
      status: 502,
      code: 'phone-call-unexpected-error',
      message: 'Phone call unexpected error',
    });
    expect(calls()).toEqual([]);
    expect(logs).toContain('the phone call could not be placed');
  });

  it('callbacks and streams must carry the call’s token and sid; audio reaches the room at 16 kHz', async () => {
    const { phone, placed } = setUp();
    const { room, log, audio, calls } = fakeRoom();
    await phone.start(room, request);
    const token = placed[0]!.streamParameters.token!;
    expect(phone.providerStatus('guessed', SID, 'in-progress')).toBe(false);
    expect(phone.providerStatus(token, `CA${'e'.repeat(32)}`, 'in-progress')).toBe(false);
    expect(phone.providerStatus(token, SID, 'ringing')).toBe(true);
    expect(phone.providerStatus(token, SID, 'in-progress')).toBe(true);
    expect(calls()[0]!.status).toBe('connected');
    expect(phone.mediaStarted('guessed', SID, 'MZ1')).toBe(false);
    expect(phone.mediaStarted(token, SID, 'MZ1')).toBe(true);
    expect(calls()[0]!.status).toBe('captioning');
    phone.media(token, 'MZ-other', muLawEncode(new Int16Array(160)));
    expect(audio).toHaveLength(0);
    phone.media(token, 'MZ1', muLawEncode(new Int16Array(160).fill(1000)));
    expect(audio).toHaveLength(1);
    expect(audio[0]!.length).toBe(320);
    expect(log).toEqual([`join ${PHONE_CALL_SPEAKER_NAME}`, `start ${PHONE_CALL_SPEAKER_NAME} pt-BR`]);
  });

  it('the host hangs up: the call leaves the room, the provider is told (answered: completed)', async () => {
    const { phone, placed, hungUp } = setUp();
    const { room, log, calls } = fakeRoom();
    await phone.start(room, request);
    const token = placed[0]!.streamParameters.token!;
    phone.providerStatus(token, SID, 'in-progress');
    phone.mediaStarted(token, SID, 'MZ1');
    expect(await phone.hangUp('another_room', SID)).toBeUndefined();
    expect(await phone.hangUp('host1_room', SID)).toMatchObject({
      status: 'ended',
      reason: 'hung-up-by-host',
    });
    expect(hungUp).toEqual([{ sid: SID, answered: true }]);
    expect(log.at(-1)).toBe(`leave ${PHONE_CALL_SPEAKER_NAME}`);
    // The provider's completed that follows keeps the host's reason; hanging up again tells nobody.
    phone.providerStatus(token, SID, 'completed');
    expect(calls()[0]).toMatchObject({ status: 'ended', reason: 'hung-up-by-host' });
    await phone.hangUp('host1_room', SID);
    expect(hungUp).toHaveLength(1);
  });

  it('the room’s end hangs up a ringing call (cancelled, not completed)', async () => {
    const { phone, placed, hungUp } = setUp();
    const { room, end, calls } = fakeRoom();
    await phone.start(room, request);
    phone.providerStatus(placed[0]!.streamParameters.token!, SID, 'ringing');
    end();
    await settle();
    expect(hungUp).toEqual([{ sid: SID, answered: false }]);
    expect(calls()[0]).toMatchObject({ status: 'ended', reason: 'room-ended' });
  });

  it('busy: the call failed with that reason, and a new one may be placed', async () => {
    const { phone, placed } = setUp();
    const { room, calls } = fakeRoom();
    await phone.start(room, request);
    phone.providerStatus(placed[0]!.streamParameters.token!, SID, 'busy');
    expect(calls()[0]).toMatchObject({ status: 'failed', reason: 'busy' });
    expect((await phone.start(room, request)).ok).toBe(true);
  });
});

describe('PhoneCalls in cluster mode (a call moves with its room)', () => {
  /** Two nodes' PhoneCalls, one provider, one store (the shared database). */
  function twoNodes() {
    const rows = new Map<string, StoredPhoneCall>();
    const store: PhoneCallStore = {
      save: async (call) => void rows.set(call.token, { ...call }),
      update: async (token, changes) => {
        const row = rows.get(token);
        if (row) rows.set(token, { ...row, ...changes });
      },
      ofRoom: async (roomId) => [...rows.values()].filter((r) => r.roomId === roomId),
    };
    const placed: PlaceCall[] = [];
    const restreamed: { sid: string; stream: Restream }[] = [];
    const hungUp: string[] = [];
    const provider: PhoneCallProvider = {
      id: 'fake',
      place: async (call) => {
        placed.push(call);
        return { sid: SID };
      },
      hangUp: async (sid) => void hungUp.push(sid),
      restream: async (sid, stream) => void restreamed.push({ sid, stream }),
    };
    const node = (name: string) =>
      new PhoneCalls({
        provider,
        statusCallbackUrl: (token) => `https://h.example/cb?token=${token}`,
        mediaStreamUrl: (roomId) => `wss://h.example/media/${roomId}#${name}`,
        now: () => 1000,
        log: () => undefined,
        takeover: { store, holdAfterStreamS: 60 },
      });
    return { a: node('a'), b: node('b'), provider, rows, placed, restreamed, hungUp };
  }

  it('is stored as it goes, adopted by the node that takes the room, and streamed there again', async () => {
    const { a, b, rows, placed, restreamed, hungUp } = twoNodes();
    const onA = fakeRoom();
    await a.start(onA.room, request);
    const token = placed[0]!.streamParameters.token!;
    // Placed with the pause that keeps it on if its stream dies with this node.
    expect(placed[0]!.holdAfterStreamS).toBe(60);
    expect(a.providerStatus(token, SID, 'in-progress')).toBe(true);
    expect(a.mediaStarted(token, SID, `MZ${'1'.repeat(32)}`)).toBe(true);
    await settle();
    expect(rows.get(token)).toMatchObject({ sid: SID, status: 'captioning', answered: true });

    // A dies; B loads the room and takes its call.
    const onB = fakeRoom();
    expect(b.providerStatus(token, SID, 'in-progress')).toBe(false);
    await b.adopt(onB.room);
    expect(restreamed).toEqual([
      {
        sid: SID,
        stream: {
          mediaStreamUrl: 'wss://h.example/media/host1_room#b',
          streamParameters: { token },
          holdAfterStreamS: 60,
        },
      },
    ]);
    expect(onB.calls()).toEqual([expect.objectContaining({ sid: SID, status: 'connected' })]);
    expect(b.roomOf(SID)).toBe('host1_room');
    // Its new stream and its callbacks prove themselves with the same token on B.
    expect(b.mediaStarted(token, SID, `MZ${'2'.repeat(32)}`)).toBe(true);
    expect(onB.log).toEqual([`join ${PHONE_CALL_SPEAKER_NAME}`]);
    const payload = muLawEncode(new Int16Array(160));
    b.media(token, `MZ${'2'.repeat(32)}`, payload);
    expect(onB.audio.length).toBe(1);
    // Adopting the same room again changes nothing.
    await b.adopt(onB.room);
    expect(restreamed.length).toBe(1);
    // A node that shuts down leaves its calls on, for their rooms' next owner.
    await b.hangUpAll();
    expect(hungUp).toEqual([]);
    expect((await b.hangUp('host1_room', SID))?.status).toBe('ended');
    expect(hungUp).toEqual([SID]);
    await settle();
    expect(rows.get(token)?.status).toBe('ended');
  });

  it('a call that ended meanwhile (the provider refuses to stream it) is shown failed, not streamed', async () => {
    const { a, b, provider, placed } = twoNodes();
    const onA = fakeRoom();
    await a.start(onA.room, request);
    const token = placed[0]!.streamParameters.token!;
    a.providerStatus(token, SID, 'in-progress');
    provider.restream = async () => {
      throw new Error('the phone provider answered 400: Call is not in-progress. Cannot redirect.');
    };
    const onB = fakeRoom();
    await b.adopt(onB.room);
    expect(onB.calls()).toEqual([expect.objectContaining({ sid: SID, status: 'failed' })]);
    expect(b.mediaStarted(token, SID, `MZ${'2'.repeat(32)}`)).toBe(false);
  });
});
