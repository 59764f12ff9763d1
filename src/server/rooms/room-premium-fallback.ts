/**
 * Premium on credit in a live room (a part of room.ts; docs/credits.md): a Premium stream served
 * on a member's credit is counted by the meter from the moment it starts to the moment it stops,
 * paid by the person whose device it is. When the credit runs out, no one is cut off
 * mid-sentence: the utterance in progress finishes on Premium, and from the next one the stream
 * is Basic (a new stream, so everyone's status shows audioStreams[].usePaidASR false).
 */
import type { PremiumMeter } from '../credits';
import type { AudioTrack } from './audio-track';
import type { RoomCore } from './room-core';
import type { RoomMember } from './room-contract';

/** What this needs of the room's streams (room-streams.ts). */
export interface FallbackStreams {
  trackOf(member: RoomMember): AudioTrack | undefined;
  /** A fresh stream for `member` as `track` was, on their tier now; throws when none can start. */
  restart(member: RoomMember, track: AudioTrack): void;
}

export class PremiumFallback {
  /** Premium streams served on credit: how to stop counting each. */
  private readonly metered = new Map<AudioTrack, () => void>();
  /** Premium streams whose credit ran out: moved to Basic once the utterance in progress ends. */
  private readonly toBasic = new Set<AudioTrack>();

  constructor(
    /** None: nothing is counted. */
    private readonly meter: Pick<PremiumMeter, 'start'> | undefined,
    private readonly streams: FallbackStreams,
    private readonly core: Pick<RoomCore, 'endingOrEnded' | 'log'>,
  ) {}

  /** A stream started: counted when it is Premium on the member's credit. */
  started(member: RoomMember, track: AudioTrack, usePaidASR: boolean): void {
    if (usePaidASR && member.premiumOnCredit && this.meter)
      this.metered.set(
        track,
        this.meter.start(member.avaId, () => this.ranOut(member, track)),
      );
  }

  /** `track` gave a final: if its credit ran out meanwhile, it moves once the track has closed the utterance. */
  finalHeard(member: RoomMember, track: AudioTrack): void {
    if (this.toBasic.has(track)) queueMicrotask(() => this.moveToBasicIfQuiet(member, track));
  }

  /** A stream stopped: no longer counted, nothing to move. */
  stopped(track: AudioTrack): void {
    this.metered.get(track)?.();
    this.metered.delete(track);
    this.toBasic.delete(track);
  }

  /** The member's Premium credit ran out while `track` was served on it. */
  private ranOut(member: RoomMember, track: AudioTrack): void {
    if (this.streams.trackOf(member) !== track) return;
    member.usePaidASR = false;
    member.premiumOnCredit = false;
    this.metered.get(track)?.();
    this.metered.delete(track);
    this.toBasic.add(track);
    this.moveToBasicIfQuiet(member, track);
  }

  private moveToBasicIfQuiet(member: RoomMember, track: AudioTrack): void {
    if (this.streams.trackOf(member) !== track || !this.toBasic.has(track) || track.speaking) return;
    this.toBasic.delete(track);
    try {
      this.streams.restart(member, track);
      this.core.log('info', 'Premium credit ran out: the stream goes on with Basic');
    } catch (error) {
      // Ending (nothing to say), or no engine free: the speaker is told, as when a recogniser fails.
      this.core.log('warn', 'could not move a stream to Basic', { error: (error as Error).message });
      if (!this.streams.trackOf(member) && !this.core.endingOrEnded)
        member.send({
          type: 'error',
          error: { code: 'speech-unavailable', message: `${(error as Error).message}; recording stopped` },
        });
    }
  }
}
