/**
 * The host's door when a room requires admission (conversation.md section 4, "Joining": none,
 * requested, accepted; a refused connection shows its reason). Someone who is not yet a member
 * asks; every connected host is asked; the first answer decides; with no host to ask, or no
 * answer in time, the request ends with the spec's timeout ("Can't find your host. Try again?").
 *
 * Pure bookkeeping with injected timers: the room sends the messages, the socket continues or
 * refuses the join when `decide` is called back.
 */
import type { ConnectionRole } from '../../shared/entities';
import type { JoinRefusalReason } from '../../shared/protocol';
import { type Timers, realTimers } from './throttle';

/** How long a request waits for the host before it is refused with 'timeout'. */
export const ADMISSION_TIMEOUT_MS = 60_000;
/** Requests waiting at once per room: a crowd at the door is not a way to flood the host. */
export const MAX_PENDING_ADMISSIONS = 50;

export interface AdmissionRequest {
  id: string;
  avaId: string;
  userName: string;
  role: ConnectionRole;
  /** Where the joiner came from: a link or the room name. */
  fromSource: 'link' | 'name';
}

export type AdmissionDecision = { accepted: true } | { accepted: false; reason: JoinRefusalReason };

interface Pending {
  request: AdmissionRequest;
  decide(decision: AdmissionDecision): void;
  timer: unknown;
}

export class AdmissionDesk {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly timers: Timers = realTimers) {}

  get waiting(): AdmissionRequest[] {
    return [...this.pending.values()].map((p) => p.request);
  }

  /**
   * Opens a request. `hostsPresent` is how many host connections can be asked; with none the
   * request is refused at once. Returns whether the hosts should be asked now.
   */
  open(
    request: AdmissionRequest,
    hostsPresent: number,
    decide: (decision: AdmissionDecision) => void,
  ): boolean {
    if (hostsPresent === 0) {
      decide({ accepted: false, reason: 'timeout' });
      return false;
    }
    if (this.pending.size >= MAX_PENDING_ADMISSIONS) {
      decide({ accepted: false, reason: 'too-many-requests' });
      return false;
    }
    const timer = this.timers.setTimeout(
      () => this.settle(request.id, { accepted: false, reason: 'timeout' }),
      ADMISSION_TIMEOUT_MS,
    );
    this.pending.set(request.id, { request, decide, timer });
    return true;
  }

  /** The host's answer; false when the request is no longer waiting (answered, gone, timed out). */
  answer(id: string, accept: boolean): boolean {
    return this.settle(id, accept ? { accepted: true } : { accepted: false, reason: 'rejected-by-user' });
  }

  /** The joiner left while waiting: nothing to decide any more. */
  cancel(id: string): boolean {
    const found = this.pending.get(id);
    if (!found) return false;
    this.timers.clearTimeout(found.timer);
    this.pending.delete(id);
    return true;
  }

  /** The last host left: nobody can answer the waiting requests. */
  hostsGone(): void {
    for (const id of [...this.pending.keys()]) this.settle(id, { accepted: false, reason: 'timeout' });
  }

  private settle(id: string, decision: AdmissionDecision): boolean {
    const found = this.pending.get(id);
    if (!found) return false;
    this.timers.clearTimeout(found.timer);
    this.pending.delete(id);
    found.decide(decision);
    return true;
  }
}
