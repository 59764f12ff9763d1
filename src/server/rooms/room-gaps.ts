/**
 * Lost audio in a live room (a part of room.ts): when a speaker's connection dropped while they
 * were recording, or their WebRTC audio failed and the same connection goes on on the socket,
 * the span the server never heard is marked in the transcript when their stream resumes. The
 * marker is stored and shown like a final (it takes the room's next seq), so every reader sees it;
 * its span is gaps.ts's to decide.
 */
import { randomId } from '../../shared/ids';
import { gapMarker, gapSpan } from './gaps';
import type { RoomCore } from './room-core';
import type { RoomMember } from './room-contract';

export type GapsCore = Pick<RoomCore, 'record' | 'allocateIndex' | 'pushFinal'>;

export class RoomGaps {
  /** When each speaker's audio last arrived (by avaId: a reconnection is a new member). */
  private readonly lastAudioAt = new Map<string, number>();
  /** Speakers whose connection was lost while recording, with when their audio stopped. */
  private readonly interrupted = new Map<string, number>();

  constructor(
    private readonly core: GapsCore,
    private readonly now: () => number,
  ) {}

  /** Audio of `avaId` arrived now. */
  heard(avaId: string): void {
    this.lastAudioAt.set(avaId, this.now());
  }

  /** `avaId` was gone while recording: if they come back and resume, the lost span is marked. */
  connectionLost(avaId: string): void {
    this.interrupted.set(avaId, this.lastAudioAt.get(avaId) ?? this.now());
  }

  /**
   * A stream of `member` started; `resumedFromMs` is where the client says its audio resumes
   * (none for a new recording), `switching` whether it replaces a live stream of the same
   * connection.
   */
  streamStarted(
    member: RoomMember,
    lang: string,
    resumedFromMs: number | undefined,
    switching: boolean,
  ): void {
    const lastAudioAtMs = this.interrupted.get(member.avaId);
    this.interrupted.delete(member.avaId);
    if (resumedFromMs !== undefined && lastAudioAtMs === undefined && switching)
      // The connection stayed but its WebRTC audio was lost: what the server lacks is from the
      // last audio it received to where the client's held audio, sent next, begins.
      this.markGap(member, lang, this.lastAudioAt.get(member.avaId), resumedFromMs, resumedFromMs);
    else if (resumedFromMs !== undefined) this.markGap(member, lang, lastAudioAtMs, resumedFromMs);
  }

  /**
   * `member`'s held audio follows (room-catch-up.ts), from `heldFromMs` on: only what lies
   * before it was lost, from the last audio this server received (or, after a restart, from where
   * the client says it lost its connection). The mark goes at its true place (`placeAt`), among
   * the lines captioned late after it.
   */
  heldAudio(
    member: RoomMember,
    lang: string,
    resumedFromMs: number | undefined,
    heldFromMs: number,
    placeAt: (timestampMs: number) => number,
  ): void {
    const lastAudioAtMs = this.interrupted.get(member.avaId) ?? this.lastAudioAt.get(member.avaId);
    this.interrupted.delete(member.avaId);
    if (lastAudioAtMs === undefined && resumedFromMs === undefined) return;
    this.markGap(member, lang, lastAudioAtMs, resumedFromMs ?? heldFromMs, heldFromMs, placeAt);
  }

  /** Stored and shown like a final (it takes the room's next seq), so every reader sees it. */
  private markGap(
    member: RoomMember,
    lang: string,
    lastAudioAtMs: number | undefined,
    clientFromMs: number,
    /** Where the lost span ends when audio from before now follows (held by the client); now otherwise. */
    untilMs?: number,
    /** Its index (a gap before held audio goes at its true place); the room's next otherwise. */
    placeAt?: (timestampMs: number) => number,
  ): void {
    const now = this.now();
    const span = gapSpan({
      lastAudioAtMs,
      clientFromMs,
      nowMs: untilMs === undefined ? now : Math.min(now, untilMs),
      roomStartMs: this.core.record.startTimestampMs,
    });
    if (!span) return;
    this.core.pushFinal({
      transcript: gapMarker({
        id: `gap${randomId(12)}`,
        author: member.avaId,
        authorShow: member.userName,
        lang,
        index: placeAt ? placeAt(span.fromMs) : this.core.allocateIndex(),
        span,
      }),
    });
  }
}
