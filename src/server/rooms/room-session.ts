/**
 * A live room's limits (a part of room.ts; session-limits.ts keeps their timers): the
 * conversation's time limit by the host's tier, which ends the room when due and which an
 * entitled host may prolong, and auto stop of a free user's solo conversation.
 */
import {
  participantsIn,
  type RestrictedSession,
  type SessionTier,
  SESSION_ENDED_REASON,
  SESSION_PROLONGED_REASON,
} from '../../shared/session-limits';
import type { RoomCore } from './room-core';
import { RoomError, type RoomMember, type RoomServices } from './room-contract';
import { AutoStop, RoomSessionLimit } from './session-limits';

export type SessionCore = Pick<
  RoomCore,
  | 'id'
  | 'record'
  | 'changeRecord'
  | 'members'
  | 'endingOrEnded'
  | 'refuseOnceEnding'
  | 'broadcast'
  | 'end'
  | 'timers'
>;

/** What auto stop needs of the room besides its core. */
export interface AutoStopRoom {
  /** Members recording now (room-streams.ts). */
  recording(): RoomMember[];
  /** The server stops a member's microphone and says why (room-streams.ts). */
  stopByServer(member: RoomMember, reason: 'auto-stop'): Promise<void>;
  /** The room is in a phone call: auto stop does not apply. */
  inPhoneCall(): boolean;
}

export class RoomSession {
  /** The conversation's time limit by tier (session-limits.ts). */
  private readonly limit: RoomSessionLimit;
  /** Auto stop of a free lone stream (session-limits.ts). */
  private readonly autoStop: AutoStop<RoomMember>;

  constructor(
    private readonly core: SessionCore,
    services: Pick<RoomServices, 'updateRoom' | 'autoStopAfterMs'>,
    private readonly room: AutoStopRoom,
  ) {
    const record = core.record;
    this.limit = new RoomSessionLimit(
      core.timers,
      {
        save: async (session) => {
          await services.updateRoom(core.id, { session });
          core.changeRecord({ session });
        },
      },
      () => void core.end(SESSION_ENDED_REASON),
      record.state === 'ongoing' ? record.session : undefined,
    );
    this.autoStop = new AutoStop(
      core.timers,
      (member) => void room.stopByServer(member, 'auto-stop'),
      services.autoStopAfterMs,
    );
  }

  /** The limit everyone's status shows, if the conversation has one. */
  get current(): RestrictedSession | undefined {
    return this.limit.current;
  }

  /**
   * The host connected: the conversation's time limit follows their tier (set once, stored), and
   * they may prolong it when entitled to Premium. Who is entitled is the caller's to decide.
   */
  async restrict(tier: SessionTier, prolongable: boolean): Promise<void> {
    if (this.core.endingOrEnded) return;
    // Called before the host joins, so their first status carries it; others joining later get
    // it in theirs, and a host coming back changes nothing they see.
    await this.limit.restrict(tier, this.core.record.startTimestampMs, prolongable);
  }

  /** Another period for the host (the table says only the host may ask). */
  async prolong(): Promise<void> {
    this.core.refuseOnceEnding();
    if (!(await this.limit.prolong()))
      throw new RoomError('not-entitled', 'Prolonging the conversation is not included in your plan');
    this.core.broadcast(SESSION_PROLONGED_REASON);
  }

  /**
   * Auto stop follows the streams and the people: only a free user's lone stream in a room of
   * one participant is counted (a reader in the room counts), never with a Scribe or in a call.
   */
  watchAutoStop(): void {
    const members = [...this.core.members];
    this.autoStop.update(
      this.room.recording().map((m) => ({ key: m, freeOrLite: m.freeOrLite === true })),
      {
        participants: participantsIn(members),
        scribeActive: members.some((m) => m.role === 'scribe'),
        inPhoneCall: this.room.inPhoneCall(),
      },
    );
  }

  /** The room ends or closes: nothing is due any more. */
  dispose(): void {
    this.limit.dispose();
    this.autoStop.dispose();
  }
}
