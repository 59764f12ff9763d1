/**
 * The door of a live room that requires admission (a part of room.ts; admission-desk.ts keeps the
 * requests and their timers): every connected host is asked about each person waiting, a host
 * who comes (back) is asked about everyone already waiting, and every host hears when a request
 * is closed.
 */
import type { ServerMessage } from '../../shared/protocol';
import { type AdmissionDecision, AdmissionDesk, type AdmissionRequest } from './admission-desk';
import type { RoomCore } from './room-core';
import type { RoomMember } from './room-contract';
import type { Timers } from './throttle';

export class RoomAdmission {
  private readonly desk: AdmissionDesk;

  constructor(
    private readonly core: Pick<RoomCore, 'id' | 'hosts'>,
    timers: Timers,
  ) {
    this.desk = new AdmissionDesk(timers);
  }

  /**
   * Someone who is not yet a member asks to come in: every connected host is asked, and
   * `decide` is called back with the first answer (or a refusal: no host here, no answer in
   * time, too many waiting).
   */
  request(request: AdmissionRequest, decide: (decision: AdmissionDecision) => void): void {
    const hosts = this.core.hosts();
    const asked = this.desk.open(request, hosts.length, (decision) => {
      for (const host of this.core.hosts()) host.send({ type: 'connection-request-closed', id: request.id });
      decide(decision);
    });
    if (asked) for (const host of hosts) host.send(this.message(request));
  }

  /** The host's answer; ignored when the request is no longer waiting. */
  answer(id: string, accept: boolean): void {
    this.desk.answer(id, accept);
  }

  /** The person waiting left: the hosts stop being asked. */
  withdraw(id: string): void {
    if (this.desk.cancel(id)) {
      for (const host of this.core.hosts()) host.send({ type: 'connection-request-closed', id });
    }
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
