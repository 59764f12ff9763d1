/**
 * Live rooms for unit tests (src/server/rooms/room.ts and its parts): a room built on a fake
 * clock and a fake store, members whose messages land in an inbox, and a real room core
 * (room-core.ts) whose hooks are stand-ins, for testing one part of the room alone.
 */
import {
  LiveRoom,
  type RoomMember,
  type RoomServices,
  type TranscriptStore,
} from '../../src/server/rooms/room';
import { RoomCore, type RoomHooks } from '../../src/server/rooms/room-core';
import { roomStatus } from '../../src/server/rooms/room-status';
import type { AudioTrack } from '../../src/server/rooms/audio-track';
import type { RoomRecord } from '../../src/server/rooms/repository';
import type { RoomTranscripts } from '../../src/server/transcripts/repository';
import type { ConversationStatus, Transcript } from '../../src/shared/entities';
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import { FakeTimers } from './fake-timers';
import { roomRecord } from './room-record';

export const NO_TRANSCRIPTS: RoomTranscripts = { finals: [], nextIndex: 0, seq: 0 };

/** A store that takes everything at once. */
export function acceptingStore(): TranscriptStore {
  return {
    saveFinal: async () => undefined,
    reserveIndexes: async (_id, upTo) => upTo,
    saveSpeaker: async () => undefined,
  };
}

/** A store that keeps what it is given and fails every write while `down`. */
export class FakeTranscriptStore implements TranscriptStore {
  down = false;
  readonly rows = new Map<string, { t: Transcript; seq: number }>();
  counter: number;
  reserveCalls: number[] = [];
  constructor(counter = 0) {
    this.counter = counter;
  }
  async saveFinal(_roomId: string, t: Transcript, seq: number): Promise<void> {
    if (this.down) throw new Error('permission denied for table transcripts');
    this.rows.set(t.id, { t, seq });
    this.counter = Math.max(this.counter, t.index + 1);
  }
  async reserveIndexes(_roomId: string, upTo: number): Promise<number> {
    this.reserveCalls.push(upTo);
    if (this.down) throw new Error('down');
    this.counter = Math.max(this.counter, upTo);
    return this.counter;
  }
  async saveSpeaker(): Promise<void> {}
}

/** Services on `timers` that open every stream and store every change; `changes` replace any. */
export function testServices(timers: FakeTimers, changes: Partial<RoomServices> = {}): RoomServices {
  return {
    updateRoom: async () => undefined,
    openSpeech: () => ({ ok: true }),
    now: () => timers.now(),
    log: () => undefined,
    timers,
    ...changes,
  };
}

/** A participant whose messages land in `inbox`. */
export function testMember(
  avaId: string,
  inbox: ServerMessage[] = [],
  changes: Partial<RoomMember> = {},
): RoomMember {
  return {
    avaId,
    userName: avaId,
    role: 'participant',
    readonly: false,
    usePaidASR: false,
    send: (m) => inbox.push(m),
    ...changes,
  };
}

/**
 * A room on a fake clock whose record updates are kept (`updates`); `member(avaId)` makes a
 * participant (not yet joined) whose messages are in `inboxes.get(avaId)`.
 */
export function liveRoom(
  options: {
    record?: RoomRecord;
    stored?: RoomTranscripts;
    store?: TranscriptStore;
    services?: Partial<RoomServices>;
  } = {},
) {
  const timers = new FakeTimers();
  const updates: Partial<RoomRecord>[] = [];
  const room = new LiveRoom(
    options.record ?? roomRecord(),
    options.stored ?? NO_TRANSCRIPTS,
    testServices(timers, {
      updateRoom: async (_id, changes) => void updates.push(changes),
      ...options.services,
    }),
    options.store ?? acceptingStore(),
  );
  const inboxes = new Map<string, ServerMessage[]>();
  const member = (avaId: string, changes: Partial<RoomMember> = {}): RoomMember => {
    const inbox: ServerMessage[] = [];
    inboxes.set(avaId, inbox);
    return testMember(avaId, inbox, changes);
  };
  const reasons = (avaId: string) =>
    inboxes.get(avaId)!.flatMap((m) => (m.type === 'room-status-update' ? [m.reason] : []));
  const stops = (avaId: string) => inboxes.get(avaId)!.filter((m) => m.type === 'recording-stopped');
  const lastStatus = (avaId: string): ConversationStatus | undefined =>
    inboxes
      .get(avaId)!
      .flatMap((m) => (m.type === 'room-status' || m.type === 'room-status-update' ? [m.status] : []))
      .at(-1);
  return { room, timers, updates, member, inboxes, reasons, stops, lastStatus };
}

