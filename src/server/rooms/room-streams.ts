/**
 * A live room's audio streams (a part of room.ts): each member's recording, its recogniser, and
 * what becomes of its words. A stream starts and stops, is restarted when its recogniser fails,
 * drops quietly the frames a client sent before it heard its recording stop, and favours the
 * member's boost words. Its partials go out at once and its finals to the core's sequencer.
 */
import type { AudioStream, RecordingCapture, Transcript } from '../../shared/entities';
import type { RecordingStoppedReason, RoomStatusReason } from '../../shared/protocol';
import { AUTO_STOPPED_REASON } from '../../shared/session-limits';
import { randomId } from '../../shared/ids';
import { SAMPLE_RATE_HZ } from '../../shared/constants';
import { AudioTrack } from './audio-track';
import type { CaptureLedger } from './catch-up';
import type { RoomCatchUp } from './room-catch-up';
import type { RoomCore } from './room-core';
import { RoomError, type RoomMember, type RoomServices } from './room-contract';
import type { RoomGaps } from './room-gaps';
import type { PremiumFallback } from './room-premium-fallback';
import type { RoomSpeakerList } from './room-speakers';
import type { RoomTranslation } from './room-translation';
import type { SpeakerIdentification } from './speaker-identification';

/** How long after a recording stops its in-flight frames are dropped without an error. */
const IN_FLIGHT_GRACE_MS = 5000;
/** A recogniser that fails this often within the window is not restarted again. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

/** What the streams need of the room's core. */
export type StreamsCore = Pick<
  RoomCore,
  | 'id'
  | 'refuseOnceEnding'
  | 'endingOrEnded'
  | 'allocateIndex'
  | 'prepareIndexes'
  | 'edits'
  | 'seq'
  | 'sendAll'
  | 'broadcast'
  | 'pushFinal'
  | 'settled'
  | 'log'
  | 'timers'
>;

/** The other parts a stream's life touches, each through what it needs. */
export interface StreamsParts {
  /** Partials carry their latest translations; a dropped line's are forgotten (room-translation.ts). */
  translation: Pick<RoomTranslation, 'partial' | 'drop'>;
  /** A person speaking joins the speakers list; identification for their microphone (room-speakers.ts). */
  speakers: Pick<RoomSpeakerList, 'spoke' | 'identification'>;
  /** Lost audio marked when a stream resumes (room-gaps.ts). */
  gaps: Pick<RoomGaps, 'heard' | 'streamStarted'>;
  /** Premium on credit counted, and moved to Basic when it runs out (room-premium-fallback.ts). */
  premium: Pick<PremiumFallback, 'started' | 'finalHeard' | 'stopped'>;
  /** Auto stop follows the streams (room-session.ts). */
  watchAutoStop(): void;
  /**
   * Held audio (room-catch-up.ts): while a member's catch-up takes frames, theirs go to it; a
   * live start or a stop ends it.
   */
  catchUp: Pick<RoomCatchUp, 'has' | 'write' | 'seal'>;
  /** How far each speaker's capture was heard: audio sent twice is decoded once (catch-up.ts). */
  ledger: Pick<CaptureLedger, 'begin' | 'trim' | 'carry'>;
}

export class RoomStreams {
  private readonly tracks = new Map<RoomMember, AudioTrack>();
  /** When each member's recogniser was last restarted after a failure. */
  private readonly restarts = new Map<RoomMember, number[]>();
  /** Streams being stopped: their last finals are still on the way. */
  private readonly stopping = new Set<Promise<void>>();
  /** When each member's last recording stopped: frames still on their way are not an error. */
  private readonly stoppedAt = new Map<RoomMember, number>();
  /** Tracks whose finals go through identification. */
  private readonly identified = new WeakSet<AudioTrack>();
  /** Tracks whose WebRTC microphone is muted (`webrtc-track-mute`): they carry silence. */
  private readonly muted = new WeakSet<AudioTrack>();

  constructor(
    private readonly core: StreamsCore,
    private readonly services: Pick<RoomServices, 'openSpeech' | 'now' | 'captionLag'>,
    private readonly parts: StreamsParts,
  ) {}

  get count(): number {
    return this.tracks.size;
  }

