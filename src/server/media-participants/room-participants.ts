/**
 * The life cycle every kind of media participant shares (meeting-bot/room-bots.ts MeetingBots,
 * phone-calls/room-calls.ts PhoneCalls), with what is particular to a kind plugged in by its
 * subclass: how it is asked of its provider, its status, what is stored of it.
 *
 * - Tracked per room, by token (its callbacks and sockets) and by the provider's id.
 * - A member of its room while its provider says it is there; its audio is a track of the room,
 *   started on the first samples, refused (and logged) when the room will not take it.
 * - Its status is announced to the room and, in cluster mode, stored on every change.
 * - It ends with its room (`roomEnded`, once per room).
 * - Cluster mode: saved once its provider has it; the node that takes its room over adopts the
 *   stored ones (`adopt`) and asks their provider to send their audio here.
 */
import type { LiveRoom, RoomMember } from '../rooms';
import { type MediaParticipant, mediaMember, newMemberId } from './participant';
import type { MediaParticipantStore, StoredMediaParticipant } from './store';

/** The lines a kind logs (each says which kind, so an operator knows what failed). */
export interface MediaLogLines {
  /** warn: the audio's samples were refused by the room. */
  audioRefused: string;
  /** warn: the provider could not be told to end it (leave, hang up). */
  notEndedAtProvider: string;
  /** warn: not saved once the provider took it (it only cannot move if this node dies). */
  notSaved: string;
  /** warn: a change of its status was not stored. */
  notUpdated: string;
  /** warn: the stored participants of a room taken over could not be read. */
  notRead: string;
  /** info: adopted, its provider sends its audio here now. */
  moved: string;
  /** warn: adopted, but its provider would not send its audio here (it ended meanwhile). */
  notMoved: string;
}

/** What the base takes of a kind's own options. */
export interface MediaParticipantsOptions<Stored extends StoredMediaParticipant, Changes> {
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /** Cluster mode: participants are stored, and move with their rooms. */
  takeover?: { store: MediaParticipantStore<Stored, Changes> };
}

/** What a kind stores of a participant beside what every one has (StoredMediaParticipant). */
export type OwnFields<Stored extends StoredMediaParticipant> = Omit<Stored, keyof StoredMediaParticipant>;

/** One stored participant taken up by the node that took its room over. */
export interface Adopted<P, Stored> {
  participant: P;
  record: Stored;
}

export abstract class MediaParticipants<
  P extends MediaParticipant,
  Stored extends StoredMediaParticipant,
  Changes,
  Options extends MediaParticipantsOptions<Stored, Changes>,
