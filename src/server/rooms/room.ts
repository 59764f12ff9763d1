/**
 * A live room: who is connected, who is speaking, and the room's captions. The room is the
 * single sequencer of its transcripts: it numbers them, persists finals before showing them,
 * and broadcasts every change to everyone in it.
 *
 * LiveRoom is what the rest of the server calls. It composes a small core (room-core.ts:
 * members, sequencing, persistence, broadcast, ending) with the parts that hook into it, each
 * given only what it needs of the core and of the others: streams and restarts
 * (room-streams.ts), Premium falling back to Basic (room-premium-fallback.ts), lost audio
 * (room-gaps.ts), speakers (room-speakers.ts), translation (room-translation.ts), typing and
 * typed replies (room-typing.ts), editing (room-editing.ts), session limits (room-session.ts),
 * admission (room-admission.ts), settings (room-settings.ts) and the status (room-status.ts).
 * They are made and hooked together in room-parts.ts. What spans several parts (joining,
 * leaving) is here, in the order it happens.
 */
import type { ConversationStatus, RoomStateValue, Transcript } from '../../shared/entities';
import type {
  ClientMessageOf,
  RecordingStoppedReason,
  ServerMessage,
  ServerMessageOf,
} from '../../shared/protocol';
import type { SESSION_ENDED_REASON, SessionTier } from '../../shared/session-limits';
import { type TwilioCall, inPhoneCall } from '../../shared/phone-calls';
import type { RoomScribe } from '../../shared/scribe/model';
import type { Mutation } from '../../shared/transcript-edit/mutation';
import type { RoomRecord } from './repository';
import type { RoomTranscripts } from '../transcripts';
import type { AdmissionDecision, AdmissionRequest, DoorOutcome } from './admission-desk';
import type { RoomMember, RoomServices, TranscriptStore } from './room-contract';
import type { RoomAdmission } from './room-admission';
import type { RoomCatchUp } from './room-catch-up';
import type { RoomCore } from './room-core';
import type { RoomEditing } from './room-editing';
import type { RoomGaps } from './room-gaps';
import { composeRoomParts } from './room-parts';
import type { PremiumFallback } from './room-premium-fallback';
import type { RoomSession } from './room-session';
import type { RoomParams, RoomSettings } from './room-settings';
import type { RoomSpeakerList } from './room-speakers';
import { roomStatus } from './room-status';
import type { RoomStreams } from './room-streams';
import type { RoomTranslation } from './room-translation';
import type { RoomTyping } from './room-typing';

export { RoomError, type RoomMember, type RoomServices, type TranscriptStore } from './room-contract';
export { MEMBERSHIP_BROADCAST_MS } from './room-core';

export class LiveRoom {
  private readonly core: RoomCore;
  private readonly admission: RoomAdmission;
  private readonly settings: RoomSettings;
  private readonly session: RoomSession;
  private readonly translation: RoomTranslation;
  private readonly speakers: RoomSpeakerList;
  private readonly gaps: RoomGaps;
  private readonly catchUp: RoomCatchUp;
  private readonly premium: PremiumFallback;
  private readonly streams: RoomStreams;
  private readonly typing: RoomTyping;
  private readonly editing: RoomEditing;
  /** The room's Scribe request, as everyone sees it (server/scribes/desk.ts sets it). */
  private scribeStatus: RoomScribe | undefined;
  /** The room's phone calls (server/phone-calls/room-calls.ts sets them). */
  private phoneCalls: TwilioCall[] = [];
  /** Public URL the links point at; set by the registry from configuration. */
  publicUrl = '';

  constructor(record: RoomRecord, stored: RoomTranscripts, services: RoomServices, store: TranscriptStore) {
    // The parts and how they hook into each other: room-parts.ts. Only what is the room's own
    // (its status as a whole, its phone calls) is given from here.
    ({
      core: this.core,
      admission: this.admission,
      settings: this.settings,
      session: this.session,
      translation: this.translation,
      speakers: this.speakers,
      gaps: this.gaps,
      catchUp: this.catchUp,
      premium: this.premium,
      streams: this.streams,
      typing: this.typing,
      editing: this.editing,
    } = composeRoomParts(record, stored, services, store, {
      status: (reason, viewer) => this.status(reason, viewer),
      inPhoneCall: () => inPhoneCall(this.phoneCalls),
    }));
  }

  get id(): string {
    return this.core.id;
  }

  get hostAvaId(): string {
    return this.core.record.hostAvaId;
  }

  get state(): RoomStateValue {
    return this.core.state;
  }

  get memberCount(): number {
    return this.core.members.size;
  }

  get activeTracks(): number {
    return this.streams.count;
  }

  /** Streams on Premium and on Basic now, and finals waiting to be stored (metrics). */
  get load(): { premiumStreams: number; basicStreams: number; pendingFinals: number } {
    const streams = this.streams.audioStreams();
    const premiumStreams = streams.filter((s) => s.usePaidASR).length;
    return {
      premiumStreams,
      basicStreams: streams.length - premiumStreams,
      pendingFinals: this.core.pendingFinals,
    };
  }

