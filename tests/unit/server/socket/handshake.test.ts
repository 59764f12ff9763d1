/**
 * The handshake on fakes (the real rooms, database and sockets are in
 * tests/integration/admission.test.ts and attacks.test.ts): who is refused and how, a host
 * creating their room within the limits, a newcomer waiting at the door, and what joining sends
 * and sets, in order.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  type ConnectionState,
  Handshake,
  type HandshakeIo,
  displayNameOf,
  sharingOf,
} from '../../../../src/server/socket/handshake';
import type { Principal } from '../../../../src/server/auth/principal';
import type { RoomRecord } from '../../../../src/server/rooms/repository';
import type { ServerMessage, SocketErrorCode } from '../../../../src/shared/protocol';
import type { LiveRoom, RoomMember } from '../../../../src/server/rooms/room';
import type {
  AdmissionDecision,
  AdmissionRequest,
  DoorOutcome,
} from '../../../../src/server/rooms/admission-desk';
import { ReaderCurseFilter } from '../../../../src/server/rooms/curse-filter';
import type { UserProfile } from '../../../../src/shared/user';
import { fakeMemberContext } from '../../../helpers/socket-context';

const GUEST: Principal = { kind: 'guest', avaId: 'guest7' };
const HOST: Principal = { kind: 'guest', avaId: 'host1' };

function fakeTarget(extra: { admissionRequired?: boolean; state?: 'ongoing' | 'ended' } = {}) {
  let decide: ((decision: AdmissionDecision) => void) | undefined;
  const target = {
    id: 'host1_room',
    hostAvaId: 'host1',
    state: extra.state ?? 'ongoing',
    admissionRequired: extra.admissionRequired ?? false,
    scribe: undefined,
    /** What the door makes of the knock; by default a new request, named by the knock. */
    door: undefined as DoorOutcome | undefined,
    requestAdmission: vi.fn(
      (
        knock: AdmissionRequest,
        d: (decision: AdmissionDecision) => void,
        _cooldownMs: number,
      ): DoorOutcome => {
        decide = d;
        return target.door ?? { kind: 'ask', id: knock.id };
      },
    ),
    restrictSession: vi.fn(async () => {}),
    join: vi.fn((_member: RoomMember) => {}),
  };
  return { target, decide: (decision: AdmissionDecision) => decide?.(decision) };
}

function record(extra: Partial<RoomRecord> = {}): RoomRecord {
  return {
    id: 'host1_room',
    hostAvaId: 'host1',
    state: 'ongoing',
    roToken: 'ro123',
    rwToken: 'rw123',
    ...extra,
  } as RoomRecord;
}

function setup(
  options: { principal?: Principal; record?: RoomRecord; membership?: object; open?: boolean } = {},
) {
  const { deps } = fakeMemberContext();
  const { target, decide } = fakeTarget();
  const sent: ServerMessage[] = [];
  const errors: Array<{ code: SocketErrorCode; message: string; inReplyTo?: string }> = [];
  const queue: Array<() => Promise<void>> = [];
  const state: ConnectionState = { phase: 'awaiting-params' };
  deps.principals.fromConnectionParams = vi.fn(async () => options.principal ?? GUEST);
  deps.rooms = {
    find: vi.fn(async () => options.record),
    membership: vi.fn(async () => options.membership as never),
    addMember: vi.fn(
      async (_room: string, _avaId: string, _at: number, admitted: object) => admitted as never,
    ),
    touch: vi.fn(async () => {}),
  };
  const registry = {
    open: vi.fn(async () => target as unknown as LiveRoom),
    released: vi.fn(),
    liveRoomsHostedBy: vi.fn(() => 0),
  };
  deps.registry = registry as unknown as typeof deps.registry;
  deps.roomCreations = { take: vi.fn(async () => true) } as unknown as typeof deps.roomCreations;
  const connected = vi.fn();
  const boost = { load: vi.fn(async () => {}) };
  const premium = { grantOf: vi.fn(async () => 'none' as const) };
  const io: HandshakeIo = {
    deps,
    send: (m) => void sent.push(m),
    fail: (code, message, inReplyTo) =>
      void errors.push({ code, message, ...(inReplyTo ? { inReplyTo } : {}) }),
    state,
    origin: 'https://hearken.example',
    enqueue: (task) => void queue.push(task),
    isOpen: () => options.open ?? true,
    close: vi.fn(),
    connected,
    curseFilter: new ReaderCurseFilter(),
    premium,
    boost,
  };
  return {
    handshake: new Handshake(io),
    io,
    state,
    sent,
    errors,
    target,
    decide,
    registry,
    deps,
    queue,
    connected,
    boost,
    premium,
  };
}