  has(member: RoomMember): boolean {
    return this.tracks.has(member);
  }

  trackOf(member: RoomMember): AudioTrack | undefined {
    return this.tracks.get(member);
  }

  /** Members recording now. */
  members(): RoomMember[] {
    return [...this.tracks.keys()];
  }

  /** The streams as everyone's status shows them (audioStreams). */
  audioStreams(): AudioStream[] {
    return [...this.tracks.values()].map((t) => ({
      avaId: t.context.author,
      trackId: t.context.trackId,
      usePaidASR: t.context.usePaidASR,
      ...(this.muted.has(t) ? { muted: true } : {}),
    }));
  }

  /** The people recording now whose recognition favours their boost list (the status's `boost`). */
  boosted(): string[] {
    const people = new Set<string>();
    for (const t of this.tracks.values())
      if (t.context.sourceAuthor === undefined && t.boosted) people.add(t.context.author);
    return [...people];
  }

  /** Lines being spoken right now, in every stream. */
  openPartials(): Transcript[] {
    return [...this.tracks.values()].flatMap((track) => track.openPartials());
  }

  /** A line still being spoken, by id. */
  openPartial(lineId: string): Transcript | undefined {
    for (const track of this.tracks.values())
      for (const partial of track.openPartials()) if (partial.id === lineId) return partial;
    return undefined;
  }

  /** Seconds of a member's audio waiting for the recogniser (0 when not recording). */
  backlogSeconds(member: RoomMember): number {
    return (this.tracks.get(member)?.backlogSamples ?? 0) / SAMPLE_RATE_HZ;
  }

  /** `shownAs`: the stream is the computer's sound, its lines that speaker's (streamSpeaker). */
  start(
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
    /** Where its frames sit in the client's microphone capture (none from older clients). */
    capture?: RecordingCapture,
  ): void {
    const usePaidASR = member.usePaidASR;
    this.core.refuseOnceEnding();
    if (member.readonly) throw new RoomError('forbidden', 'this is a read-only link: it cannot send audio');
    // Held audio sent before this live start is all here: it is decoded to its end meanwhile.
    this.parts.catchUp.seal(member);
    // A start that replaces a live stream of the same connection (WebRTC falling back to the socket).
    const switching = this.tracks.has(member);
    void this.stop(member);
    const trackId = `${member.avaId}-${randomId(6)}`;
    // The person's own microphone, with identification on: its finals go to the voice heard.
    const identification: SpeakerIdentification | undefined =
      !shownAs && member.identifySpeakers ? this.parts.speakers.identification : undefined;
    const track = new AudioTrack({
      trackId,
      author: shownAs?.avaId ?? member.avaId,
      authorShow: shownAs?.name ?? member.userName,
      ...(shownAs ? { sourceAuthor: member.avaId } : {}),
      lang,
      usePaidASR,
      startWallMs: startedAtMs ?? this.services.now(),
      allocateIndex: () => this.core.allocateIndex(),
      // A partial changes nothing stored: it carries the room's current seq.
      // Composed with people's corrections of the line (line-edits.ts) before anyone sees it.
      onPartial: (t) => {
        this.observeLag('partial', t);
        const { transcript, change } = this.core.edits.asr(t);
        this.core.sendAll(
          {
            type: 'transcript',
            transcript: this.parts.translation.partial(transcript),
            seq: this.core.seq,
            ...(change ? { change } : {}),
          },
          true,
        );
      },
      onFinal: (t) => {
        this.observeLag('final', t);
        if (identification) identification.final(member.avaId, t, (line) => this.commitFinal(line));
        else this.commitFinal(t);
        // After the track has closed this utterance (handle goes on after onFinal).
        this.parts.premium.finalHeard(member, track);
      },
      onError: (message) => this.speechFailed(member, track, message),
      timers: this.core.timers,
    });
    // Charged to whose device it is (the computer's sound too), in this room.
    const opened = this.services.openSpeech(usePaidASR ? 'premium' : 'basic', lang, track, {
      roomId: this.core.id,
      identity: member.avaId,
      voice: `${member.avaId}:${shownAs ? 'computer' : 'microphone'}`,
    });
    if (!opened.ok) throw new RoomError(opened.code, opened.message);
    // Vocabulary boost: the person's own words, never the computer's sound.
    if (!shownAs && member.boostWords && member.boostWords.length > 0) track.boost(member.boostWords);
    this.core.prepareIndexes();
    this.tracks.set(member, track);
    if (capture) this.parts.ledger.begin(track, member.avaId, capture);
    // Paid by the person whose device it is (computer audio included), not the speaker shown.
    this.parts.premium.started(member, track, usePaidASR);
    if (identification) {
      identification.startStream(member.avaId);
      this.identified.add(track);
    }
    this.parts.gaps.streamStarted(member, lang, resumedFromMs, switching);
    // The computer's sound is not the person speaking: its speaker is already in the list.
    if (!shownAs) this.parts.speakers.spoke(member);
    this.core.broadcast('audio-stream-started');
    this.parts.watchAutoStop();
  }