  /** Newcomers wait at the door until the host lets them in (admission-desk.ts). */
  get admissionRequired(): boolean {
    return this.core.record.admissionRequired;
  }

  /** Members' corrections are off: the room is public-muted, or the host turned them off. */
  get editingRestricted(): boolean {
    return this.editing.restricted;
  }

  /** When a caption of this room last appeared or changed (server clock): the Scribe dashboard's. */
  get lastCaptionAtMs(): number | undefined {
    return this.core.lastCaptionAtMs;
  }

  /** Work that must finish before the room may leave memory: finals to store, an end to record. */
  get busy(): boolean {
    return this.core.busy || this.streams.finishing > 0;
  }

  isHost(member: RoomMember): boolean {
    return this.core.isHost(member);
  }

  /** The connections of one person in this room. */
  membersOf(avaId: string): RoomMember[] {
    return [...this.core.members].filter((m) => m.avaId === avaId);
  }

  /** Members who asked to hear others' voiced replies (downAudio), other than `from`. */
  voicedReplyListeners(from: RoomMember): RoomMember[] {
    return [...this.core.members].filter((m) => m !== from && m.downAudio === true);
  }

  /** The room's status as `viewer` may see it (room-status.ts); no viewer: the host's view. */
  status(reason?: string, viewer?: Pick<RoomMember, 'avaId' | 'readonly'>): ConversationStatus {
    return roomStatus(
      {
        record: this.core.record,
        publicUrl: this.publicUrl,
        members: this.core.members,
        isTyping: (avaId) => this.typing.isTyping(avaId),
        speakers: this.speakers.list(viewer?.avaId),
        audioStreams: this.streams.audioStreams(),
        boosted: this.streams.boosted(),
        translation: this.translation.status,
        autoTranslation: this.translation.autoTranslation,
        restrictedSession: this.session.current,
        scribe: this.scribeStatus,
        phoneCalls: this.phoneCalls,
      },
      reason,
      viewer,
    );
  }

  /** Adds a member and sends it the room's status and captions (after connection-succeeded). */
  join(member: RoomMember): void {
    this.core.addMember(member);
    // A host who comes (back) is asked about everyone already waiting at the door.
    if (this.isHost(member)) this.admission.hostJoined(member);
    // Speakers are people who spoke (started audio), not everyone who came in: the list stays
    // as small as the conversation, however many people join.
    member.send({ type: 'room-status', status: this.status(undefined, member) });
    member.send(this.snapshot());
    // Lines being spoken right now, so someone joining mid-sentence sees them at once.
    for (const partial of this.streams.openPartials())
      member.send({ type: 'transcript', transcript: this.core.edits.view(partial), seq: this.core.seq });
    this.core.announceMembership('participant-joined', member);
    // Anyone coming in (a reader too, or a Scribe) may end a solo conversation's auto stop.
    this.session.watchAutoStop();
  }

  /** The room's latest finals again, to one member (whose curse filter changed). */
  resendLatest(member: RoomMember): void {
    if (this.core.members.has(member)) member.send(this.snapshot());
  }

  leave(member: RoomMember): void {
    if (!this.core.removeMember(member)) return;
    // Gone while recording: if they come back and resume, the lost span is marked (gaps.ts).
    if (this.streams.has(member)) this.gaps.connectionLost(member.avaId);
    this.streams.forget(member);
    // Nobody is left to let the waiting people in: they are told now, not after a minute.
    if (this.isHost(member) && this.core.hosts().length === 0) this.admission.hostsGone();
    this.translation.forget(member);
    void this.streams.stop(member);
    this.typing.clear(member.avaId);
    this.editing.memberLeft(member);
    this.core.announceMembership('participant-left');
    this.session.watchAutoStop();
  }

  /** Who may is decided before this is called (auth/access.ts): here only what it does. */
  updateTitle(title: string): Promise<void> {
    return this.settings.updateTitle(title);
  }

  /** The host names someone an owner of the transcript, or no longer (room-settings.ts). */
  updateTranscriptOwner(avaId: string, owner: boolean): Promise<void> {
    return this.settings.updateTranscriptOwner(avaId, owner);
  }

  /** The room's settings in a connection-params-update (room-settings.ts). */
  updateParams(update: RoomParams): Promise<void> {
    return this.settings.updateParams(update);
  }

  /** The Scribe desk's word on this room's request: everyone is told (room-status-update). */
  setScribe(scribe: RoomScribe | undefined, options?: { silent?: boolean }): void {
    this.scribeStatus = scribe;
    if (!options?.silent) this.core.broadcast('scribe-changed');
  }

  get scribe(): RoomScribe | undefined {
    return this.scribeStatus;
  }

  /** The phone calls' word on this room's calls: everyone is told; auto stop does not apply in a call. */
  setPhoneCalls(calls: TwilioCall[]): void {
    this.phoneCalls = calls;
    this.session.watchAutoStop();
    this.core.broadcast('phone-calls-changed');
  }

