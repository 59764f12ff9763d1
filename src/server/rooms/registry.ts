/**
 * Keeps live rooms in memory while anyone is in them, loading a room and its captions from the
 * database on first use and creating it when its host arrives first.
 */
import { DEFAULT_SPEECH_LANG } from '../../shared/constants';
import { hostOfRoomId, randomId } from '../../shared/ids';
import type { RoomRecord, RoomRepository } from './repository';
import type { TranscriptRepository } from '../transcripts';
import { generateRoomName } from './room-names';
import { LiveRoom, RoomError, type RoomServices } from './room';

export interface RegistryOptions {
  rooms: RoomRepository;
  transcripts: TranscriptRepository;
  services: RoomServices;
  publicUrl: (hint?: string) => string;
  /** A room nobody is in stays in memory this long, so a reconnect finds it warm. */
  idleEvictMs?: number;
  /**
   * Cluster mode: whether this node holds the room's lease now. A room it does not own may be
   * written by its owner at any moment, so a read (`find`) never answers from a copy kept here
   * then: it loads what is stored. Absent (one process): every room is this server's own.
   */
  owns?(roomId: string): boolean;
  /**
   * Cluster mode: a room was loaded under this node's lease (it owns it now, maybe taken over
   * from a node that died): what lived beside it elsewhere (a phone call, a meeting bot) is
   * picked up here.
   */
  taken?(room: LiveRoom): void;
}

/**
 * Who opens a room; when they create it, `sharing` carries the host's own flags
 * (forbid-conversation-sharing, forbid-conversation-saving) into the room.
 */
export interface RoomOpener {
  avaId: string;
  userName: string;
  sharing?: { forbidSharing: boolean; allowTranscriptsSaving: boolean; hostCanSave?: boolean };
}

export class RoomRegistry {
  private readonly live = new Map<string, LiveRoom>();
  private readonly loading = new Map<string, Promise<LiveRoom>>();
  private readonly evictTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly options: RegistryOptions) {}

  get size(): number {
    return this.live.size;
  }

  rooms(): LiveRoom[] {
    return [...this.live.values()];
  }

  /** Ongoing rooms `avaId` hosts that are live in this server (anyone in them, or just left). */
  liveRoomsHostedBy(avaId: string): number {
    let count = 0;
    for (const room of this.live.values())
      if (room.hostAvaId === avaId && room.state === 'ongoing') count += 1;
    return count;
  }

  /**
   * The room `roomId`, loaded or created. Only the host may create it: a client-created room id
   * is the host's avaId, an underscore, and a random id.
   */
  async open(roomId: string, user: RoomOpener, origin?: string): Promise<LiveRoom> {
    const existing = this.live.get(roomId);
    if (existing) {
      this.cancelEviction(roomId);
      return existing;
    }
    let pending = this.loading.get(roomId);
    if (!pending) {
      pending = this.load(roomId, user, origin).finally(() => this.loading.delete(roomId));
      this.loading.set(roomId, pending);
    }
    const room = await pending;
    this.cancelEviction(roomId);
    return room;
  }

  /** The room if it is in memory now (never loads one). */
  liveRoom(roomId: string): LiveRoom | undefined {
    return this.live.get(roomId);
  }

  /** The room if it exists (loading it without joining), for reading its status and captions. */
  async find(roomId: string): Promise<LiveRoom | undefined> {
    const existing = this.live.get(roomId) ?? (await this.loading.get(roomId));
    const owned = this.options.owns?.(roomId) ?? true;
    if (existing && (owned || existing.memberCount > 0)) return existing;
    // Another node may own the room (or may have owned it, written and given it up, since this
    // copy was loaded): the copy is dropped and the stored room read again.
    if (existing) await this.forget(roomId);
    const record = await this.options.rooms.find(roomId);
    if (!record) return undefined;
    const room = await this.open(roomId, { avaId: record.hostAvaId, userName: record.hostAvaName });
    this.released(room);
    return room;
  }

  private async load(roomId: string, user: RoomOpener, origin?: string): Promise<LiveRoom> {
    const { rooms, transcripts, services } = this.options;
    let record = await rooms.find(roomId);
    if (!record) {
      if (hostOfRoomId(roomId) !== user.avaId) {
        throw new RoomError(
          'room-not-found',
          'no conversation has this id; ask the host for the link or room name',
        );
      }
      record = await this.create(roomId, user);
    }
    const room = new LiveRoom(record, await transcripts.load(roomId), services, transcripts);
    room.publicUrl = this.options.publicUrl(origin);
    this.live.set(roomId, room);
    if (this.options.owns?.(roomId)) this.options.taken?.(room);
    return room;
  }

  private async create(roomId: string, host: RoomOpener): Promise<RoomRecord> {
    const { rooms, services } = this.options;
    for (let attempt = 0; attempt < 20; attempt++) {
      const record: RoomRecord = {
        id: roomId,
        name: generateRoomName(),
        hostAvaId: host.avaId,
        hostAvaName: host.userName,
        title: '',
        langs: [DEFAULT_SPEECH_LANG],
        conversationMode: 'public',
        startTimestampMs: services.now(),
        state: 'ongoing',
        endedAtMs: null,
        roToken: randomId(24),
        rwToken: randomId(24),
        forbidSharing: host.sharing?.forbidSharing ?? false,
        allowTranscriptsSaving: host.sharing?.allowTranscriptsSaving ?? true,
        hostCanSave: host.sharing?.hostCanSave ?? false,
        admissionRequired: false,
      };
      if (await rooms.create(record)) return record;
      // The name was taken (or the host raced us creating the same room): look again.
      const raced = await rooms.find(roomId);
      if (raced) return raced;
    }
    throw new RoomError('internal', 'could not find a free room name');
  }

  /** Called when a member leaves: an empty room is dropped from memory after a grace period. */
  released(room: LiveRoom): void {
    if (room.memberCount > 0 || this.evictTimers.has(room.id)) return;
    const timer = setTimeout(() => {
      this.evictTimers.delete(room.id);
      if (room.memberCount === 0 && this.live.get(room.id) === room) {
        // Finals still waiting for the database stay with this room: a copy loaded now would
        // number its changes from the stored counter and collide with them.
        if (room.busy) {
          this.released(room);
          return;
        }
        this.live.delete(room.id);
        void room.close();
      }
    }, this.options.idleEvictMs ?? 60_000);
    timer.unref();
    this.evictTimers.set(room.id, timer);
  }

  /**
   * Drops a room from memory at once, without storing anything more: its rows were deleted
   * (a host deleted the conversation from their history), and a copy kept here would serve it.
   */
  async forget(roomId: string): Promise<void> {
    this.cancelEviction(roomId);
    const room = this.live.get(roomId);
    this.live.delete(roomId);
    if (room) await room.close();
  }

  private cancelEviction(roomId: string): void {
    const timer = this.evictTimers.get(roomId);
    if (timer) clearTimeout(timer);
    this.evictTimers.delete(roomId);
  }

  /** Stops all audio and waits until every committed final is stored. */
  async shutdown(): Promise<void> {
    for (const timer of this.evictTimers.values()) clearTimeout(timer);
    this.evictTimers.clear();
    const rooms = [...this.live.values()];
    await Promise.all(rooms.map((r) => r.close()));
    this.live.clear();
  }
}