  /** Metrics: how long after the end of its audio a caption leaves (its audio's wall time is the stream's start plus its end). */
  private observeLag(kind: 'partial' | 'final', t: Transcript): void {
    const endMs = t.asr?.endMs;
    if (!this.services.captionLag || endMs === undefined) return;
    this.services.captionLag(kind, this.services.now() - (t.timestampMs - t.t0 + endMs));
  }

  /**
   * A fresh stream for `member` as `track` was (its language unless `lang` is given, the speaker
   * it shows, muted or not), on their tier now.
   */
  restart(member: RoomMember, track: AudioTrack, lang = track.context.lang): void {
    const c = track.context;
    this.start(member, lang, undefined, c.sourceAuthor ? { avaId: c.author, name: c.authorShow } : undefined);
    // The same capture goes on: the fresh stream's frames are checked from where this one was.
    const fresh = this.tracks.get(member);
    if (fresh) this.parts.ledger.carry(track, fresh);
    if (fresh && this.muted.has(track)) this.muted.add(fresh);
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
        this.restart(member, track);
        restarted = true;
      } catch (error) {
        message = `${message}; ${(error as Error).message}`;
      }
    }
    if (!restarted) void this.stop(member);
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
   * Frames a client sent before it heard its recording stop (the host ended the room, or the
   * recording was stopped): dropped quietly, since the person did nothing wrong. Only a client
   * that sends audio it never started is told.
   */
  private inFlight(member: RoomMember): boolean {
    if (this.core.endingOrEnded) return true;
    const stopped = this.stoppedAt.get(member);
    return stopped !== undefined && this.core.timers.now() - stopped < IN_FLIGHT_GRACE_MS;
  }

  /**
   * Stops a member's audio. The last utterance's final is stored and sent before the room says
   * the stream stopped, so a client knows every caption of its recording has arrived. Resolves
   * once that final is queued for storage: waiting for the database here would hold the
   * member's socket (and its pings) for as long as an outage lasts. `announced`: the reason
   * everyone's status update gives (auto stop says why, so readers know why captions stopped).
   */
  async stop(member: RoomMember, announced: RoomStatusReason = 'audio-stream-stopped'): Promise<void> {
    this.parts.catchUp.seal(member);
    const track = this.tracks.get(member);
    if (!track) return;
    this.tracks.delete(member);
    this.parts.premium.stopped(track);
    this.parts.watchAutoStop();
    this.stoppedAt.set(member, this.core.timers.now());
    const closed = track.close();
    const done = (async () => {
      await closed;
      // The last finals may still be being given to their speakers: they are queued first.
      if (this.identified.has(track)) await this.parts.speakers.identification?.settled(member.avaId);
      await this.core.settled();
      this.core.broadcast(announced);
    })();
    this.stopping.add(done);
    void done.finally(() => this.stopping.delete(done));
    await closed;
  }

  /** Stops every stream; resolves once each has closed (its last final queued). */
  stopAll(): Promise<void[]> {
    return Promise.all([...this.tracks.keys()].map((m) => this.stop(m)));
  }

  /** Resolves once the streams stopped so far have stored and announced their last finals. */
  stopped(): Promise<void[]> {
    return Promise.all([...this.stopping]);
  }

  /** Streams stopped whose last finals are still on their way. */
  get finishing(): number {
    return this.stopping.size;
  }

  /** The server stops a member's microphone (auto stop, force-mute, no audio) and says why. */
  async stopByServer(member: RoomMember, reason: RecordingStoppedReason): Promise<void> {
    if (!this.tracks.has(member)) return;
    this.core.log('info', 'a recording was stopped by the server', { reason });
    member.send({ type: 'recording-stopped', reason });
    await this.stop(member, reason === 'auto-stop' ? AUTO_STOPPED_REASON : 'audio-stream-stopped');
  }

  /** The host's force-mute: every stream of that person stops, and they are told why. */
  async forceMute(avaId: string): Promise<void> {
    const targets = [...this.tracks.keys()].filter((m) => m.avaId === avaId);
    await Promise.all(targets.map((m) => this.stopByServer(m, 'force-mute')));
  }

  /** A member left the room: their recording's past no longer matters. */
  forget(member: RoomMember): void {
    this.stoppedAt.delete(member);
    this.restarts.delete(member);
  }

  audio(member: RoomMember, samples: Int16Array): void {
    if (this.parts.catchUp.has(member)) {
      this.parts.gaps.heard(member.avaId);
      this.parts.catchUp.write(member, samples);
      return;
    }
    const track = this.tracks.get(member);
    if (!track && this.inFlight(member)) return;
    if (!track)
      throw new RoomError(
        'recording-not-started',
        'send {"type":"audio","action":"start"} before audio frames',
      );
    this.parts.gaps.heard(member.avaId);
    const fresh = this.parts.ledger.trim(track, samples);
    if (fresh.length === 0) return;
    if (this.identified.has(track)) this.parts.speakers.identification?.write(member.avaId, fresh);
    track.write(fresh);
  }

  /** Ends the utterance in progress (reset-recorder): its final follows. */
  flush(member: RoomMember): void {
    this.tracks.get(member)?.flush();
  }

  /**
   * `member`'s WebRTC microphone was muted or unmuted: muting ends the line being spoken at once
   * (silence follows). False when they are not recording.
   */
  setMuted(member: RoomMember, muted: boolean): boolean {
    const track = this.tracks.get(member);
    if (!track) return false;
    if (muted === this.muted.has(track)) return true;
    if (muted) {
      this.muted.add(track);
      track.flush();
    } else this.muted.delete(track);
    this.core.broadcast('audio-stream-muted');
    return true;
  }

  /**
   * `avaId`'s recognition language is now `lang`: each of their recordings goes on in it (a
   * fresh stream, as after a failure). Whether any was recording.
   */
  changeLanguage(avaId: string, lang: string): boolean {
    let changed = false;
    for (const [member, track] of [...this.tracks]) {
      if (member.avaId !== avaId || track.context.lang === lang) continue;
      this.restart(member, track, lang);
      changed = true;
    }
    return changed;
  }

  /**
   * Vocabulary boost: `member`'s recognition favours `words` from their next utterance on,
   * without restarting their recording (docs/boost.md).
   */
  setBoost(member: RoomMember, words: readonly string[]): void {
    member.boostWords = [...words];
    const track = this.tracks.get(member);
    // The computer's sound is not the person's voice: their words are theirs to boost.
    if (track && track.context.sourceAuthor === undefined) {
      const before = track.boosted;
      track.boost(member.boostWords);
      // Everyone's status says whose recognition is boosted (`boost`): told when it changes.
      if (track.boosted !== before) this.core.broadcast('boost-changed');
    }
  }

  private commitFinal(t: Transcript): void {
    // The recogniser's final, composed with what people corrected while it was spoken.
    const { transcript, change } = this.core.edits.asr(t);
    const text = transcript.texts[transcript.speechLang] ?? '';
    if (!text) {
      // Noise that showed a partial: tell clients to drop the line (as it came: no version);
      // nothing to keep.
      this.core.edits.forget(t.id);
      this.parts.translation.drop(t.id);
      this.core.sendAll({ type: 'transcript', transcript: t, seq: this.core.seq });
      return;
    }
    // Shown only once stored (storedFinal); until then people still see its last partial.
    this.core.pushFinal({ transcript, ...(change ? { change } : {}) });
  }
}