const params = (extra: object = {}) =>
  ({
    type: 'connection-params',
    speakerId: 'guest7',
    roomId: 'host1_room',
    token: 'rw123',
    ...extra,
  }) as const;

describe('refusals', () => {
  it('a second connection-params is refused and changes nothing', async () => {
    const { handshake, state, errors } = setup();
    state.phase = 'connected';
    await handshake.begin(params());
    expect(errors).toEqual([
      {
        code: 'already-connected',
        message: 'connection-params was already received on this socket',
        inReplyTo: 'connection-params',
      },
    ]);
    expect(state.phase).toBe('connected');
  });

  it('an outsider is told why their proof failed, and may try again', async () => {
    const { handshake, state, errors } = setup({ principal: { kind: 'outsider', refusal: 'expired-token' } });
    await handshake.begin(params());
    expect(errors).toEqual([
      {
        code: 'forbidden',
        message: 'your sign-in has expired: sign in again',
        inReplyTo: 'connection-params',
      },
    ]);
    expect(state.phase).toBe('awaiting-params');
  });

  it('an outsider without a reason is told how to prove who they are', async () => {
    const { handshake, errors } = setup({ principal: { kind: 'outsider' } });
    await handshake.begin(params());
    expect(errors[0]?.message).toBe(
      'prove who you are: a guestCredential from POST /api/v1/guest-users/me, or a signed-in identityToken',
    );
  });

  it('an account without a profile, and someone not a Scribe asking for the scribe role, are refused', async () => {
    const noProfile = setup({
      principal: { kind: 'account', identity: { uid: 'u1' } } as unknown as Principal,
    });
    await noProfile.handshake.begin(params());
    const notScribe = setup();
    await notScribe.handshake.begin(params({ role: 'scribe' }));
    expect(noProfile.errors[0]?.message).toBe('this account has no profile yet: finish signing up first');
    expect(notScribe.errors[0]?.message).toBe('only Scribes may connect with the scribe role');
  });

  it('a room nobody created is not found, except by its host, who creates it', async () => {
    const stranger = setup();
    await stranger.handshake.begin(params());
    expect(stranger.errors).toEqual([
      {
        code: 'room-not-found',
        message: 'no conversation has this id; ask the host for the link or room name',
        inReplyTo: 'connection-params',
      },
    ]);
    expect(stranger.registry.open).not.toHaveBeenCalled();

    const host = setup({ principal: HOST });
    await host.handshake.begin(params({ speakerId: 'host1' }));
    expect(host.errors).toEqual([]);
    expect(host.registry.open).toHaveBeenCalledWith(
      'host1_room',
      {
        avaId: 'host1',
        userName: '',
        sharing: { forbidSharing: false, allowTranscriptsSaving: true, hostCanSave: false },
      },
      'https://hearken.example',
    );
  });

  it('a host over their live rooms, or over the creation limit, is refused', async () => {
    const busy = setup({ principal: HOST });
    busy.registry.liveRoomsHostedBy.mockReturnValue(busy.deps.limits.liveRoomsPerIdentity);
    await busy.handshake.begin(params());
    expect(busy.errors[0]).toMatchObject({
      code: 'rate-limited',
      message: `you already host ${busy.deps.limits.liveRoomsPerIdentity} conversations: end one before starting another`,
    });

    const quick = setup({ principal: HOST });
    quick.deps.roomCreations = { take: vi.fn(async (key: string) => !key.startsWith('identity:')) } as never;
    await quick.handshake.begin(params());
    expect(quick.errors[0]).toMatchObject({
      code: 'rate-limited',
      message: 'too many conversations started; wait a little and try again',
    });
    expect(quick.state.phase).toBe('awaiting-params');
  });

  it('a link that is not this room’s is refused by admission', async () => {
    const { handshake, errors } = setup({ record: record() });
    await handshake.begin(params({ token: 'nothing1' }));
    expect(errors[0]).toMatchObject({
      code: 'forbidden',
      message: 'this link is not a link to this conversation',
    });
  });
});

