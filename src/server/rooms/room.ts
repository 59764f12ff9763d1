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
import type {
  ClientMessageOf,
  RoomStatusReason,
  ServerMessage,
  ServerMessageOf,
  SocketErrorCode,
} from '../../shared/protocol';
import {
  SAMPLE_RATE_HZ,
  TRANSCRIPT_PAGE_MAX,
  TRANSCRIPT_SNAPSHOT_SIZE,
  DEFAULT_SPEECH_LANG,
} from '../../shared/constants';
import { randomId } from '../../shared/ids';
import type { RoomRecord } from './repository';
import type { RoomTranscripts, StoredFinal } from '../transcripts/repository';
import { StoreOrder, pageBefore } from './transcript-pages';
import { AudioTrack } from './audio-track';
import { type AdmissionDecision, AdmissionDesk, type AdmissionRequest } from './admission-desk';
import { IndexReservation } from './index-reservation';
import { gapMarker, gapSpan } from './gaps';
import { PersistQueue, retryDelayMs } from './persist-queue';
import { RoomSpeakers, type SpeakerResult } from './speakers';
import { type TwilioCall, inPhoneCall } from '../../shared/phone-calls';
import { type Embedder, SpeakerIdentification } from './speaker-identification';
import type { StoredSpeaker } from './speakers-repository';
import { type Timers, realTimers } from './throttle';
import { RoomTranslator, TRANSLATION_BACKFILL_LINES, mergeTranslations } from './translator';
import { chooseGuestLanguage, toggleActive } from './auto-translate';
import type { TranslationEngine } from '../translation/engine';
import { baseLanguage } from '../../shared/translation';
import {
  SESSION_ENDED_REASON,
  SESSION_PROLONGED_REASON,
  type SessionTier,
} from '../../shared/session-limits';
import { AutoStop, RoomSessionLimit } from './session-limits';
import type { RoomScribe } from '../../shared/scribe/model';
import { LineEdits } from './line-edits';
import type { LineChange } from '../../shared/transcript-edit/line-change';
import { type Mutation, NO_TRANSCRIPT_FOUND, mutatorHashOf } from '../../shared/transcript-edit/mutation';
import type { PremiumMeter } from '../credits/premium-meter';

/** One connected client as the room sees it. */
export interface RoomMember {
  readonly avaId: string;
  readonly userName: string;
  readonly role: ConnectionRole;
  readonly readonly: boolean;
  /**
   * Premium captions for this member's next recording: the server's decision (auth/entitlements.ts
   * servedTier), never the client's wish alone.
   */
  usePaidASR: boolean;
  /** Premium is served on the member's credit: counted down while it serves (credits/premium-meter.ts). */
  premiumOnCredit?: boolean;
  /**
   * Vocabulary boost: the words this person's recognition favours (their boost list, unless
   * they turned boosting off with `boost`). Applied from their next utterance (docs/boost.md).
   */
  boostWords?: readonly string[];
  /** Plays others' voiced replies in their room (connection-params-update downAudio). */
  downAudio?: boolean;
  /** Speaker identification (beta solo_speaker_id) is on for this person's microphone. */
  identifySpeakers?: boolean;
  /** A free or Lite user (or a guest): auto stop applies to their lone stream (session-limits.ts). */
  freeOrLite?: boolean;
  /** `droppable` messages (partials) may be skipped for a client that is not keeping up. */
  send(message: ServerMessage, options?: { droppable?: boolean }): void;
  /** Closes this member's connection (a Scribe the host sent away). */
  close?(code: number, reason: string): void;
}

/** Where a room's finals and counters are kept (TranscriptRepository; a failing one in tests). */
export interface TranscriptStore {
  saveFinal(roomId: string, t: Transcript, seq: number): Promise<void>;
  reserveIndexes(roomId: string, upTo: number): Promise<number>;
  /** A voicing speaker named, renamed or claimed (rooms/speakers.ts). */
  saveSpeaker(roomId: string, speaker: StoredSpeaker): Promise<void>;
}

export interface RoomServices {
  updateRoom(
    id: string,
    changes: Partial<
      Pick<
        RoomRecord,
        | 'title'
        | 'conversationMode'
        | 'state'
        | 'endedAtMs'
        | 'allowTranscriptsSaving'
        | 'admissionRequired'
        | 'session'
        | 'editingDisabled'
      >
    >,
  ): Promise<void>;
  /** Opens a recognition stream on the engine serving `tier`. */
  openSpeech(
    tier: 'basic' | 'premium',
    lang: string,
    track: AudioTrack,
  ): { ok: true } | { ok: false; code: SocketErrorCode; message: string };
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /** The speaker-embedding model, when one is installed (speaker identification). */
  speakerEmbedder?: Embedder;
  /** Clock for retries; real timers unless a test gives its own. */
  timers?: Timers;
  /** Translates captions for people who read another language; none: translation is off. */
  translationEngine?: TranslationEngine;
  /** Counts Premium credit down while a stream is served on it; none: nothing is counted. */
  premiumMeter?: Pick<PremiumMeter, 'start'>;
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
/** How long after a recording stops its in-flight frames are dropped without an error. */
const IN_FLIGHT_GRACE_MS = 5000;
/** A recogniser that fails this often within the window is not restarted again. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
/**
 * A room closing (server shutdown, eviction) waits this long for finals the database has not
 * taken yet; past it they are logged as lost, so a dead database cannot hold a shutdown forever.
 */
const CLOSE_FLUSH_MS = 10_000;
/**
 * People coming and going are told to everyone at once, then at most once per this interval
 * (the latest status): a lecture's hundreds of readers joining within a minute would otherwise
 * send everyone a status with the whole participant list for every single arrival.
 */
export const MEMBERSHIP_BROADCAST_MS = 250;

/** A final on its way to the database; `seq` is fixed at the first attempt and kept on retries. */
interface PendingFinal {
  transcript: Transcript;
  seq?: number;
  /** A final again, now with its translations: stored and shown, not translated again. */
  translated?: boolean;
  /** The change of its text this carries (the recogniser's final, a person's correction). */
  change?: LineChange;
  /** Once stored and shown: a correction's sender is told it was applied. */
  shown?: () => void;
}

export class LiveRoom {
  private readonly members = new Set<RoomMember>();
  private readonly typing = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly speakers = new Map<string, Speaker>();
  private readonly tracks = new Map<RoomMember, AudioTrack>();
  /** When each member's recogniser was last restarted after a failure. */
  private readonly restarts = new Map<RoomMember, number[]>();
  /** Streams being stopped: their last finals are still on the way. */
  private readonly stopping = new Set<Promise<void>>();
  /** Stored finals, in index order (what joiners and pages are served from). */
  private readonly finals: StoredFinal[];
  /** The same finals in the order they were last stored (what `transcripts-since` reads). */
  private readonly storeOrder: StoreOrder;
  /** The room's last stored change: every final shown carries its own, one more than the last. */
  private seq: number;
  /** Finals are stored one at a time, in order, and only then shown. */
  private readonly queue: PersistQueue<PendingFinal>;
  private readonly indexes: IndexReservation;
  /** Set the moment the host ends the room: no new audio from then on. */
  private ending: Promise<void> | undefined;
  private closed = false;
  private lastMembershipBroadcast = Number.NEGATIVE_INFINITY;
  private membershipTimer: unknown;
  /** A membership change waiting for its interval: what to say, and who already knows. */
  private membershipPending: { reason: RoomStatusReason; except?: RoomMember } | undefined;
  private readonly timers: Timers;
  private readonly desk: AdmissionDesk;
  /** When each member's last recording stopped: frames still on their way are not an error. */
  private readonly stoppedAt = new Map<RoomMember, number>();
  /** When each speaker's audio last arrived (by avaId: a reconnection is a new member). */
  private readonly lastAudioAt = new Map<string, number>();
  /** Speakers whose connection was lost while recording, with when their audio stopped. */
  private readonly interrupted = new Map<string, number>();
  /** Who said what: voicing speakers and lines given to another speaker (speakers.ts). */
  private readonly whoSaid: RoomSpeakers;
  /** Speaker identification, when the server has a model (rooms/speaker-identification.ts). */
  private readonly identification: SpeakerIdentification | undefined;
  /** Tracks whose finals go through identification. */
  private readonly identified = new WeakSet<AudioTrack>();
  /** Who reads in which language, and the translated captions they get (translator.ts). */
  private readonly translator: RoomTranslator;
  /** The conversation's time limit by tier, and auto stop of a free lone stream (session-limits.ts). */
  private readonly sessionLimit: RoomSessionLimit;
  private readonly autoStop: AutoStop<RoomMember>;
  /** The sequencer of every line's text: the recogniser's and people's changes (line-edits.ts). */
  private readonly edits = new LineEdits();
  /** Finals queued and not yet stored, by id: the latest version of a line being saved. */
  private readonly unstored = new Map<string, Transcript>();
  /** Premium streams served on credit: how to stop counting each. */
  private readonly metered = new Map<AudioTrack, () => void>();
  /** Premium streams whose credit ran out: moved to Basic once the utterance in progress ends. */
  private readonly toBasic = new Set<AudioTrack>();

