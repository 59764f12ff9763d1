/**
 * Held audio in a live room (a part of room.ts; docs/transcripts.md "Held audio"): what a
 * speaker's microphone captured while their connection was down, sent once it is back, before
 * their live audio. It is decoded as a catch-up stream of its own on the room's speech pool, and
 * its lines are stored at their true place in the transcript, marked captioned late.
 *
 * Why it is fed to the recogniser a little at a time: a speech worker decodes its streams'
 * audio in the order it was given. Minutes of held audio given at once would put every live
 * stream on the same worker behind them; given CATCH_UP_AHEAD_SAMPLES at a time, a live stream
 * waits at most that much, and the catch-up still runs as fast as the worker's spare time allows.
 * It shows no partials: a line said minutes ago is shown once, final.
 */
import { HELD_AUDIO_MAX_MS, SAMPLE_RATE_HZ } from '../../shared/constants';
import type { RecordingCapture, Transcript } from '../../shared/entities';
import { randomId } from '../../shared/ids';
import { AudioTrack } from './audio-track';
import { type CaptureLedger, lateIndex } from './catch-up';
import type { RoomCore } from './room-core';
import { RoomError, type RoomMember, type RoomServices } from './room-contract';
import type { RoomGaps } from './room-gaps';
import type { PremiumFallback } from './room-premium-fallback';

/** Held audio given to the recogniser ahead of its decoding (a quarter of a second). */
export const CATCH_UP_AHEAD_SAMPLES = SAMPLE_RATE_HZ / 4;
/** How often a catch-up whose recogniser is busy is looked at again. */
export const CATCH_UP_FEED_INTERVAL_MS = 40;
/**
 * The most held audio one catch-up waits with: what the client holds at most, and the live
 * audio it keeps holding while it sends (at HELD_AUDIO_SEND_SPEED), with room to spare. Beyond
 * it frames are dropped: memory stays bounded whatever a client sends.
 */
export const CATCH_UP_MAX_QUEUED_SAMPLES = ((2 * HELD_AUDIO_MAX_MS) / 1000) * SAMPLE_RATE_HZ;

export type CatchUpCore = Pick<
  RoomCore,
  'id' | 'refuseOnceEnding' | 'allocateIndex' | 'pushFinal' | 'edits' | 'timers' | 'log' | 'placedLines'
>;

export interface CatchUpParts {
  /** Lines being spoken now (room-streams.ts): a late line goes before those said after it. */
  openPartials(): Transcript[];
  gaps: Pick<RoomGaps, 'heldAudio'>;
  ledger: CaptureLedger;
  /** Premium on credit: the catch-up is counted while it is decoded, as any Premium stream. */
  premium: Pick<PremiumFallback, 'started' | 'stopped'>;
}

/** One speaker's held audio: its own recogniser, and what waits to be given to it. */
class CatchUp {
  readonly queue: Int16Array[] = [];
  queued = 0;
  /** No more frames come (the live audio started, or recording stopped). */
  sealed = false;
  timer: unknown;
  /** Set once its recogniser is being closed. */
  closing = false;
  dropped = 0;
  /** Resolves once its last final is queued for storage. */
  readonly done: Promise<void>;
  ended!: () => void;

  constructor(readonly track: AudioTrack | undefined) {
    this.done = new Promise((resolve) => (this.ended = resolve));
  }
}

export class RoomCatchUp {
  /** Catch-ups still taking frames, by member. */
  private readonly receiving = new Map<RoomMember, CatchUp>();
  /** Every catch-up not yet done: its last final stored. */
  private readonly running = new Set<CatchUp>();

  constructor(
    private readonly core: CatchUpCore,
    private readonly services: Pick<RoomServices, 'openSpeech'>,
    private readonly parts: CatchUpParts,
  ) {}

  /** Whether `member`'s frames go to their catch-up now. */
  has(member: RoomMember): boolean {
    return this.receiving.has(member);
  }

  /** Catch-ups being decoded (for tests and the room's settling). */
  get count(): number {
    return this.running.size;
  }

  /**
   * `member`'s held audio follows, from `capture` (where it begins, when it was captured);
   * `resumedFromMs` is where the client lost its connection (the gap, if some was not held).
   * `shownAs`: a stream of the person's other than their voice (the desktop's computer sound,
   * room-streams.ts), whose lines go under its name.
   */
  start(
    member: RoomMember,
    lang: string,
    capture: RecordingCapture,
    resumedFromMs: number | undefined,
    shownAs?: { avaId: string; name: string },
  ): void {
    this.core.refuseOnceEnding();
    if (member.readonly) throw new RoomError('forbidden', 'this is a read-only link: it cannot send audio');
    this.seal(member);
    const heard = this.parts.ledger.heardTo(member.avaId, capture.id);
    const skipped = Math.max(0, heard - capture.offsetSamples);
    // The time of the first sample the room has not heard: the lines' clock, and the gap's end.
    const heldFromMs = Math.round(capture.atMs + (skipped * 1000) / SAMPLE_RATE_HZ);
    this.parts.gaps.heldAudio(member, lang, resumedFromMs, heldFromMs, (at) => this.placeAt(at));
    const catchUp = this.open(member, lang, heldFromMs, shownAs);
    this.parts.ledger.begin(catchUp, member.avaId, capture);
    this.receiving.set(member, catchUp);
    this.running.add(catchUp);
  }