describe('joining', () => {
  it('sends connection-succeeded, then joins, then loads the boost list; the connect timer stops', async () => {
    const { handshake, state, sent, target, connected, boost, deps } = setup({ record: record() });
    target.join.mockImplementation(() => {
      expect(sent.map((m) => m.type)).toEqual(['connection-succeeded']);
    });
    await handshake.begin(params({ username: '  Ana ' }));
    expect(sent).toEqual([
      {
        type: 'connection-succeeded',
        speakerId: 'guest7',
        roomId: 'host1_room',
        serverTimeMs: 1_000_000,
        readonly: false,
        role: 'participant',
      },
    ]);
    expect(state.phase).toBe('connected');
    expect(state.room).toBe(target);
    expect(state.member).toMatchObject({
      avaId: 'guest7',
      userName: 'Ana',
      readonly: false,
      freeOrLite: true,
    });
    expect(state.principal).toMatchObject({ kind: 'guest', avaId: 'guest7' });
    expect(connected).toHaveBeenCalledTimes(1);
    expect(deps.rooms.addMember).toHaveBeenCalledWith('host1_room', 'guest7', 1_000_000, {
      readonly: false,
      role: 'participant',
    });
    expect(boost.load).toHaveBeenCalledWith(deps.boostWords, target, state.member, deps.log);
  });

  it('a read-only link makes a read-only member, told so', async () => {
    const { handshake, sent, state } = setup({ record: record() });
    await handshake.begin(params({ token: 'ro123' }));
    expect(sent[0]).toMatchObject({ type: 'connection-succeeded', readonly: true });
    expect(state.member?.readonly).toBe(true);
  });

  it('takes the role from the Scribe desk’s record of this person in this room, not from the claim', async () => {
    const scribeDesk = (standing: 'serving' | 'removed' | 'none') => ({
      standingOf: vi.fn(async () => standing),
      joining: vi.fn(async () => {}),
      joined: vi.fn(),
    });
    const serving = setup({ record: record() });
    const desk = scribeDesk('serving');
    serving.deps.scribes = desk as never;
    await serving.handshake.begin(params({ token: 'ro123' }));
    expect(desk.standingOf).toHaveBeenCalledWith('host1_room', 'guest7');
    expect(serving.sent[0]).toMatchObject({ type: 'connection-succeeded', role: 'scribe', readonly: false });

    const removed = setup({ record: record() });
    removed.deps.scribes = scribeDesk('removed') as never;
    await removed.handshake.begin(params({ token: 'rw123', role: 'participant' }));
    expect(removed.errors[0]).toMatchObject({
      code: 'forbidden',
      message: 'You are not serving this conversation.',
    });
    expect(removed.state.phase).toBe('awaiting-params');
  });

  it('the host sets the conversation’s time limit from their tier', async () => {
    const { handshake, target, premium } = setup({ principal: HOST, record: record() });
    premium.grantOf.mockResolvedValue('plan' as never);
    await handshake.begin(params({ speakerId: 'host1' }));
    expect(target.restrictSession).toHaveBeenCalledWith('premium', true);
  });

  it('a socket gone while joining lets the room go and is not joined', async () => {
    const { handshake, target, registry, state } = setup({ record: record(), open: false });
    await handshake.begin(params());
    expect(registry.released).toHaveBeenCalledWith(target);
    expect(target.join).not.toHaveBeenCalled();
    expect(state.phase).toBe('connecting');
  });

  it('what the room sends the member passes through their curse filter', async () => {
    const { handshake, state, sent, io } = setup({ record: record() });
    await handshake.begin(params({ curseFilter: 2 }));
    expect(io.curseFilter.level).toBe(2);
    state.member?.send({ type: 'curse-filter', level: 2 });
    expect(sent.at(-1)).toEqual({ type: 'curse-filter', level: 2 });
  });
});