  /** A message about the room as a whole (the meeting bot's status) to every member. */
  announce(message: ServerMessage): void {
    this.core.sendAll(message);
  }

  // Admission (room-admission.ts).

  requestAdmission(
    knock: AdmissionRequest,
    decide: (decision: AdmissionDecision) => void,
    refusalCooldownMs: number,
  ): DoorOutcome {
    return this.admission.request(knock, decide, refusalCooldownMs);
  }

  answerAdmission(id: string, accept: boolean): void {
    this.admission.answer(id, accept);
  }

  withdrawAdmission(knockId: string): void {
    this.admission.withdraw(knockId);
  }

  // Session limits (room-session.ts).

  restrictSession(tier: SessionTier, prolongable: boolean): Promise<void> {
    return this.session.restrict(tier, prolongable);
  }

  prolongSession(): Promise<void> {
    return this.session.prolong();
  }

  // Streams (room-streams.ts).

  /** Starts `member`'s stream; RoomStreams.start says what each parameter is. */
  startAudio(...args: Parameters<RoomStreams['start']>): void {
    this.streams.start(...args);
  }

  /** `member`'s held audio follows (room-catch-up.ts); RoomCatchUp.start says what each parameter is. */
  startHeldAudio(...args: Parameters<RoomCatchUp['start']>): void {
    this.catchUp.start(...args);
  }

  stopAudio(member: RoomMember): Promise<void> {
    return this.streams.stop(member);
  }

  /** The server stops `member`'s recording and tells them why (a recording without audio: socket/recording-watch.ts). */
  stopAudioByServer(member: RoomMember, reason: RecordingStoppedReason): Promise<void> {
    return this.streams.stopByServer(member, reason);
  }

  audio(member: RoomMember, samples: Int16Array): void {
    this.streams.audio(member, samples);
  }

  resetRecorder(member: RoomMember): void {
    this.streams.flush(member);
  }

  /** A speaker's recognition language and their WebRTC track's mute (room-streams.ts). */
  get recordings(): Pick<RoomStreams, 'setMuted' | 'changeLanguage'> {
    return this.streams;
  }

  forceMute(avaId: string): Promise<void> {
    return this.streams.forceMute(avaId);
  }

  setBoost(member: RoomMember, words: readonly string[]): void {
    this.streams.setBoost(member, words);
  }

  backlogSeconds(member: RoomMember): number {
    return this.streams.backlogSeconds(member);
  }

  // Speakers (room-speakers.ts).

  streamSpeaker(member: RoomMember, label: string): Promise<{ avaId: string; name: string }> {
    return this.speakers.streamSpeaker(member, label);
  }

  lineSourceOf(lineId: string): string | undefined {
    return this.speakers.lineSourceOf(lineId);
  }

  nameVoicingSpeaker(speakerId: string, name: string): Promise<void> {
    return this.speakers.nameVoicingSpeaker(speakerId, name);
  }

  claimVoicingSpeaker(member: RoomMember, speakerId: string): Promise<void> {
    return this.speakers.claimVoicingSpeaker(member, speakerId);
  }

  assignLineSpeaker(lineId: string, speakerId: string): void {
    this.speakers.assignLineSpeaker(lineId, speakerId);
  }

  // Typing and typed replies (room-typing.ts).

  signalTyping(member: RoomMember): void {
    this.typing.signal(member);
  }

  addTypedLine(member: RoomMember, text: string, lang: string | undefined): void {
    this.typing.addTypedLine(member, text, lang);
  }

  // Translation (room-translation.ts).

  setReadingLanguage(member: RoomMember, lang: string): void {
    this.translation.setReadingLanguage(member, lang);
  }

  setAutoTranslateGuestLanguage(language: string): void {
    this.translation.setAutoTranslateGuestLanguage(language);
  }

  toggleAutoTranslate(): void {
    this.translation.toggleAutoTranslate();
  }

  // Editing (room-editing.ts).

  editTranscript(member: RoomMember, transcriptId: string, mutation: Mutation): void {
    this.editing.edit(member, transcriptId, mutation);
  }

  // Captions, ending and closing (room-core.ts).

  transcripts(): Transcript[] {
    return this.core.transcripts();
  }

  snapshot(): ServerMessageOf<'transcripts'> {
    return this.core.snapshot();
  }

  transcriptsSince(afterSeq: number): ServerMessageOf<'transcripts-since-response'> {
    return this.core.transcriptsSince(afterSeq);
  }

  transcriptsBefore(beforeIndex: number, limit?: number): ServerMessageOf<'transcripts-before-response'> {
    return this.core.transcriptsBefore(beforeIndex, limit);
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

  settled(): Promise<void> {
    return this.core.settled();
  }

  end(reason: 'ended' | typeof SESSION_ENDED_REASON = 'ended'): Promise<void> {
    return this.core.end(reason);
  }

  onEnded(listener: () => void): void {
    this.core.onEnded(listener);
  }

  close(): Promise<void> {
    return this.core.close();
  }
}