/**
 * A room on the real clock (tests fake it with vi.useFakeTimers), its links at
 * https://hearken.example with the tokens ROTOKEN and RWTOKEN.
 */
export function sharingRoom(changes: Partial<RoomRecord> = {}): LiveRoom {
  const record = roomRecord({ roToken: 'ROTOKEN', rwToken: 'RWTOKEN', ...changes });
  const live = new LiveRoom(
    record,
    NO_TRANSCRIPTS,
    {
      updateRoom: async () => undefined,
      openSpeech: () => ({ ok: true }),
      now: () => 0,
      log: () => undefined,
    },
    acceptingStore(),
  );
  live.publicUrl = 'https://hearken.example';
  return live;
}

export const transcriptMessages = (inbox: ServerMessage[]) =>
  inbox.filter((m): m is ServerMessageOf<'transcript'> => m.type === 'transcript');

export const HOST = 'host1';

/**
 * A room whose host has joined, on a fake clock and FakeTranscriptStore, its streams' tracks
 * kept (`track()` is the last opened) and its record updates counted (`failUpdates(n)`: the
 * next n fail).
 */
export function transcriptRoom(stored: RoomTranscripts = NO_TRANSCRIPTS, store = new FakeTranscriptStore()) {
  const timers = new FakeTimers();
  const tracks: AudioTrack[] = [];
  const updates: object[] = [];
  let updateFails = 0;
  const room = new LiveRoom(
    roomRecord({ id: `${HOST}_room`, hostAvaId: HOST }),
    stored,
    testServices(timers, {
      updateRoom: async (_id, changes) => {
        if (updateFails > 0) {
          updateFails -= 1;
          throw new Error('database unreachable');
        }
        updates.push(changes);
      },
      openSpeech: (_tier, _lang, track) => {
        tracks.push(track);
        return { ok: true };
      },
      log: () => {},
    }),
    store,
  );
  const inbox: ServerMessage[] = [];
  const host = testMember(HOST, inbox);
  room.join(host);
  return {
    room,
    store,
    timers,
    inbox,
    host,
    updates,
    failUpdates: (n: number) => {
      updateFails = n;
    },
    track: () => tracks.at(-1)!,
  };
}

/**
 * A real core with stand-in parts: the status is the record's alone, stored finals are shown
 * as they are, there are no streams. `calls` lists the hooks the core called, in order.
 */
export function testCore(
  options: {
    record?: RoomRecord;
    stored?: RoomTranscripts;
    store?: TranscriptStore;
    services?: Partial<RoomServices>;
    hooks?: Partial<RoomHooks>;
  } = {},
) {
  const timers = new FakeTimers();
  const calls: string[] = [];
  const logs: { level: string; message: string; extra?: object }[] = [];
  const inboxes = new Map<string, ServerMessage[]>();
  const hooks: RoomHooks = {
    status: (reason, viewer) =>
      roomStatus(
        {
          record: core.record,
          publicUrl: '',
          members: core.members,
          isTyping: () => false,
          speakers: [],
          audioStreams: [],
          autoTranslation: undefined,
          restrictedSession: undefined,
          scribe: undefined,
          phoneCalls: [],
        },
        reason,
        viewer,
      ),
    withPendingTranslations: (final) => final,
    translateFinal: () => void calls.push('translateFinal'),
    ending: () => void calls.push('ending'),
    closing: () => void calls.push('closing'),
    stopStreams: async () => void calls.push('stopStreams'),
    streamsStopped: async () => void calls.push('streamsStopped'),
    ...options.hooks,
  };
  const core: RoomCore = new RoomCore(
    options.record ?? roomRecord(),
    options.stored ?? NO_TRANSCRIPTS,
    testServices(timers, {
      log: (level, message, extra) => void logs.push({ level, message, ...(extra ? { extra } : {}) }),
      ...options.services,
    }),
    options.store ?? acceptingStore(),
    hooks,
  );
  /** A member who joined the core, its messages in `inbox(avaId)`. */
  const member = (avaId: string, changes: Partial<RoomMember> = {}): RoomMember => {
    const inbox: ServerMessage[] = [];
    inboxes.set(avaId, inbox);
    const m = testMember(avaId, inbox, changes);
    core.addMember(m);
    return m;
  };
  const inbox = (avaId: string) => inboxes.get(avaId)!;
  const reasons = (avaId: string) =>
    inbox(avaId).flatMap((m) => (m.type === 'room-status-update' ? [m.reason] : []));
  return { core, timers, calls, logs, member, inbox, reasons };
}

/** Lets the room's own promises run (stopping streams, storing finals, storing the end). */
export async function settle(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i++) await Promise.resolve();
}