> {
  private readonly byRoom = new Map<string, P[]>();
  private readonly byProviderId = new Map<string, P>();
  private readonly byToken = new Map<string, P>();
  /** Rooms whose end already ends their participants. */
  private readonly watched = new WeakSet<LiveRoom>();

  /** The kind's own options, the base's among them. */
  constructor(protected readonly options: Options) {}

  /** The kind, as its members' ids begin: `meeting-bot`, `phone-call`. */
  protected abstract readonly kind: string;
  /** What the kind logs when a step fails (or moves it). */
  protected abstract readonly lines: MediaLogLines;
  /** Its status, told to its room's members. */
  protected abstract announce(participant: P): void;
  /** What is saved of it once its provider has it, beside its token, room and member. */
  protected abstract stored(participant: P): OwnFields<Stored>;
  /** What is stored of it as it changes. */
  protected abstract changes(participant: P): Changes;
  /** Its room ended: what is still on ends with it. */
  protected abstract roomEnded(room: LiveRoom): Promise<void>;
  /** Which of a room's stored participants a new owner takes up. */
  protected abstract adoptable(records: Stored[]): Stored[];
  /** A stored participant as it is taken up by this node, in `room`. */
  protected abstract revive(room: LiveRoom, record: Stored): P;
  /** What follows an adoption: the room told, each provider asked for the audio here. */
  protected abstract resume(room: LiveRoom, adopted: Adopted<P, Stored>[]): Promise<void>;

  /** Whether participants can move at all (their provider can send their audio elsewhere). */
  protected canMove(): boolean {
    return true;
  }

  /**
   * Cluster mode: the room `room` was taken by this node (loaded under its lease); its stored
   * participants are adopted, and their audio asked for again here. One this node already has
   * in this very room is left as it is.
   */
  async adopt(room: LiveRoom): Promise<void> {
    const store = this.options.takeover?.store;
    if (!store || !this.canMove()) return;
    let records: Stored[];
    try {
      records = this.adoptable(await store.ofRoom(room.id));
    } catch (error) {
      this.options.log('warn', this.lines.notRead, {
        roomId: room.id,
        error: (error as Error).message,
      });
      return;
    }
    const adopted: Adopted<P, Stored>[] = [];
    for (const record of records) {
      const known = this.byToken.get(record.token);
      if (known?.room === room) continue;
      // A copy of an earlier time this node owned the room: the stored participant is newer.
      if (known) this.drop(known);
      adopted.push({ participant: this.track(this.revive(room, record)), record });
    }
    if (adopted.length > 0) await this.resume(room, adopted);
  }

  /** The member it speaks as in its room: a new one, or (adopted) the one it was. */
  protected member(userName: string, avaId = newMemberId(this.kind)): RoomMember {
    return mediaMember(avaId, userName);
  }

  /** Follows a participant of its room (new, or adopted): its callbacks are known, it ends with the room. */
  protected track(participant: P): P {
    const { room } = participant;
    this.byRoom.set(room.id, [...(this.byRoom.get(room.id) ?? []), participant]);
    this.byToken.set(participant.token, participant);
    if (participant.providerId) this.byProviderId.set(participant.providerId, participant);
    if (!this.watched.has(room)) {
      this.watched.add(room);
      room.onEnded(() => void this.roomEnded(room));
    }
    return participant;
  }

  /** Forgets a participant held here (given up, or its room is no longer this copy). */
  protected drop(participant: P): void {
    const { room } = participant;
    this.byToken.delete(participant.token);
    if (participant.providerId) this.byProviderId.delete(participant.providerId);
    const rest = (this.byRoom.get(room.id) ?? []).filter((p) => p !== participant);
    if (rest.length > 0) this.byRoom.set(room.id, rest);
    else this.byRoom.delete(room.id);
  }

  /** No callback reaches it any more (its provider is done with it); its room still shows it. */
  protected unreachable(participant: P): void {
    this.byToken.delete(participant.token);
    if (participant.providerId) this.byProviderId.delete(participant.providerId);
  }

  /** The provider took it, under `providerId`: from now on it is stored (cluster mode). */
  protected async identified(participant: P, providerId: string): Promise<void> {
    participant.providerId = providerId;
    this.byProviderId.set(providerId, participant);
    // Taken either way: one the store missed only cannot move if this node dies.
    const record = {
      token: participant.token,
      roomId: participant.room.id,
      memberAvaId: participant.member.avaId,
      ...this.stored(participant),
    } as Stored;
    await this.options.takeover?.store.save(record).catch((error: Error) =>
      this.options.log('warn', this.lines.notSaved, {
        roomId: participant.room.id,
        error: error.message,
      }),
    );
  }

  protected ofRoom(roomId: string): readonly P[] {
    return this.byRoom.get(roomId) ?? [];
  }

  /** The room's newest participant (the one of a kind there is one of at a time). */
  protected latest(roomId: string): P | undefined {
    return this.ofRoom(roomId).at(-1);
  }

  protected withToken(token: string): P | undefined {
    return this.byToken.get(token);
  }

  protected withProviderId(providerId: string): P | undefined {
    return this.byProviderId.get(providerId);
  }

  /** Every participant its provider has. */
  protected all(): P[] {
    return [...this.byProviderId.values()];
  }

  /** Its status changed: the room is told, and the store (cluster mode). */
  protected changed(participant: P): void {
    this.announce(participant);
    this.store(participant);
  }

  /** Cluster mode: its new state, for a node that takes its room over. */
  protected store(participant: P): void {
    const store = this.options.takeover?.store;
    if (!store || !participant.providerId) return;
    store.update(participant.token, this.changes(participant)).catch((error: Error) =>
      this.options.log('warn', this.lines.notUpdated, {
        roomId: participant.room.id,
        error: error.message,
      }),
    );
  }

  protected joinRoom(participant: P): void {
    if (participant.inRoom) return;
    participant.inRoom = true;
    participant.room.join(participant.member);
  }

  protected leaveRoom(participant: P): void {
    if (!participant.inRoom) return;
    participant.inRoom = false;
    participant.recording = false;
    participant.room.leave(participant.member);
  }

  /** Its track (again) in `speechLang`; the words already said keep theirs. */
  protected startTrack(participant: P, speechLang: string): void {
    participant.room.startAudio(participant.member, speechLang);
    participant.recording = true;
  }

  /**
   * Its audio, into its room while it is a member there and the room is on: the track starts on
   * the first samples. `samples` is asked for once the track is on (a decoder's state moves).
   */
  protected hear(participant: P, speechLang: string, samples: () => Int16Array): void {
    if (!participant.inRoom || participant.room.state !== 'ongoing') return;
    try {
      if (!participant.recording) this.startTrack(participant, speechLang);
      participant.room.audio(participant.member, samples());
    } catch (error) {
      this.options.log('warn', this.lines.audioRefused, {
        roomId: participant.room.id,
        error: (error as Error).message,
      });
    }
  }

  /** Tells its provider to end it (a bot leaves, a call is hung up); a refusal is logged. */
  protected async endAtProvider(participant: P, end: (providerId: string) => Promise<void>): Promise<void> {
    if (!participant.providerId) return;
    try {
      await end(participant.providerId);
    } catch (error) {
      this.options.log('warn', this.lines.notEndedAtProvider, {
        roomId: participant.room.id,
        error: (error as Error).message,
      });
    }
  }

  /** Cluster mode: asks its provider for its audio here; false (logged) when it will not. */
  protected async moveAudio(participant: P, ask: (providerId: string) => Promise<void>): Promise<boolean> {
    try {
      await ask(participant.providerId!);
      this.options.log('info', this.lines.moved, { roomId: participant.room.id });
      return true;
    } catch (error) {
      // It ended meanwhile (the provider refuses), or the provider is unreachable.
      this.options.log('warn', this.lines.notMoved, {
        roomId: participant.room.id,
        error: (error as Error).message,
      });
      return false;
    }
  }
}