  constructor(
    private record: RoomRecord,
    stored: RoomTranscripts,
    private readonly services: RoomServices,
    private readonly store: TranscriptStore,
  ) {
    this.timers = services.timers ?? realTimers;
    this.desk = new AdmissionDesk(this.timers);
    this.sessionLimit = new RoomSessionLimit(
      this.timers,
      {
        save: async (session) => {
          await services.updateRoom(this.id, { session });
          this.record = { ...this.record, session };
        },
      },
      () => void this.end(SESSION_ENDED_REASON),
      record.state === 'ongoing' ? record.session : undefined,
    );
    this.autoStop = new AutoStop(this.timers, (member) => void this.stopRecordingOf(member, 'auto-stop'));
    this.finals = [...stored.finals].sort((a, b) => compareFinals(a.transcript, b.transcript));
    this.storeOrder = new StoreOrder(stored.finals);
    this.seq = stored.seq;
    this.indexes = new IndexReservation(
      stored.nextIndex,
      (upTo) => store.reserveIndexes(this.id, upTo),
      this.timers,
      (level, message, extra) => services.log(level, message, { roomId: this.id, ...extra }),
    );
    this.queue = new PersistQueue<PendingFinal>({
      // One at a time, so the seq given here is the one after the last stored: it moves on
      // (in storedFinal) in the same turn as the final is broadcast and joins the snapshot.
      store: async (item) => {
        // Translations of one final made apart (a reader's backfill, a final's own) add up: each
        // joins the version stored last, which the queue has stored by now (one at a time).
        if (item.translated && item.seq === undefined) {
          const current = this.finals.find((f) => f.transcript.id === item.transcript.id)?.transcript;
          if (current) item.transcript = mergeTranslations(current, item.transcript);
        }
        item.seq ??= this.seq + 1;
        await this.store.saveFinal(this.id, item.transcript, item.seq);
      },
      stored: (item) => this.storedFinal(item),
      timers: this.timers,
      log: (level, message, extra) => services.log(level, message, { roomId: this.id, ...extra }),
      describe: (item) => ({ id: item.transcript.id, index: item.transcript.index }),
    });
    this.translator = new RoomTranslator({
      engine: services.translationEngine,
      timers: this.timers,
      log: (level, message, extra) => services.log(level, message, { roomId: this.id, ...extra }),
      sendPartial: (t) => this.sendAll({ type: 'transcript', transcript: t, seq: this.seq }, true),
      finalTranslated: (t) => this.pushFinal({ transcript: t, translated: true }),
    });
    for (const { transcript: t } of this.finals) {
      if (!this.speakers.has(t.author)) {
        this.speakers.set(t.author, { avaId: t.author, avaName: t.authorShow, userName: t.authorShow });
      }
    }
    this.whoSaid = new RoomSpeakers(
      {
        finals: () => this.finals,
        speakers: this.speakers,
        memberName: (avaId) => [...this.members].find((m) => m.avaId === avaId)?.userName,
        // A line given to another speaker keeps its corrections: its text is the sequencer's.
        resave: (line) => this.pushFinal({ transcript: this.edits.view(line) }),
        saveSpeaker: (speaker) => store.saveSpeaker(this.id, speaker),
        announce: () => this.broadcast('speakers-changed'),
        now: () => services.now(),
      },
      stored.speakers,
    );
    const embedder = services.speakerEmbedder;
    this.identification = embedder
      ? new SpeakerIdentification({
          embedder,
          speakerFor: async (person, label) => {
            const result = await this.whoSaid.streamSpeaker({ avaId: person }, label, true);
            if (!result.ok) throw new Error(result.message);
            return result.speaker;
          },
          log: (level, message, extra) => services.log(level, message, { roomId: this.id, ...extra }),
        })
      : undefined;
  }

  get id(): string {
    return this.record.id;
  }

  get hostAvaId(): string {
    return this.record.hostAvaId;
  }

  /** Seconds of a member's audio waiting for the recogniser (0 when not recording). */
  backlogSeconds(member: RoomMember): number {
    return (this.tracks.get(member)?.backlogSamples ?? 0) / SAMPLE_RATE_HZ;
  }

  get state(): RoomStateValue {
    return this.record.state;
  }

