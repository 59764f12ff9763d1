/**
 * A live room: who is connected, who is speaking, and the room's captions. The room is the
 * single sequencer of its transcripts: it numbers them, persists finals before showing them,
 * and broadcasts every change to everyone in it.
 */
import type {
  ConnectionRole,
  ConversationStatus,
  RoomStateValue,
  Speaker,
  Transcript,
} from '../../shared/entities';
import type { RoomStatusReason, ServerMessage, SocketErrorCode } from '../../shared/protocol';
import { randomId } from '../../shared/ids';
import type { RoomRecord } from '../db/rooms';
import { AudioTrack } from './audio-track';

/** One connected client as the room sees it. */
export interface RoomMember {
  readonly avaId: string;
  readonly userName: string;
  readonly role: ConnectionRole;
  readonly readonly: boolean;
  /** Premium captions requested (connection-params-update usePaidASR); applies to the next recording. */
  usePaidASR: boolean;
  /** `droppable` messages (partials) may be skipped for a client that is not keeping up. */
  send(message: ServerMessage, options?: { droppable?: boolean }): void;
}

export interface RoomServices {
  saveFinal(roomId: string, t: Transcript): Promise<void>;
  updateRoom(
    id: string,
    changes: Partial<Pick<RoomRecord, 'title' | 'conversationMode' | 'state' | 'endedAtMs'>>,
  ): Promise<void>;
  /** Opens a recognition stream on the engine serving `tier`. */
  openSpeech(
    tier: 'basic' | 'premium',
    lang: string,
    track: AudioTrack,
  ): { ok: true } | { ok: false; code: SocketErrorCode; message: string };
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

export class RoomError extends Error {
  constructor(
    readonly code: SocketErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const TYPING_INDICATOR_MS = 3000;
/** A recogniser that fails this often within the window is not restarted again. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

export class LiveRoom {
  private readonly members = new Set<RoomMember>();
  private readonly typing = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly speakers = new Map<string, Speaker>();
  private readonly tracks = new Map<RoomMember, AudioTrack>();
  /** When each member's recogniser was last restarted after a failure. */
  private readonly restarts = new Map<RoomMember, number[]>();
  /** Streams being stopped: their last finals are still on the way. */
  private readonly stopping = new Set<Promise<void>>();
  private readonly finals: Transcript[];
  /** Finals are written in order: each waits for the one before it. */
  private persistChain: Promise<void> = Promise.resolve();
  private nextIndex: number;

  constructor(
    private record: RoomRecord,
    finals: Transcript[],
    private readonly services: RoomServices,
  ) {
    this.finals = finals;
    this.nextIndex = finals.reduce((max, t) => Math.max(max, t.index + 1), 0);
    for (const t of finals) {
      if (!this.speakers.has(t.author)) {
        this.speakers.set(t.author, { avaId: t.author, avaName: t.authorShow, userName: t.authorShow });
      }
    }
  }

  get id(): string {
    return this.record.id;
  }

  get state(): RoomStateValue {
    return this.record.state;
  }

  get memberCount(): number {
    return this.members.size;
  }

  get activeTracks(): number {
    return this.tracks.size;
  }

  isHost(member: RoomMember): boolean {
    return member.avaId === this.record.hostAvaId;
  }

  status(reason?: string): ConversationStatus {
    const participants = new Map<string, { avaId: string; isTyping: boolean }>();
    for (const m of this.members)
      participants.set(m.avaId, { avaId: m.avaId, isTyping: this.typing.has(m.avaId) });
    return {
      id: this.record.id,
      name: this.record.name,
      host: { avaId: this.record.hostAvaId, avaName: this.record.hostAvaName },
      conversationMode: this.record.conversationMode,
      title: this.record.title,
      langs: this.record.langs,
      links: this.links(),
      startTimestampMs: this.record.startTimestampMs,
      past: this.record.state === 'ended',
      ...(reason ? { reason } : {}),
      state: { value: this.record.state },
      speakers: [...this.speakers.values()],
      participants: [...participants.values()],
      audioStreams: [...this.tracks.values()].map((t) => ({
        avaId: t.context.author,
        trackId: t.context.trackId,
        usePaidASR: t.context.usePaidASR,
      })),
    };
  }

  /** Public URL the links point at; set by the registry from configuration. */
  publicUrl = '';

  private links(): ConversationStatus['links'] {
    const base = `${this.publicUrl}/web/conversations`;
    const endpoint = encodeURIComponent(this.publicUrl);
    return {
      ro: `${base}?token=${this.record.roToken}&endpoint=${endpoint}`,
      rw: `${base}?token=${this.record.rwToken}&endpoint=${endpoint}`,
    };
  }

  /** Adds a member and sends it the room's status and captions (after connection-succeeded). */
  join(member: RoomMember): void {
    this.members.add(member);
    if (!this.speakers.has(member.avaId)) {
      this.speakers.set(member.avaId, {
        avaId: member.avaId,
        avaName: member.userName,
        userName: member.userName,
      });
    }
    member.send({ type: 'room-status', status: this.status() });
    member.send({ type: 'transcripts', transcripts: this.transcripts() });
    // Lines being spoken right now, so someone joining mid-sentence sees them at once.
    for (const track of this.tracks.values()) {
      for (const partial of track.openPartials()) member.send({ type: 'transcript', transcript: partial });
    }
    this.broadcast('participant-joined', member);
  }

  leave(member: RoomMember): void {
    if (!this.members.delete(member)) return;
    this.restarts.delete(member);
    void this.stopAudio(member);
    this.clearTyping(member.avaId);
    this.broadcast('participant-left');
  }

  async updateTitle(member: RoomMember, title: string): Promise<void> {
    if (!this.isHost(member)) throw new RoomError('forbidden', 'only the host can change the title');
    this.record = { ...this.record, title };
    await this.services.updateRoom(this.id, { title });
    this.broadcast('title-updated');
  }

  async updateParams(
    member: RoomMember,
    update: { conversationMode?: 'public' | 'public-muted'; state?: { value: RoomStateValue } },
  ): Promise<void> {
    if ((update.conversationMode || update.state) && !this.isHost(member)) {
      throw new RoomError(
        'forbidden',
        'only the host can change the conversation mode or end the conversation',
      );
    }
    if (update.conversationMode && update.conversationMode !== this.record.conversationMode) {
      this.record = { ...this.record, conversationMode: update.conversationMode };
      await this.services.updateRoom(this.id, { conversationMode: update.conversationMode });
      this.broadcast('conversation-mode-changed');
    }
    if (update.state?.value === 'ended') await this.end();
  }

  /** Ends the conversation: the last words of every speaker become final, then everyone is told. */
  async end(): Promise<void> {
    if (this.record.state === 'ended') return;
    // Everyone's last words become final (and are stored) before the room says it has ended.
    await Promise.all([...this.tracks.keys()].map((m) => this.stopAudio(m)));
    await this.settled();
    const endedAtMs = this.services.now();
    this.record = { ...this.record, state: 'ended', endedAtMs };
    await this.services.updateRoom(this.id, { state: 'ended', endedAtMs });
    this.broadcast('ended');
  }

  startAudio(member: RoomMember, lang: string): void {
    const usePaidASR = member.usePaidASR;
    if (this.record.state === 'ended') throw new RoomError('room-ended', 'the conversation has ended');
    if (member.readonly) throw new RoomError('forbidden', 'this is a read-only link: it cannot send audio');
    void this.stopAudio(member);
    const trackId = `${member.avaId}-${randomId(6)}`;
    const track = new AudioTrack({
      trackId,
      author: member.avaId,
      authorShow: member.userName,
      lang,
      usePaidASR,
      startWallMs: this.services.now(),
      allocateIndex: () => this.nextIndex++,
      onPartial: (t) => this.sendAll({ type: 'transcript', transcript: t }, true),
      onFinal: (t) => this.commitFinal(t),
      onError: (message) => this.speechFailed(member, track, message),
    });
    const opened = this.services.openSpeech(usePaidASR ? 'premium' : 'basic', lang, track);
    if (!opened.ok) throw new RoomError(opened.code, opened.message);
    this.tracks.set(member, track);
    this.speakers.set(member.avaId, {
      avaId: member.avaId,
      avaName: member.userName,
      userName: member.userName,
    });
    this.broadcast('audio-stream-started');
  }

  /**
   * The recogniser behind a member's audio failed (its worker died, say). The speaker keeps
   * talking, so a fresh stream takes over at once; only if that keeps failing is recording
   * stopped. Either way the speaker is told.
   */
  private speechFailed(member: RoomMember, track: AudioTrack, message: string): void {
    if (this.tracks.get(member) !== track) return;
    const now = this.services.now();
    const recent = (this.restarts.get(member) ?? []).filter((t) => now - t < RESTART_WINDOW_MS);
    let restarted = false;
    if (recent.length < MAX_RESTARTS) {
      this.restarts.set(member, [...recent, now]);
      try {
        this.startAudio(member, track.context.lang);
        restarted = true;
      } catch (error) {
        message = `${message}; ${(error as Error).message}`;
      }
    }
    if (!restarted) void this.stopAudio(member);
    member.send({
      type: 'error',
      error: {
        code: 'speech-unavailable',
        message: restarted
          ? `${message}; captions resumed on a new recogniser`
          : `${message}; recording stopped`,
      },
    });
  }

  /**
   * Stops a member's audio. The last utterance's final is committed and sent before the room
   * says the stream stopped, so a client knows every caption of its recording has arrived.
   */
  async stopAudio(member: RoomMember): Promise<void> {
    const track = this.tracks.get(member);
    if (!track) return;
    this.tracks.delete(member);
    const done = (async () => {
      await track.close();
      await this.settled();
      this.broadcast('audio-stream-stopped');
    })();
    this.stopping.add(done);
    try {
      await done;
    } finally {
      this.stopping.delete(done);
    }
  }

  audio(member: RoomMember, samples: Int16Array): void {
    const track = this.tracks.get(member);
    if (!track)
      throw new RoomError(
        'recording-not-started',
        'send {"type":"audio","action":"start"} before audio frames',
      );
    track.write(samples);
  }

  resetRecorder(member: RoomMember): void {
    this.tracks.get(member)?.flush();
  }

  signalTyping(member: RoomMember): void {
    this.clearTyping(member.avaId);
    this.typing.set(
      member.avaId,
      setTimeout(() => {
        this.typing.delete(member.avaId);
        this.broadcast('someone-is-typing');
      }, TYPING_INDICATOR_MS),
    );
    this.broadcast('someone-is-typing');
  }

  /** The room's final captions, in order. */
  transcripts(): Transcript[] {
    return [...this.finals];
  }

  /** Waits until every final committed so far is in the database. */
  settled(): Promise<void> {
    return this.persistChain;
  }

  private clearTyping(avaId: string): void {
    const timer = this.typing.get(avaId);
    if (timer) clearTimeout(timer);
    this.typing.delete(avaId);
  }

  private commitFinal(t: Transcript): void {
    const text = t.texts[t.speechLang] ?? '';
    if (!text) {
      // Noise that showed a partial: tell clients to drop the line; nothing to keep.
      this.sendAll({ type: 'transcript', transcript: t });
      return;
    }
    this.finals.push(t);
    this.persistChain = this.persistChain
      .then(() => this.services.saveFinal(this.id, t))
      .then(
        () => this.sendAll({ type: 'transcript', transcript: t }),
        (error: Error) => {
          // Still show it: losing it on screen too would be worse. The log says it is not saved.
          this.services.log('error', 'could not save a final transcript', {
            roomId: this.id,
            id: t.id,
            error: error.message,
          });
          this.sendAll({ type: 'transcript', transcript: t });
        },
      );
  }

  private broadcast(reason: RoomStatusReason, except?: RoomMember): void {
    const message: ServerMessage = { type: 'room-status-update', reason, status: this.status(reason) };
    for (const m of this.members) if (m !== except) m.send(message);
  }

  private sendAll(message: ServerMessage, droppable = false): void {
    for (const m of this.members) m.send(message, { droppable });
  }

  /** Stops everything when the room is evicted from memory or the server shuts down. */
  async close(): Promise<void> {
    for (const timer of this.typing.values()) clearTimeout(timer);
    this.typing.clear();
    await Promise.all([...this.tracks.keys()].map((m) => this.stopAudio(m)));
    // Including streams stopped just before (a member who left as the server shut down).
    await Promise.all([...this.stopping]);
    await this.settled();
  }
}
