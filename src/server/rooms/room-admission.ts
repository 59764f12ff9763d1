/**
 * The door of a live room that requires admission (a part of room.ts; admission-desk.ts keeps the
 * requests and their timers): every connected host is asked about each person waiting, once
 * however often they knock, a host who comes (back) is asked about everyone already waiting,
 * and every host hears when a request is closed.
 */
import type { ServerMessage } from '../../shared/protocol';
import {
  type AdmissionDecision,
  AdmissionDesk,
  type AdmissionRequest,
  type DoorOutcome,
} from './admission-desk';
import type { RoomCore } from './room-core';
import type { RoomMember } from './room-contract';
import type { Timers } from './throttle';

export class RoomAdmission {
  private readonly desk: AdmissionDesk;

  constructor(
    private readonly core: Pick<RoomCore, 'id' | 'hosts'>,
    timers: Timers,
  ) {
    this.desk = new AdmissionDesk(timers, (id) => {
      for (const host of this.core.hosts()) host.send({ type: 'connection-request-closed', id });
    });
  }

  /**
   * Someone who is not yet a member knocks: every connected host is asked, unless that person is
   * already waiting (this knock then waits on the same request) or the host said no to them
   * less than `refusalCooldownMs` ago; `decide` is called back with the first answer (or a
   * refusal: no host here, no answer in time, too many waiting).
   */
  request(
    knock: AdmissionRequest,
    decide: (decision: AdmissionDecision) => void,
    refusalCooldownMs: number,
  ): DoorOutcome {
    const hosts = this.core.hosts();
    const outcome = this.desk.open(knock, hosts.length, decide, refusalCooldownMs);
    if (outcome.kind === 'ask') for (const host of hosts) host.send(this.message(knock));
    return outcome;
  }

  /** The host's answer; ignored when the request is no longer waiting. */
  answer(id: string, accept: boolean): void {
    this.desk.answer(id, accept);
  }

  /** The socket of knock `knockId` left: when nobody else waits on its request, the hosts stop being asked. */
  withdraw(knockId: string): void {
    this.desk.cancel(knockId);
  }

  /** A host who comes (back) is asked about everyone already waiting at the door. */
  hostJoined(host: RoomMember): void {
    for (const request of this.desk.waiting) host.send(this.message(request));
  }

  /** Nobody is left to let the waiting people in: they are told now, not after a minute. */
  hostsGone(): void {
    this.desk.hostsGone();
  }

  private message(request: AdmissionRequest): ServerMessage {
    return {
      type: 'connection-request',
      id: request.id,
      to: this.core.id,
      role: request.role,
      fromSource: request.fromSource,
      from: { avaId: request.avaId, userName: request.userName },
    };
  }
}