  /** Members who asked to hear others' voiced replies (downAudio), other than `from`. */
  voicedReplyListeners(from: RoomMember): RoomMember[] {
    return [...this.members].filter((m) => m !== from && m.downAudio === true);
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

  /**
   * The room's status as `viewer` may see it. Links and the name are invitations: a read-only
   * member sees only the read-only link (a name joins read-write), and when the host forbids
   * sharing only the host sees any. No viewer: the host's view (server-side use only).
   */
  status(reason?: string, viewer?: Pick<RoomMember, 'avaId' | 'readonly'>): ConversationStatus {
    const participants = new Map<string, { avaId: string; isTyping: boolean }>();
    for (const m of this.members)
      participants.set(m.avaId, { avaId: m.avaId, isTyping: this.typing.has(m.avaId) });
    const host = !viewer || viewer.avaId === this.record.hostAvaId;
    const mayShare = host || !this.record.forbidSharing;
    const ended = this.record.state === 'ended';
    const links = this.links();
    return {
      id: this.record.id,
      ...(this.record.name && mayShare && !viewer?.readonly && !ended ? { name: this.record.name } : {}),
      host: { avaId: this.record.hostAvaId, avaName: this.record.hostAvaName },
      conversationMode: this.record.conversationMode,
      title: this.record.title,
      langs: this.record.langs,
      links: mayShare ? (viewer?.readonly ? { ro: links.ro } : links) : { ro: '' },
      startTimestampMs: this.record.startTimestampMs,
      past: ended,
      ...(reason ? { reason } : {}),
      state: { value: this.record.state },
      speakers: [...this.speakers.values()],
      participants: [...participants.values()],
      audioStreams: [...this.tracks.values()].map((t) => ({
        avaId: t.context.author,
        trackId: t.context.trackId,
        usePaidASR: t.context.usePaidASR,
      })),
      admissionRequired: this.record.admissionRequired,
      ...(this.record.editingDisabled ? { editingDisabled: true } : {}),
      ...(this.translator.autoTranslation ? { autoTranslation: this.translator.autoTranslation } : {}),
      confidential: {
        allowTranscriptsSaving: this.record.allowTranscriptsSaving,
        forbidSharing: this.record.forbidSharing,
      },
      ...(this.sessionLimit.current && !ended ? { restrictedSession: this.sessionLimit.current } : {}),
      ...(this.scribeStatus ? { scribe: this.scribeStatus } : {}),
      ...(this.phoneCalls.length > 0
        ? {
            twilioCalls: this.phoneCalls.map((c) => {
              if (host) return c;
              const { calleeInternationalNumber: _number, ...call } = c;
              return call;
            }),
          }
        : {}),
    };
  }

  /**
   * The host connected: the conversation's time limit follows their tier (set once, stored), and
   * they may prolong it when entitled to Premium. Who is entitled is the caller's to decide.
   */
  async restrictSession(tier: SessionTier, prolongable: boolean): Promise<void> {
    if (this.record.state === 'ended' || this.ending) return;
    // Called before the host joins, so their first status carries it; others joining later get
    // it in theirs, and a host coming back changes nothing they see.
    await this.sessionLimit.restrict(tier, this.record.startTimestampMs, prolongable);
  }

  /** Another period for the host (the table says only the host may ask). */
  async prolongSession(): Promise<void> {
    if (this.record.state === 'ended' || this.ending)
      throw new RoomError('room-ended', 'the conversation has ended');
    if (!(await this.sessionLimit.prolong()))
      throw new RoomError('not-entitled', 'Prolonging the conversation is not included in your plan');
    this.broadcast(SESSION_PROLONGED_REASON);
  }

  /** The host's force-mute: every stream of that person stops, and they are told why. */
  async forceMute(avaId: string): Promise<void> {
    const targets = [...this.tracks.keys()].filter((m) => m.avaId === avaId);
    await Promise.all(targets.map((m) => this.stopRecordingOf(m, 'force-mute')));
  }

  /** The server stops a member's microphone (auto stop, force-mute) and says why. */
  private async stopRecordingOf(member: RoomMember, reason: 'auto-stop' | 'force-mute'): Promise<void> {
    if (!this.tracks.has(member)) return;
    this.services.log('info', 'a recording was stopped by the server', { roomId: this.id, reason });
    member.send({ type: 'recording-stopped', reason });
    await this.stopAudio(member);
  }

  /** Auto stop follows the streams: only a free user's lone stream is counted, never with a Scribe. */
  private watchAutoStop(): void {
    const scribeHere = [...this.members].some((m) => m.role === 'scribe');
    this.autoStop.update(
      [...this.tracks.keys()].map((m) => ({ key: m, freeOrLite: m.freeOrLite === true })),
      scribeHere || inPhoneCall(this.phoneCalls),
    );
  }

  /** Public URL the links point at; set by the registry from configuration. */
  publicUrl = '';

  /** The room's Scribe request, as everyone sees it (server/scribes/desk.ts sets it). */
  private scribeStatus: RoomScribe | undefined;
  /** The room's phone calls (server/phone-calls/room-calls.ts sets them). */
  private phoneCalls: TwilioCall[] = [];

  /** The phone calls' word on this room's calls: everyone is told; auto stop does not apply in a call. */
  setPhoneCalls(calls: TwilioCall[]): void {
    this.phoneCalls = calls;
    this.watchAutoStop();
    this.broadcast('phone-calls-changed');
  }
  /** When a caption of this room last appeared or changed (server clock): the Scribe dashboard's. */
  lastCaptionAtMs: number | undefined;

  get scribe(): RoomScribe | undefined {
    return this.scribeStatus;
  }

  /** The Scribe desk's word on this room's request: everyone is told (room-status-update). */
  setScribe(scribe: RoomScribe | undefined, options?: { silent?: boolean }): void {
    this.scribeStatus = scribe;
    if (!options?.silent) this.broadcast('scribe-changed');
  }

  /** The connections of one person in this room. */
  membersOf(avaId: string): RoomMember[] {
    return [...this.members].filter((m) => m.avaId === avaId);
  }

  private links(): { ro: string; rw: string } {
    const base = `${this.publicUrl}/web/conversations`;
    const endpoint = encodeURIComponent(this.publicUrl);
    return {
      ro: `${base}?token=${this.record.roToken}&endpoint=${endpoint}`,
      rw: `${base}?token=${this.record.rwToken}&endpoint=${endpoint}`,
    };
  }

  /** Newcomers wait at the door until the host lets them in (admission-desk.ts). */
  get admissionRequired(): boolean {
    return this.record.admissionRequired;
  }

  private hosts(): RoomMember[] {
    return [...this.members].filter((m) => this.isHost(m));
  }

  /**
   * Someone who is not yet a member asks to come in: every connected host is asked, and
   * `decide` is called back with the first answer (or a refusal: no host here, no answer in
   * time, too many waiting).
   */
  requestAdmission(request: AdmissionRequest, decide: (decision: AdmissionDecision) => void): void {
    const hosts = this.hosts();
    const asked = this.desk.open(request, hosts.length, (decision) => {
      for (const host of this.hosts()) host.send({ type: 'connection-request-closed', id: request.id });
      decide(decision);
    });
    if (asked) for (const host of hosts) host.send(this.admissionMessage(request));
  }

  /** The host's answer; ignored when the request is no longer waiting. */
  answerAdmission(id: string, accept: boolean): void {
    this.desk.answer(id, accept);
  }

  /** The person waiting left: the hosts stop being asked. */
  withdrawAdmission(id: string): void {
    if (this.desk.cancel(id)) {
      for (const host of this.hosts()) host.send({ type: 'connection-request-closed', id });
    }
  }

  private admissionMessage(request: AdmissionRequest): ServerMessage {
    return {
      type: 'connection-request',
      id: request.id,
      to: this.id,
      role: request.role,
      fromSource: request.fromSource,
      from: { avaId: request.avaId, userName: request.userName },
    };
  }

  /** Adds a member and sends it the room's status and captions (after connection-succeeded). */
  join(member: RoomMember): void {
    this.members.add(member);
    // A host who comes (back) is asked about everyone already waiting at the door.
    if (this.isHost(member))
      for (const request of this.desk.waiting) member.send(this.admissionMessage(request));
    // Speakers are people who spoke (started audio), not everyone who came in: the list stays
    // as small as the conversation, however many people join.
    member.send({ type: 'room-status', status: this.status(undefined, member) });
    member.send(this.snapshot());
    // Lines being spoken right now, so someone joining mid-sentence sees them at once.
    for (const track of this.tracks.values()) {
      for (const partial of track.openPartials())
        member.send({ type: 'transcript', transcript: this.edits.view(partial), seq: this.seq });
    }
    this.announceMembership('participant-joined', member);
    if (member.role === 'scribe') this.watchAutoStop();
  }

  /** The room's latest finals again, to one member (whose curse filter changed). */
  resendLatest(member: RoomMember): void {
    if (this.members.has(member)) member.send(this.snapshot());
  }

  leave(member: RoomMember): void {
    if (!this.members.delete(member)) return;
    // Gone while recording: if they come back and resume, the lost span is marked (gaps.ts).
    if (this.tracks.has(member))
      this.interrupted.set(member.avaId, this.lastAudioAt.get(member.avaId) ?? this.services.now());
    this.stoppedAt.delete(member);
    // Nobody is left to let the waiting people in: they are told now, not after a minute.
    if (this.isHost(member) && this.hosts().length === 0) this.desk.hostsGone();
    this.restarts.delete(member);
    this.translator.forget(member);
    void this.stopAudio(member);
    this.clearTyping(member.avaId);
    if (![...this.members].some((m) => m.avaId === member.avaId)) {
      const left = this.edits.dropCursor(mutatorHashOf(member.avaId));
      if (left)
        this.sendAll({ type: 'transcript-cursors', transcriptId: left.lineId, cursors: left.cursors });
    }
    this.announceMembership('participant-left');
    this.watchAutoStop();
  }

  /** Who may is decided before this is called (auth/access.ts): here only what it does. */
  async updateTitle(title: string): Promise<void> {
    // Stored first: if the database refuses, nothing changed anywhere and the sender is told.
    await this.services.updateRoom(this.id, { title });
    this.record = { ...this.record, title };
    this.broadcast('title-updated');
  }

  /**
   * The room's settings in a connection-params-update. Who may change which is decided before
   * this is called (auth/access.ts: mode, state and saveTranscript are the host's).
   */
  async updateParams(update: {
    conversationMode?: 'public' | 'public-muted';
    state?: { value: RoomStateValue };
    saveTranscript?: boolean;
    requireAdmission?: boolean;
    editingDisabled?: boolean;
  }): Promise<void> {
    if (
      update.editingDisabled !== undefined &&
      update.editingDisabled !== (this.record.editingDisabled ?? false)
    ) {
      await this.services.updateRoom(this.id, { editingDisabled: update.editingDisabled });
      this.record = { ...this.record, editingDisabled: update.editingDisabled };
      this.broadcast('conversation-mode-changed');
    }
    if (update.requireAdmission !== undefined && update.requireAdmission !== this.record.admissionRequired) {
      this.record = { ...this.record, admissionRequired: update.requireAdmission };
      await this.services.updateRoom(this.id, { admissionRequired: update.requireAdmission });
      this.broadcast('conversation-mode-changed');
    }
    if (update.saveTranscript !== undefined && update.saveTranscript !== this.record.allowTranscriptsSaving) {
      this.record = { ...this.record, allowTranscriptsSaving: update.saveTranscript };
      await this.services.updateRoom(this.id, { allowTranscriptsSaving: update.saveTranscript });
      this.broadcast('conversation-mode-changed');
    }
    if (update.conversationMode && update.conversationMode !== this.record.conversationMode) {
      this.record = { ...this.record, conversationMode: update.conversationMode };
      await this.services.updateRoom(this.id, { conversationMode: update.conversationMode });
      this.broadcast('conversation-mode-changed');
    }
    // Not awaited: ending waits for the last finals to be stored, which a database outage can
    // make long, and this socket's other messages (its pings) must not wait behind it.
    if (update.state?.value === 'ended') void this.end();
  }

  /**
   * Ends the conversation: the last words of every speaker become final, then everyone is told,
   * with `reason` (the time limit's own, or the plain 'ended').
   */
  end(reason: 'ended' | typeof SESSION_ENDED_REASON = 'ended'): Promise<void> {
    if (this.record.state === 'ended') return Promise.resolve();
    // From this moment no audio starts (startAudio refuses), even while the last finals are
    // still on their way to the database.
    this.ending ??= this.finishEnding(reason);
    return this.ending;
  }

  /**
   * Everyone's last words become final and are stored, then the ended state is stored (tried
   * again until the database takes it), and only then does anyone hear that the room ended: a
   * room people were told had ended is ended after any restart.
   */
  private async finishEnding(reason: 'ended' | typeof SESSION_ENDED_REASON): Promise<void> {
    this.sessionLimit.dispose();
    this.autoStop.dispose();
    await Promise.all([...this.tracks.keys()].map((m) => this.stopAudio(m)));
    await Promise.all([...this.stopping]);
    await this.queue.settled();
    const endedAtMs = this.services.now();
    for (let failures = 0; ; failures++) {
      if (this.closed) return;
      try {
        await this.services.updateRoom(this.id, { state: 'ended', endedAtMs });
        break;
      } catch (error) {
        if (failures === 0) {
          this.services.log('warn', 'could not store that the room ended; trying again', {
            roomId: this.id,
            error: (error as Error).message,
          });
        }
        await new Promise<void>((resolve) =>
          this.timers.setTimeout(resolve, retryDelayMs(failures + 1, 250, 5000)),
        );
      }
    }
    this.record = { ...this.record, state: 'ended', endedAtMs };
    this.broadcast(reason);
    for (const listener of this.endListeners.splice(0)) listener();
  }

  private readonly endListeners: (() => void)[] = [];

  /** Runs `listener` once the room has ended (a meeting bot then leaves its meeting). */
  onEnded(listener: () => void): void {
    if (this.record.state === 'ended') listener();
    else this.endListeners.push(listener);
  }

  /** A message about the room as a whole (the meeting bot's status) to every member. */
  announce(message: ServerMessage): void {
    this.sendAll(message);
  }

  /** The speaker a member's computer-audio stream is shown as (rooms/speakers.ts). */
  async streamSpeaker(member: RoomMember, label: string): Promise<{ avaId: string; name: string }> {
    this.refuseOnceEnding();
    const result = await this.whoSaid.streamSpeaker(member, label);
    if (!result.ok) throw new RoomError(result.code, result.message);
    return result.speaker;
  }

  /** `shownAs`: the stream is the computer's sound, its lines that speaker's (streamSpeaker). */
  startAudio(
    member: RoomMember,
    lang: string,
    resumedFromMs?: number,
    shownAs?: { avaId: string; name: string },
    /**
     * When the stream's first audio was on its way: the arrival of the start message, before the
     * checks awaited since (tier, credit). Captions' `timestampMs` count from it, so the delay
     * readers measure is not shortened by the server's own start-up time. Now when not given.
     */
    startedAtMs?: number,
  ): void {
    const usePaidASR = member.usePaidASR;
    if (this.record.state === 'ended' || this.ending)
      throw new RoomError('room-ended', 'the conversation has ended');
    if (member.readonly) throw new RoomError('forbidden', 'this is a read-only link: it cannot send audio');
    // A start that replaces a live stream of the same connection (WebRTC falling back to the socket).
    const switching = this.tracks.has(member);
    void this.stopAudio(member);
    const trackId = `${member.avaId}-${randomId(6)}`;
    // The person's own microphone, with identification on: its finals go to the voice heard.
    const identification = !shownAs && member.identifySpeakers ? this.identification : undefined;
    const track = new AudioTrack({
      trackId,
      author: shownAs?.avaId ?? member.avaId,
      authorShow: shownAs?.name ?? member.userName,
      ...(shownAs ? { sourceAuthor: member.avaId } : {}),
      lang,
      usePaidASR,
      startWallMs: startedAtMs ?? this.services.now(),
      allocateIndex: () => this.indexes.allocate(),
      // A partial changes nothing stored: it carries the room's current seq.
      // Composed with people's corrections of the line (line-edits.ts) before anyone sees it.
      onPartial: (t) => {
        const { transcript, change } = this.edits.asr(t);
        this.sendAll(
          {
            type: 'transcript',
            transcript: this.translator.partial(transcript),
            seq: this.seq,
            ...(change ? { change } : {}),
          },
          true,
        );
      },
      onFinal: (t) => {
        if (identification) identification.final(member.avaId, t, (line) => this.commitFinal(line));
        else this.commitFinal(t);
        // After the track has closed this utterance (handle goes on after onFinal).
        if (this.toBasic.has(track)) queueMicrotask(() => this.moveToBasicIfQuiet(member, track));
      },
      onError: (message) => this.speechFailed(member, track, message),
      timers: this.timers,
    });
    const opened = this.services.openSpeech(usePaidASR ? 'premium' : 'basic', lang, track);
    if (!opened.ok) throw new RoomError(opened.code, opened.message);
    if (!shownAs && member.boostWords && member.boostWords.length > 0) track.boost(member.boostWords);
    this.indexes.prepare();
    this.tracks.set(member, track);
    // Paid by the person whose device it is (computer audio included), not the speaker shown.
    if (usePaidASR && member.premiumOnCredit && this.services.premiumMeter)
      this.metered.set(
        track,
        this.services.premiumMeter.start(member.avaId, () => this.premiumRanOut(member, track)),
      );
    if (identification) {
      identification.startStream(member.avaId);
      this.identified.add(track);
    }
    const lastAudioAtMs = this.interrupted.get(member.avaId);
    this.interrupted.delete(member.avaId);
    if (resumedFromMs !== undefined && lastAudioAtMs === undefined && switching)
      // The connection stayed but its WebRTC audio was lost: what the server lacks is from the
      // last audio it received to where the client's held audio, sent next, begins.
      this.markGap(member, lang, this.lastAudioAt.get(member.avaId), resumedFromMs, resumedFromMs);
    else if (resumedFromMs !== undefined) this.markGap(member, lang, lastAudioAtMs, resumedFromMs);
    // The computer's sound is not the person speaking: its speaker is already in the list.
    if (!shownAs)
      this.speakers.set(member.avaId, {
        avaId: member.avaId,
        avaName: member.userName,
        userName: member.userName,
      });
    this.broadcast('audio-stream-started');
    this.watchAutoStop();
  }

  /**
   * The member's Premium credit ran out while `track` was served on it: no one is cut off
   * mid-sentence. The utterance in progress finishes on Premium; from the next one the stream
   * is Basic (a new stream, so everyone's status shows audioStreams[].usePaidASR false).
   */
  private premiumRanOut(member: RoomMember, track: AudioTrack): void {
    if (this.tracks.get(member) !== track) return;
    member.usePaidASR = false;
    member.premiumOnCredit = false;
    this.metered.get(track)?.();
    this.metered.delete(track);
    this.toBasic.add(track);
    this.moveToBasicIfQuiet(member, track);
  }

  private moveToBasicIfQuiet(member: RoomMember, track: AudioTrack): void {
    if (this.tracks.get(member) !== track || !this.toBasic.has(track) || track.speaking) return;
    this.toBasic.delete(track);
    const c = track.context;
    try {
      this.startAudio(
        member,
        c.lang,
        undefined,
        c.sourceAuthor ? { avaId: c.author, name: c.authorShow } : undefined,
      );
      this.services.log('info', 'Premium credit ran out: the stream goes on with Basic', { roomId: this.id });
    } catch (error) {
      // Ending (nothing to say), or no engine free: the speaker is told, as when a recogniser fails.
      this.services.log('warn', 'could not move a stream to Basic', {
        roomId: this.id,
        error: (error as Error).message,
      });
      if (!this.tracks.has(member) && this.record.state === 'ongoing' && !this.ending)
        member.send({
          type: 'error',
          error: { code: 'speech-unavailable', message: `${(error as Error).message}; recording stopped` },
        });
    }
  }

  /** Stored and shown like a final (it takes the room's next seq), so every reader sees it. */
  private markGap(
    member: RoomMember,
    lang: string,
    lastAudioAtMs: number | undefined,
    clientFromMs: number,
    /** Where the lost span ends when audio from before now follows (held by the client); now otherwise. */
    untilMs?: number,
  ): void {
    const now = this.services.now();
    const span = gapSpan({
      lastAudioAtMs,
      clientFromMs,
      nowMs: untilMs === undefined ? now : Math.min(now, untilMs),
      roomStartMs: this.record.startTimestampMs,
    });
    if (!span) return;
    this.pushFinal({
      transcript: gapMarker({
        id: `gap${randomId(12)}`,
        author: member.avaId,
        authorShow: member.userName,
        lang,
        index: this.indexes.allocate(),
        span,
      }),
    });
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
        const c = track.context;
        this.startAudio(
          member,
          c.lang,
          undefined,
          c.sourceAuthor ? { avaId: c.author, name: c.authorShow } : undefined,
        );
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
   * Stops a member's audio. The last utterance's final is stored and sent before the room says
   * the stream stopped, so a client knows every caption of its recording has arrived. Resolves
   * once that final is queued for storage: waiting for the database here would hold the
   * member's socket (and its pings) for as long as an outage lasts.
   */
  /**
   * Frames a client sent before it heard its recording stop (the host ended the room, or the
   * recording was stopped): dropped quietly, since the person did nothing wrong. Only a client
   * that sends audio it never started is told.
   */
  private inFlight(member: RoomMember): boolean {
    if (this.ending || this.record.state === 'ended') return true;
    const stopped = this.stoppedAt.get(member);
    return stopped !== undefined && this.timers.now() - stopped < IN_FLIGHT_GRACE_MS;
  }

  async stopAudio(member: RoomMember): Promise<void> {
    const track = this.tracks.get(member);
    if (!track) return;
    this.tracks.delete(member);
    this.metered.get(track)?.();
    this.metered.delete(track);
    this.toBasic.delete(track);
    this.watchAutoStop();
    this.stoppedAt.set(member, this.timers.now());
    const closed = track.close();
    const done = (async () => {
      await closed;
      // The last finals may still be being given to their speakers: they are queued first.
      if (this.identified.has(track)) await this.identification?.settled(member.avaId);
      await this.queue.settled();
      this.broadcast('audio-stream-stopped');
    })();
    this.stopping.add(done);
    void done.finally(() => this.stopping.delete(done));
    await closed;
  }

  audio(member: RoomMember, samples: Int16Array): void {
    const track = this.tracks.get(member);
    if (!track && this.inFlight(member)) return;
    if (!track)
      throw new RoomError(
        'recording-not-started',
        'send {"type":"audio","action":"start"} before audio frames',
      );
    this.lastAudioAt.set(member.avaId, this.services.now());
    if (this.identified.has(track)) this.identification?.write(member.avaId, samples);
    track.write(samples);
  }

  resetRecorder(member: RoomMember): void {
    this.tracks.get(member)?.flush();
  }

  /**
   * A typed reply: the sender's own line in the transcript, marked typed (no `asr`), stored and
   * shown like a final. The sender stops "typing" for everyone at once.
   */
  addTypedLine(member: RoomMember, text: string, lang: string | undefined): void {
    if (this.record.state === 'ended' || this.ending)
      throw new RoomError('room-ended', 'the conversation has ended');
    if (member.readonly)
      throw new RoomError('forbidden', 'this is a read-only link: it cannot send messages');
    const speechLang = lang ?? this.record.langs[0] ?? DEFAULT_SPEECH_LANG;
    this.pushFinal({
      transcript: {
        id: `typed${randomId(12)}`,
        isFinal: true,
        author: member.avaId,
        authorShow: member.userName,
        origin: 'human',
        speechLang,
        texts: { [speechLang]: text },
        usePaidASR: false,
        index: this.indexes.allocate(),
        timestampMs: this.services.now(),
        t0: 0,
        trackName: 'keyboard',
      },
    });
    if (!this.speakers.has(member.avaId))
      this.speakers.set(member.avaId, {
        avaId: member.avaId,
        avaName: member.userName,
        userName: member.userName,
      });
    if (this.typing.has(member.avaId)) {
      this.clearTyping(member.avaId);
      this.broadcast('someone-is-typing');
    }
  }

  /** Whose microphone or keyboard made a stored line: who, besides the host, may change its speaker. */
  lineSourceOf(lineId: string): string | undefined {
    return this.whoSaid.sourceOf(lineId);
  }

  /** assign-voicing-speaker-name: names (creating, the first time) a speaker with no device. */
  async nameVoicingSpeaker(speakerId: string, name: string): Promise<void> {
    this.refuseOnceEnding();
    this.check(await this.whoSaid.name(speakerId, name));
  }

  /** assign-voicing-speaker-myself: a voicing speaker was `member`; its lines become theirs. */
  async claimVoicingSpeaker(member: RoomMember, speakerId: string): Promise<void> {
    this.refuseOnceEnding();
    this.check(await this.whoSaid.claim(speakerId, member));
  }

  /** assign-bloc-different-speaker: one stored line is given to another speaker. */
  assignLineSpeaker(lineId: string, speakerId: string): void {
    this.refuseOnceEnding();
    this.check(this.whoSaid.assignLine(lineId, speakerId));
  }

  private refuseOnceEnding(): void {
    if (this.record.state === 'ended' || this.ending)
      throw new RoomError('room-ended', 'the conversation has ended');
  }

  private check(result: SpeakerResult): void {
    if (!result.ok) throw new RoomError(result.code, result.message);
  }

  /**
   * Someone is typing. Only a change is broadcast (started typing, and stopped once the
   * indicator times out): a member who signals on every key press keeps the indicator alive
   * without costing the room a broadcast each time, so at most one per member per second.
   */
  signalTyping(member: RoomMember): void {
    const wasTyping = this.typing.has(member.avaId);
    this.clearTyping(member.avaId);
    this.typing.set(
      member.avaId,
      setTimeout(() => {
        this.typing.delete(member.avaId);
        this.broadcast('someone-is-typing');
      }, TYPING_INDICATOR_MS),
    );
    if (!wasTyping) this.broadcast('someone-is-typing');
  }

  /**
   * The language `member` reads captions in (translation.md): their own speakers' language needs
   * nothing; another needs an installed pair. Answered with `reading-language`.
   */
  setReadingLanguage(member: RoomMember, lang: string): void {
    const base = baseLanguage(lang);
    const spoken = baseLanguage(this.record.langs[0] ?? DEFAULT_SPEECH_LANG);
    if (base !== spoken) {
      if (!this.translator.available)
        throw new RoomError('translation-unavailable', 'translation is not available on this server');
      if (!this.translator.readable(base))
        throw new RoomError('translation-unavailable', `no installed language pair translates into ${base}`);
    }
    this.translator.setReader(member, base === spoken ? undefined : base);
    member.send({ type: 'reading-language', lang: base });
    // The latest lines they already see, in their language too.
    if (base !== spoken)
      this.translator.backfill(
        this.finals.slice(-TRANSLATION_BACKFILL_LINES).map((f) => f.transcript),
        base,
      );
  }

  /** Auto-translate: the guest's language (who may is decided in auth/access.ts). */
  setAutoTranslateGuestLanguage(language: string): void {
    const result = chooseGuestLanguage(
      this.translator.autoTranslation,
      this.record.langs[0] ?? DEFAULT_SPEECH_LANG,
      language,
      this.translator.pairs(),
    );
    if (!result.ok) throw new RoomError('translation-unavailable', result.message);
    this.translator.autoTranslation = result.value;
    this.broadcast('auto-translate-changed');
  }

  /** Auto-translate: the other person's turn to speak. */
  toggleAutoTranslate(): void {
    const result = toggleActive(this.translator.autoTranslation);
    if (!result.ok) throw new RoomError('invalid-message', result.message);
    this.translator.autoTranslation = result.value;
    this.broadcast('auto-translate-changed');
  }

  /**
   * Vocabulary boost: `member`'s recognition favours `words` from their next utterance on,
   * without restarting their recording (docs/boost.md).
   */
  setBoost(member: RoomMember, words: readonly string[]): void {
    member.boostWords = [...words];
    const track = this.tracks.get(member);
    // The computer's sound is not the person's voice: their words are theirs to boost.
    if (track && track.context.sourceAuthor === undefined) track.boost(member.boostWords);
  }

  /** Every stored final of the room, in order (the transcript after the conversation). */
  transcripts(): Transcript[] {
    return this.finals.map((f) => f.transcript);
  }

  /** What a joiner gets: the latest finals, the room's seq, and whether older ones exist. */
  snapshot(): ServerMessageOf<'transcripts'> {
    const start = Math.max(0, this.finals.length - TRANSCRIPT_SNAPSHOT_SIZE);
    return {
      type: 'transcripts',
      transcripts: this.finals.slice(start).map((f) => f.transcript),
      seq: this.seq,
      hasOlder: start > 0,
    };
  }

  /** Finals stored after `afterSeq`, in storage order, a page at a time (transcript-pages.ts). */
  transcriptsSince(afterSeq: number): ServerMessageOf<'transcripts-since-response'> {
    const page = this.storeOrder.since(afterSeq);
    return {
      type: 'transcripts-since-response',
      afterSeq,
      transcripts: page.finals.map((f) => f.transcript),
      seq: page.complete ? this.seq : page.finals[page.finals.length - 1]!.seq,
      complete: page.complete,
    };
  }

  /** Up to `limit` finals before index `beforeIndex`, in index order. */
  transcriptsBefore(
    beforeIndex: number,
    limit = TRANSCRIPT_PAGE_MAX,
  ): ServerMessageOf<'transcripts-before-response'> {
    const page = pageBefore(this.finals, beforeIndex, limit);
    return {
      type: 'transcripts-before-response',
      beforeIndex,
      transcripts: page.finals.map((f) => f.transcript),
      hasOlder: page.hasOlder,
    };
  }

  /** Answers a member's request for finals it does not have (after a gap, or scrolling back). */
  requestTranscripts(
    member: RoomMember,
    request: ClientMessageOf<'transcripts-since'> | ClientMessageOf<'transcripts-before'>,
  ): void {
    member.send(
      request.type === 'transcripts-since'
        ? this.transcriptsSince(request.afterSeq)
        : this.transcriptsBefore(request.beforeIndex, request.limit),
    );
  }

  /** Waits until every final committed so far is stored (and shown). */
  settled(): Promise<void> {
    return this.queue.settled();
  }

  /** Work that must finish before the room may leave memory: finals to store, an end to record. */
  get busy(): boolean {
    return (
      this.queue.pending > 0 ||
      this.stopping.size > 0 ||
      (this.ending !== undefined && this.state !== 'ended')
    );
  }

  private clearTyping(avaId: string): void {
    const timer = this.typing.get(avaId);
    if (timer) clearTimeout(timer);
    this.typing.delete(avaId);
  }

  private commitFinal(t: Transcript): void {
    // The recogniser's final, composed with what people corrected while it was spoken.
    const { transcript, change } = this.edits.asr(t);
    const text = transcript.texts[transcript.speechLang] ?? '';
    if (!text) {
      // Noise that showed a partial: tell clients to drop the line (as it came: no version);
      // nothing to keep.
      this.edits.forget(t.id);
      this.translator.drop(t.id);
      this.sendAll({ type: 'transcript', transcript: t, seq: this.seq });
      return;
    }
    // Shown only once stored (storedFinal); until then people still see its last partial.
    this.pushFinal({ transcript, ...(change ? { change } : {}) });
  }

  /** Queues a final (or a changed one) for storage; it is shown once stored. */
  private pushFinal(item: PendingFinal): boolean {
    const queued = this.queue.push(item);
    if (queued) this.unstored.set(item.transcript.id, item.transcript);
    return queued;
  }

  /** Members' corrections are off: the room is public-muted, or the host turned them off. */
  get editingRestricted(): boolean {
    return this.record.conversationMode === 'public-muted' || this.record.editingDisabled === true;
  }

  /** The latest version of a line: being stored, stored, or still being spoken. */
  private currentLine(lineId: string): Transcript | undefined {
    const known =
      this.unstored.get(lineId) ?? this.finals.find((f) => f.transcript.id === lineId)?.transcript;
    if (known) return known;
    for (const track of this.tracks.values())
      for (const partial of track.openPartials()) if (partial.id === lineId) return partial;
    return undefined;
  }

  /**
   * A person's correction of one line (`transcript-edit`; who may is decided in auth/access.ts,
   * including the public-muted and editing-off rows). The sequencer transforms and applies it;
   * a final's change is stored before anyone sees it, a line still being spoken changes at once.
   * The sender hears `transcript-edit-ack` once it is applied and shown.
   */
  editTranscript(member: RoomMember, transcriptId: string, mutation: Mutation): void {
    this.refuseOnceEnding();
    const line = this.currentLine(transcriptId);
    if (!line || line.gap)
      throw new RoomError('invalid-message', `transcript-edit.transcriptId: ${NO_TRANSCRIPT_FOUND}`);
    const final = line.isFinal;
    if ((mutation.type === 'changeSpeaker' || mutation.type === 'updateField') && !final)
      throw new RoomError(
        'invalid-message',
        `transcript-edit.mutation: the line is still being spoken; ${mutation.type} waits for its final`,
      );
    const hash = mutatorHashOf(member.avaId);
    const result = this.edits.apply(line, mutation, hash);
    const ack = () =>
      member.send({
        type: 'transcript-edit-ack',
        transcriptId,
        mutationId: mutation.id,
        version: this.edits.state(transcriptId)?.version ?? line.version ?? 0,
      });
    if (!result.ok) throw new RoomError('invalid-message', `transcript-edit.${result.message}`);
    switch (result.kind) {
      case 'duplicate':
        ack();
        return;
      case 'cursor':
        this.sendAll({ type: 'transcript-cursors', transcriptId, cursors: result.cursors });
        if (result.left)
          this.sendAll({
            type: 'transcript-cursors',
            transcriptId: result.left.lineId,
            cursors: result.left.cursors,
          });
        ack();
        return;
      case 'text': {
        if (!result.change) {
          ack();
          return;
        }
        const shown = this.edits.view(line);
        if (final) {
          if (!this.pushFinal({ transcript: shown, change: result.change, shown: ack }))
            throw new RoomError(
              'rate-limited',
              'the conversation’s storage is behind; try again in a moment',
            );
          return;
        }
        // A line still being spoken changes nothing stored: everyone sees it at once.
        this.sendAll({
          type: 'transcript',
          transcript: this.translator.partial(shown),
          seq: this.seq,
          change: result.change,
        });
        ack();
        return;
      }
      case 'line': {
        if (mutation.type === 'changeSpeaker') {
          this.assignLineSpeaker(transcriptId, mutation.speakerId);
        } else if (mutation.type === 'updateField') {
          const current = this.edits.view(line);
          const text = current.texts[current.speechLang] ?? '';
          const changed: Transcript = {
            ...current,
            speechLang: mutation.value,
            texts: { [mutation.value]: text },
          };
          delete changed.indexes;
          delete changed.translationErrors;
          if (!this.pushFinal({ transcript: changed }))
            throw new RoomError(
              'rate-limited',
              'the conversation’s storage is behind; try again in a moment',
            );
        }
        ack();
        return;
      }
    }
  }

  /** A final is in the database: now it joins the room's memory and everyone sees it. */
  private storedFinal(item: PendingFinal): void {
    const entry: StoredFinal = { transcript: item.transcript, seq: item.seq! };
    this.seq = entry.seq;
    if (this.unstored.get(entry.transcript.id) === item.transcript) this.unstored.delete(entry.transcript.id);
    const existing = this.finals.findIndex((f) => f.transcript.id === entry.transcript.id);
    if (existing >= 0) this.finals.splice(existing, 1);
    let at = this.finals.length;
    while (at > 0 && compareFinals(this.finals[at - 1]!.transcript, entry.transcript) > 0) at--;
    this.finals.splice(at, 0, entry);
    this.storeOrder.add(entry);
    // Readers keep the line's last translation (its indexes say it is of a partial) until the
    // final's own arrives; what is stored and given to joiners is the final as it is.
    const shown = item.translated
      ? entry.transcript
      : this.translator.withPendingTranslations(entry.transcript);
    this.sendAll({
      type: 'transcript',
      transcript: shown,
      seq: entry.seq,
      ...(item.change ? { change: item.change } : {}),
    });
    item.shown?.();
    // Translated once stored and shown: the original never waits on the engine.
    if (!item.translated) this.translator.final(entry.transcript);
  }

  /**
   * A join or leave: broadcast now if none was in the last MEMBERSHIP_BROADCAST_MS, else once
   * at the end of the interval with the status as it is then. `except` (the joiner, who has
   * just been sent the status) is skipped only if every change waiting names the same one.
   */
  private announceMembership(reason: RoomStatusReason, except?: RoomMember): void {
    const now = this.timers.now();
    if (this.membershipTimer === undefined && now - this.lastMembershipBroadcast >= MEMBERSHIP_BROADCAST_MS) {
      this.lastMembershipBroadcast = now;
      this.broadcast(reason, except);
      return;
    }
    const pending = this.membershipPending;
    this.membershipPending = {
      reason,
      ...(pending === undefined || pending.except === except ? { except } : {}),
    };
    if (this.membershipTimer !== undefined) return;
    this.membershipTimer = this.timers.setTimeout(
      () => {
        this.membershipTimer = undefined;
        const waiting = this.membershipPending;
        this.membershipPending = undefined;
        this.lastMembershipBroadcast = this.timers.now();
        if (waiting && !this.closed) this.broadcast(waiting.reason, waiting.except);
      },
      this.lastMembershipBroadcast + MEMBERSHIP_BROADCAST_MS - now,
    );
  }

  private broadcast(reason: RoomStatusReason, except?: RoomMember): void {
    // The status differs between viewers only by whether they host and whether they only
    // read: one message per kind of viewer, not one per member. A large room (a lecture's
    // hundreds of readers) would otherwise build and serialise its whole participant list
    // once per member on every join, quadratic in the room's size.
    const byViewer = new Map<string, ServerMessageOf<'room-status-update'>>();
    for (const m of this.members) {
      if (m === except) continue;
      const kind = `${m.avaId === this.record.hostAvaId}:${m.readonly}`;
      let message = byViewer.get(kind);
      if (!message) {
        message = { type: 'room-status-update', reason, status: this.status(reason, m) };
        byViewer.set(kind, message);
      }
      m.send(message);
    }
  }

  private sendAll(message: ServerMessage, droppable = false): void {
    if (message.type === 'transcript') this.lastCaptionAtMs = this.services.now();
    for (const m of this.members) m.send(message, { droppable });
  }

  /**
   * Stops everything when the room is evicted from memory or the server shuts down: the last
   * words become finals and are stored. A database that does not take them within
   * CLOSE_FLUSH_MS does not hold the shutdown: what is left is logged as lost, by id.
   */
  async close(): Promise<void> {
    this.desk.hostsGone();
    this.sessionLimit.dispose();
    this.autoStop.dispose();
    for (const timer of this.typing.values()) clearTimeout(timer);
    this.translator.close();
    this.typing.clear();
    await Promise.all([...this.tracks.keys()].map((m) => this.stopAudio(m)));
    // Including streams stopped just before (a member who left as the server shut down).
    // An end in progress is let finish too: it is stored once the last finals are.
    const flushed = Promise.all([...this.stopping])
      .then(() => this.queue.settled())
      .then(() => this.ending);
    let timer: unknown;
    const timedOut = await Promise.race([
      flushed.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = this.timers.setTimeout(() => resolve(true), CLOSE_FLUSH_MS);
      }),
    ]);
    this.timers.clearTimeout(timer);
    this.closed = true;
    if (this.membershipTimer !== undefined) this.timers.clearTimeout(this.membershipTimer);
    this.indexes.close();
    if (timedOut) {
      const lost = this.queue.stop();
      this.services.log('error', 'the room closed with finals the database never took; they are lost', {
        roomId: this.id,
        lost: lost.map((item) => item.transcript.id),
      });
    }
  }
}

/** Caption order: by index, then start time, then id (total, as the clients order them). */
function compareFinals(a: Transcript, b: Transcript): number {
  return a.index - b.index || a.timestampMs - b.timestampMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
