/**
 * The host's door when a room requires admission (conversation.md section 4, "Joining": none,
 * requested, accepted; a refused connection shows its reason). Someone who is not yet a member
 * asks; every connected host is asked; the first answer decides; with no host to ask, or no
 * answer in time, the request ends with the spec's timeout ("Can't find your host. Try again?").
 *
 * One request per person (issue 31, N-3): a knock from someone already waiting (another socket,
 * another tab) waits on their request and the hosts are not asked again; after the host said no,
 * that person's knocks are refused without asking for a while (the cooldown each knock is given:
 * limits.ts admissionCooldownMs). The host sees one prompt per person, however many sockets one
 * guest knocks with.
 *
 * Pure bookkeeping with injected timers: the room sends the messages, the socket continues or
 * refuses the join when `decide` is called back.
 */
import type { ConnectionRole } from '../../shared/entities';
import type { JoinRefusalReason } from '../../shared/protocol';
import { type Timers, realTimers } from './throttle';

/** How long a request waits for the host before it is refused with 'timeout'. */
export const ADMISSION_TIMEOUT_MS = 60_000;
/** People waiting at once per room: a crowd at the door is not a way to flood the host. */
export const MAX_PENDING_ADMISSIONS = 50;
/** A knock at the door: `id` is this socket's own; a person's first knock names their request. */
export interface AdmissionRequest {
  id: string;
  avaId: string;
  userName: string;
  role: ConnectionRole;
  /** Where the joiner came from: a link or the room name. */
  fromSource: 'link' | 'name';
}

export type AdmissionDecision = { accepted: true } | { accepted: false; reason: JoinRefusalReason };

/**
 * What became of a knock. `id` is the request it waits on, the one the hosts answer:
 * - ask: a new request, the hosts are to be asked;
 * - joined: the person was already waiting, this knock waits on the same request;
 * - decided: refused at once (no host, too many waiting), `decide` has been called;
 * - cooling-down: the host said no `refusedMsAgo`; nothing is asked or decided.
 */
export type DoorOutcome =
  | { kind: 'ask' | 'joined' | 'decided'; id: string }
  | { kind: 'cooling-down'; refusedMsAgo: number; retryInMs: number };

interface Pending {
  request: AdmissionRequest;
  /** Every knock waiting on this request, by its id. */
  knocks: Map<string, (decision: AdmissionDecision) => void>;
  timer: unknown;
}

export class AdmissionDesk {
  /** Requests by id. */
  private readonly pending = new Map<string, Pending>();
  /** A person's request, by avaId. */
  private readonly requestOf = new Map<string, string>();
  /** The request a knock waits on, by the knock's id. */
  private readonly knockIn = new Map<string, string>();
  /** When the host last said no to each person, by avaId (forgotten once the cooldown is over). */
  private readonly refusedAt = new Map<string, number>();

  constructor(
    private readonly timers: Timers = realTimers,
    /** A request left the door (answered, timed out, everyone gave up): the hosts are told. */
    private readonly closed: (id: string) => void = () => {},
  ) {}

  get waiting(): AdmissionRequest[] {
    return [...this.pending.values()].map((p) => p.request);
  }

  /**
   * A knock. `hostsPresent` is how many host connections can be asked; with none the knock is
   * refused at once.
   */
  open(
    knock: AdmissionRequest,
    hostsPresent: number,
    decide: (decision: AdmissionDecision) => void,
    refusalCooldownMs: number,
  ): DoorOutcome {
    const now = this.timers.now();
    this.forgetRefusalsBefore(now - refusalCooldownMs);
    const refusedAt = this.refusedAt.get(knock.avaId);
    if (refusedAt !== undefined) {
      return {
        kind: 'cooling-down',
        refusedMsAgo: now - refusedAt,
        retryInMs: refusedAt + refusalCooldownMs - now,
      };
    }
    const existing = this.requestOf.get(knock.avaId);
    const waitingOn = existing === undefined ? undefined : this.pending.get(existing);
    if (waitingOn) {
      waitingOn.knocks.set(knock.id, decide);
      this.knockIn.set(knock.id, waitingOn.request.id);
      return { kind: 'joined', id: waitingOn.request.id };
    }
    if (hostsPresent === 0) {
      decide({ accepted: false, reason: 'timeout' });
      return { kind: 'decided', id: knock.id };
    }
    if (this.pending.size >= MAX_PENDING_ADMISSIONS) {
      decide({ accepted: false, reason: 'too-many-requests' });
      return { kind: 'decided', id: knock.id };
    }
    const timer = this.timers.setTimeout(
      () => this.settle(knock.id, { accepted: false, reason: 'timeout' }),
      ADMISSION_TIMEOUT_MS,
    );
    this.pending.set(knock.id, { request: knock, knocks: new Map([[knock.id, decide]]), timer });
    this.requestOf.set(knock.avaId, knock.id);
    this.knockIn.set(knock.id, knock.id);
    return { kind: 'ask', id: knock.id };
  }

  /** The host's answer; false when the request is no longer waiting (answered, gone, timed out). */
  answer(id: string, accept: boolean): boolean {
    return this.settle(id, accept ? { accepted: true } : { accepted: false, reason: 'rejected-by-user' });
  }

  /**
   * The socket of knock `knockId` left while waiting: nothing to decide for it any more. Its
   * request closes when it was the last knock on it. False when the knock was not waiting.
   */
  cancel(knockId: string): boolean {
    const id = this.knockIn.get(knockId);
    const found = id === undefined ? undefined : this.pending.get(id);
    this.knockIn.delete(knockId);
    if (!found) return false;
    found.knocks.delete(knockId);
    if (found.knocks.size === 0) this.remove(found);
    return true;
  }

  /** The last host left: nobody can answer the waiting requests. */
  hostsGone(): void {
    for (const id of [...this.pending.keys()]) this.settle(id, { accepted: false, reason: 'timeout' });
  }

  private settle(id: string, decision: AdmissionDecision): boolean {
    const found = this.pending.get(id);
    if (!found) return false;
    this.remove(found);
    if (!decision.accepted && decision.reason === 'rejected-by-user') {
      this.refusedAt.set(found.request.avaId, this.timers.now());
    }
    for (const [knockId, decide] of found.knocks) {
      this.knockIn.delete(knockId);
      decide(decision);
    }
    return true;
  }

  private remove(found: Pending): void {
    const { id, avaId } = found.request;
    this.timers.clearTimeout(found.timer);
    this.pending.delete(id);
    this.requestOf.delete(avaId);
    this.closed(id);
  }

  private forgetRefusalsBefore(time: number): void {
    for (const [avaId, at] of this.refusedAt) if (at <= time) this.refusedAt.delete(avaId);
  }
}