  private open(
    member: RoomMember,
    lang: string,
    heldFromMs: number,
    shownAs: { avaId: string; name: string } | undefined,
  ): CatchUp {
    let catchUp: CatchUp;
    const track = new AudioTrack({
      trackId: `${member.avaId}-late-${randomId(6)}`,
      author: shownAs?.avaId ?? member.avaId,
      authorShow: shownAs?.name ?? member.userName,
      ...(shownAs ? { sourceAuthor: member.avaId } : {}),
      lang,
      // The tier their live audio has now (decided by the start that preceded it): Premium on
      // credit too, counted by the meter while the catch-up is decoded (started below).
      usePaidASR: member.usePaidASR,
      startWallMs: heldFromMs,
      // Its place is chosen when its final is known (placeAt): no index is taken before.
      allocateIndex: () => -1,
      onPartial: () => {},
      onFinal: (t) => this.commit(t),
      onError: (message) => {
        this.core.log('warn', 'the recogniser of held audio failed; its lines are lost', { message });
        this.finish(catchUp);
      },
      timers: this.core.timers,
    });
    const opened = this.services.openSpeech(track.context.usePaidASR ? 'premium' : 'basic', lang, track, {
      roomId: this.core.id,
      identity: member.avaId,
    });
    if (!opened.ok) {
      // Its frames still come: they are taken and dropped, and the speaker is told.
      catchUp = new CatchUp(undefined);
      member.send({
        type: 'error',
        error: { code: opened.code, message: `${opened.message}; what was held was not captioned` },
      });
      return catchUp;
    }
    catchUp = new CatchUp(track);
    this.parts.premium.started(member, track, track.context.usePaidASR);
    return catchUp;
  }

  /** Frames of `member`'s held audio. */
  write(member: RoomMember, samples: Int16Array): void {
    const catchUp = this.receiving.get(member);
    if (!catchUp) return;
    const fresh = this.parts.ledger.trim(catchUp, samples);
    if (fresh.length === 0 || !catchUp.track) return;
    if (catchUp.queued + fresh.length > CATCH_UP_MAX_QUEUED_SAMPLES) {
      catchUp.dropped += 1;
      if (catchUp.dropped === 1) this.core.log('warn', 'held audio beyond the catch-up bound was dropped');
      return;
    }
    // Kept as a copy: the frame's buffer is the socket's.
    catchUp.queue.push(fresh.slice());
    catchUp.queued += fresh.length;
    this.feed(catchUp);
  }

  /** `member`'s held audio is all here (their live audio starts, or they stopped): it is decoded to its end. */
  seal(member: RoomMember): void {
    const catchUp = this.receiving.get(member);
    if (!catchUp) return;
    this.receiving.delete(member);
    catchUp.sealed = true;
    this.feed(catchUp);
  }

  /** Gives the recogniser what it may take now; closes it once everything was given. */
  private feed(catchUp: CatchUp): void {
    const track = catchUp.track;
    if (catchUp.closing) return;
    if (catchUp.timer !== undefined) return; // a look is already planned
    while (track && catchUp.queue.length > 0 && track.backlogSamples < CATCH_UP_AHEAD_SAMPLES) {
      const head = catchUp.queue[0]!;
      const piece = head.subarray(0, CATCH_UP_AHEAD_SAMPLES);
      if (piece.length === head.length) catchUp.queue.shift();
      else catchUp.queue[0] = head.subarray(piece.length);
      catchUp.queued -= piece.length;
      track.write(piece);
    }
    if (catchUp.queue.length > 0) {
      catchUp.timer = this.core.timers.setTimeout(() => {
        catchUp.timer = undefined;
        this.feed(catchUp);
      }, CATCH_UP_FEED_INTERVAL_MS);
      return;
    }
    if (catchUp.sealed) this.finish(catchUp);
  }

  /** The catch-up ends: its recogniser says its last final, which is queued for storage. */
  private finish(catchUp: CatchUp): void {
    if (catchUp.closing) return;
    catchUp.closing = true;
    if (catchUp.timer !== undefined) this.core.timers.clearTimeout(catchUp.timer);
    catchUp.timer = undefined;
    for (const [member, receiving] of this.receiving)
      if (receiving === catchUp) this.receiving.delete(member);
    if (catchUp.track) this.parts.premium.stopped(catchUp.track);
    void (catchUp.track?.close() ?? Promise.resolve()).finally(() => {
      this.running.delete(catchUp);
      catchUp.ended();
    });
  }

  /** Every catch-up stops where it is (the room ends or closes); resolves once their last finals are queued. */
  stopAll(): Promise<void[]> {
    const running = [...this.running];
    for (const catchUp of running) {
      catchUp.queue.length = 0;
      catchUp.queued = 0;
      catchUp.sealed = true;
      this.finish(catchUp);
    }
    this.receiving.clear();
    return Promise.all(running.map((c) => c.done));
  }

  /** Resolves once every catch-up running now has queued its last final. */
  settled(): Promise<void[]> {
    return Promise.all([...this.running].map((c) => c.done));
  }

  /** The index a line said at `timestampMs` takes now (catch-up.ts lateIndex), or the next one. */
  private placeAt(timestampMs: number): number {
    const lines = [...this.core.placedLines(), ...this.parts.openPartials()];
    return lateIndex(lines, timestampMs) ?? this.core.allocateIndex();
  }

  private commit(t: Transcript): void {
    const { transcript, change } = this.core.edits.asr(t);
    const text = transcript.texts[transcript.speechLang] ?? '';
    // Noise: nothing was shown of it, nothing to keep.
    if (!text) {
      this.core.edits.forget(t.id);
      return;
    }
    const placed: Transcript = { ...transcript, index: this.placeAt(transcript.timestampMs), late: true };
    this.core.pushFinal({ transcript: placed, ...(change ? { change } : {}) });
  }
}
