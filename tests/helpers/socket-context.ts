/**
 * A fake context for the socket's message handlers (src/server/socket/context.ts): a room whose
 * methods are spies, limits that allow until told otherwise, and what the handler sent, failed
 * and closed, recorded. Each handler's unit test builds one and looks at what changed.
 */
import { vi } from 'vitest';
import { IdentitySockets } from '../../src/server/socket/identity-sockets';
import type { ServerMessage, SocketErrorCode } from '../../src/shared/protocol';
import type { Principal } from '../../src/server/auth/principal';
import type { LiveRoom, RoomMember } from '../../src/server/rooms/room';
import { ReaderCurseFilter } from '../../src/server/rooms/curse-filter';
import { ConnectionBoost } from '../../src/server/boost/connection-boost';
import type { PremiumGrant } from '../../src/server/auth/entitlements';
import type { ConnectionDeps, MemberContext } from '../../src/server/socket/context';
import { loadLimits } from '../../src/server/limits';

/** The room's methods the handlers call, as spies; `id`, `hostAvaId` and `state` as a host's room has them. */
export function fakeRoom() {
  return {
    id: 'host1_room',
    hostAvaId: 'host1',
    state: 'ongoing' as 'ongoing' | 'ended',
    editingRestricted: false,
    lineSourceOf: vi.fn((_lineId: string): string | undefined => undefined),
    updateParams: vi.fn(async (_update: object) => {}),
    answerAdmission: vi.fn(),
    forceMute: vi.fn(async (_avaId: string) => {}),
    prolongSession: vi.fn(async () => {}),
    updateTitle: vi.fn(async (_title: string) => {}),
    resendLatest: vi.fn(),
    signalTyping: vi.fn(),
    addTypedLine: vi.fn(),
    nameVoicingSpeaker: vi.fn(async () => {}),
    claimVoicingSpeaker: vi.fn(async () => {}),
    assignLineSpeaker: vi.fn(),
    end: vi.fn(async (_reason?: string) => {}),
    streamSpeaker: vi.fn(async (_member: RoomMember, label: string) => ({ avaId: 'computer1', name: label })),
    startAudio: vi.fn(),
    startHeldAudio: vi.fn(),
    stopAudio: vi.fn(async (_member: RoomMember) => {}),
    resetRecorder: vi.fn(),
    setReadingLanguage: vi.fn(),
    toggleAutoTranslate: vi.fn(),
    setAutoTranslateGuestLanguage: vi.fn(),
    editTranscript: vi.fn(),
    requestTranscripts: vi.fn(),
    setBoost: vi.fn(),
    transcripts: vi.fn((): Array<{ texts: Record<string, string> }> => []),
    voicedReplyListeners: vi.fn((_sender: RoomMember): RoomMember[] => []),
    backlogSeconds: vi.fn((_member: RoomMember) => 0),
    audio: vi.fn(),
    membersOf: vi.fn((_avaId: string): RoomMember[] => []),
    updateTranscriptOwner: vi.fn(async (_avaId: string, _owner: boolean) => {}),
    recordings: {
      setMuted: vi.fn((_member: RoomMember, _muted: boolean) => true),
      changeLanguage: vi.fn((_avaId: string, _lang: string) => false),
    },
  };
}
export type FakeRoom = ReturnType<typeof fakeRoom>;

export function fakeMember(avaId = 'host1', extra: Partial<RoomMember> = {}): RoomMember {
  return {
    avaId,
    userName: avaId,
    role: 'participant',
    readonly: false,
    usePaidASR: false,
    send: vi.fn(),
    ...extra,
  };
}

/** A limit that allows until `refuse()` is called. */
export function fakeLimit() {
  let allowing = true;
  return {
    take: vi.fn(() => allowing),
    refuse() {
      allowing = false;
    },
  };
}

export interface FakeContextOptions {
  deps?: Partial<ConnectionDeps>;
  principal?: Exclude<Principal, { kind: 'outsider' }>;
  member?: RoomMember;
  /** What the Premium grant is now. */
  grant?: PremiumGrant;
  /** Whether the person's plan includes boost. */
  boostAllowed?: boolean;
  webrtcEnabled?: boolean;
  receivedAtMs?: number;
}

export function fakeMemberContext(options: FakeContextOptions = {}) {
  const room = fakeRoom();
  const member = options.member ?? fakeMember();
  const sent: ServerMessage[] = [];
  const errors: Array<{ code: SocketErrorCode; message: string; inReplyTo?: string }> = [];
  const closes: Array<{ code: number; reason: string }> = [];
  const log = vi.fn();
  const rates = { audioStarts: fakeLimit(), typedMessages: fakeLimit(), ttsRequests: fakeLimit() };
  const premium = {
    asked: undefined as boolean | undefined,
    grantOf: vi.fn(async (_who: Principal): Promise<PremiumGrant> => options.grant ?? 'none'),
  };
  const webrtc = {
    enabled: options.webrtcEnabled ?? false,
    start: vi.fn(async () => {}),
    stop: vi.fn(async () => {}),
    signal: vi.fn(async (): Promise<string | undefined> => undefined),
    describeTrack: vi.fn((): string | undefined => undefined),
    trackMute: vi.fn((): string | undefined => undefined),
  };
  const recording = { started: vi.fn((_viaWebRtc: boolean) => {}), stopped: vi.fn() };
  const speaking = new AbortController();
  const deps: ConnectionDeps = {
    registry: {} as ConnectionDeps['registry'],
    principals: { fromConnectionParams: vi.fn() },
    rooms: { find: vi.fn(), membership: vi.fn(), addMember: vi.fn(), touch: vi.fn() },
    limits: loadLimits({}, 1),
    roomCreations: {} as ConnectionDeps['roomCreations'],
    transcriptPages: {
      identity: { take: vi.fn(async () => true) },
      address: { take: vi.fn(async () => true) },
    },
    boostChanges: { take: vi.fn(async () => true) },
    typedLines: { take: vi.fn(() => true) },
    identitySockets: new IdentitySockets(20),
    lineEdits: {
      identity: { take: vi.fn(async () => true) },
      address: { take: vi.fn(async () => true) },
    },
    address: '203.0.113.7',
    now: () => 1_000_000,
    stalledMs: () => 0,
    log,
    ...options.deps,
  };
  const ctx: MemberContext = {
    deps,
    send: (message) => void sent.push(message),
    fail: (code, message, inReplyTo) =>
      void errors.push({ code, message, ...(inReplyTo ? { inReplyTo } : {}) }),
    room: room as unknown as LiveRoom,
    member,
    principal: options.principal ?? { kind: 'guest', avaId: member.avaId },
    receivedAtMs: options.receivedAtMs ?? 999_950,
    rates,
    curseFilter: new ReaderCurseFilter(),
    webrtc,
    recording,
    premium,
    boost: new ConnectionBoost(() => options.boostAllowed ?? true),
    speaking: speaking.signal,
    close: (code, reason) => void closes.push({ code, reason }),
  };
  return { ctx, room, member, sent, errors, closes, log, rates, premium, webrtc, recording, speaking, deps };
}