describe('waiting at the door', () => {
  function waiting() {
    const s = setup({ record: record() });
    s.target.admissionRequired = true;
    return s;
  }

  it('a newcomer to a room that requires admission waits, and is joined when the host accepts', async () => {
    const { handshake, state, sent, target, decide, queue, deps } = waiting();
    await handshake.begin(params());
    expect(state.phase).toBe('awaiting-admission');
    expect(sent).toEqual([{ type: 'connection-response', id: state.waiting?.id, status: 'requested' }]);
    expect(target.requestAdmission).toHaveBeenCalledWith(
      { id: state.waiting?.knock, avaId: 'guest7', userName: '', role: 'participant', fromSource: 'link' },
      expect.any(Function),
      deps.limits.admissionCooldownMs,
    );
    expect(state.waiting?.id).toBe(state.waiting?.knock);
    const id = state.waiting?.id;
    decide({ accepted: true });
    // The answer waits its turn behind the socket's other messages.
    expect(target.join).not.toHaveBeenCalled();
    await queue.shift()?.();
    expect(sent.slice(1).map((m) => m.type)).toEqual(['connection-response', 'connection-succeeded']);
    expect(sent[1]).toEqual({ type: 'connection-response', id, status: 'accepted' });
    expect(state.waiting).toBeUndefined();
    expect(target.join).toHaveBeenCalledTimes(1);
  });

  it('a refusal is told, lets the room go, and the socket may try again', async () => {
    const { handshake, state, sent, decide, queue, registry, target } = waiting();
    await handshake.begin(params());
    const id = state.waiting?.id;
    decide({ accepted: false, reason: 'rejected-by-user' });
    await queue.shift()?.();
    expect(sent.at(-1)).toEqual({
      type: 'connection-response',
      id,
      status: 'refused',
      reason: 'rejected-by-user',
    });
    expect(state.phase).toBe('awaiting-params');
    expect(registry.released).toHaveBeenCalledWith(target);
  });

  it('a person already waiting (another socket) waits on the same request: told its id, and its answer', async () => {
    const { handshake, state, sent, target, decide, queue } = waiting();
    target.door = { kind: 'joined', id: 'their-first-knock' };
    await handshake.begin(params());
    expect(state.phase).toBe('awaiting-admission');
    expect(state.waiting?.id).toBe('their-first-knock');
    expect(state.waiting?.knock).not.toBe('their-first-knock');
    expect(sent).toEqual([{ type: 'connection-response', id: 'their-first-knock', status: 'requested' }]);
    decide({ accepted: false, reason: 'rejected-by-user' });
    await queue.shift()?.();
    expect(sent.at(-1)).toEqual({
      type: 'connection-response',
      id: 'their-first-knock',
      status: 'refused',
      reason: 'rejected-by-user',
    });
  });

  it('a knock soon after the host said no gets a clear error, lets the room go, and nothing waits', async () => {
    const { handshake, state, sent, errors, registry, target } = waiting();
    target.door = { kind: 'cooling-down', refusedMsAgo: 12_300, retryInMs: 47_700 };
    await handshake.begin(params());
    expect(errors).toEqual([
      {
        code: 'rate-limited',
        message: 'the host said no 12 s ago: ask to join again in 48 s',
        inReplyTo: 'connection-params',
      },
    ]);
    expect(sent).toEqual([]);
    expect(state.phase).toBe('awaiting-params');
    expect(state.waiting).toBeUndefined();
    expect(registry.released).toHaveBeenCalledWith(target);
  });

  it('an answer that comes after the person left does nothing', async () => {
    const { handshake, state, sent, decide, queue, target } = waiting();
    await handshake.begin(params());
    state.phase = 'closed';
    state.waiting = undefined;
    decide({ accepted: true });
    await queue.shift()?.();
    expect(sent).toHaveLength(1);
    expect(target.join).not.toHaveBeenCalled();
  });

  it('members and the host do not wait', async () => {
    const { handshake, state } = setup({
      record: record(),
      membership: { readonly: false, role: 'participant' },
    });
    await handshake.begin(params({ token: undefined }));
    expect(state.phase).toBe('connected');
  });
});

describe('sharingOf and displayNameOf', () => {
  const account = (profile: Partial<UserProfile>, displayName?: string): Principal =>
    ({ kind: 'account', avaId: 'a1', identity: { uid: 'u1', displayName }, profile }) as unknown as Principal;

  it('an account host’s flags become the room’s sharing; forbidding saving wins', () => {
    expect(sharingOf(GUEST)).toEqual({
      forbidSharing: false,
      allowTranscriptsSaving: true,
      hostCanSave: false,
    });
    expect(
      sharingOf(
        account({
          features: {
            'forbid-conversation-sharing': true,
            'forbid-conversation-saving': true,
            saveTranscript: true,
          },
        } as Partial<UserProfile>),
      ),
    ).toEqual({ forbidSharing: true, allowTranscriptsSaving: false, hostCanSave: false });
    expect(sharingOf(account({ features: { saveTranscript: true } } as Partial<UserProfile>))).toEqual({
      forbidSharing: false,
      allowTranscriptsSaving: true,
      hostCanSave: true,
    });
  });

  it('the name shown is the profile’s, else the identity’s; a guest has none', () => {
    expect(displayNameOf(GUEST)).toBe('');
    expect(displayNameOf(account({ userName: 'Ana', avaName: 'ana' }, 'A'))).toBe('Ana');
    expect(displayNameOf(account({ avaName: 'ana' }, 'A'))).toBe('ana');
    expect(displayNameOf(account({}, 'A'))).toBe('A');
  });
});
