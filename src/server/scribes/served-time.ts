/**
 * Scribe time (docs/scribes.md, "Scribe time"): the desk (desk.ts) counts served time per second
 * on the server (`SCRIBE_TICK_MS`) while the Scribe is in the room, puts each second to
 * `chargeScribeSecond` (credit.ts), which answers `stop` when the requester has none left, and
 * stores the count at least every 10 s. The same tick ends a request whose room ended, or whose
 * Scribe did not come back within `SCRIBE_LEAVING_GRACE_MS`.
 */
import {
  type ScribeRequestEvent,
  SCRIBE_LEAVING_GRACE_MS,
  isFinalRequestState,
} from '../../shared/scribe/model';
import type { RoomRegistry } from '../rooms';
import type { ChargeScribeSecond } from './credit';
import type { OpenRequest } from './open-requests';
import type { OpenRequestBook } from './request-book';
import type { ScribeRequestRepository } from './repository';

/** Counted seconds are stored at least this often (and whenever the request changes). */
export const SAVE_SECONDS_EVERY = 10;

/**
 * What a tick does with a request this node keeps: drop it (its room `moved` to another node),
 * end it (`room-ended`, `grace-over`), leave it (`not-served`: pending; `leaving`: within the
 * grace), or `count` a second.
 */
export type TickStep = 'moved' | 'room-ended' | 'not-served' | 'leaving' | 'grace-over' | 'count';

export function tickStep(
  request: OpenRequest,
  at: { stale: boolean; roomEnded: boolean; nowMs: number },
): TickStep {
  if (at.stale) return 'moved';
  if (at.roomEnded) return 'room-ended';
  if (request.record.state !== 'connected') return 'not-served';
  if (request.leavingSinceMs !== undefined)
    return at.nowMs - request.leavingSinceMs >= SCRIBE_LEAVING_GRACE_MS ? 'grace-over' : 'leaving';
  return 'count';
}

export interface ServedTimeDeps {
  requests: Pick<ScribeRequestRepository, 'update' | 'find'>;
  registry: Pick<RoomRegistry, 'liveRoom'>;
  charge: ChargeScribeSecond;
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /** Cluster mode (the desk's, scribes/desk.ts): set when this node runs as one. */
  leaseOf?(roomId: string): string | undefined;
}

/** What the count works on of the desk (desk.ts): its requests, and how it moves one on. */
export interface ServedTimeDesk {
  book: OpenRequestBook;
  /** Moves a request on, stored first, and tells its room (the desk's `apply`). */
  apply(request: OpenRequest, event: ScribeRequestEvent): Promise<unknown>;
  /** Tells the room its Scribe status; `closed`: the request just ended (the desk's `show`). */
  show(roomId: string, closed?: OpenRequest): void;
}

export class ServedTime {
  constructor(
    private readonly deps: ServedTimeDeps,
    private readonly desk: ServedTimeDesk,
  ) {}

  /**
   * Counts a second of each served request; ends the ones whose room ended or whose Scribe is
   * gone. In a cluster, only under the room's lease: a request whose room moved is dropped
   * unsaved (its new owner counts on from what was stored; the seconds since, at most 10, were
   * charged but are missing from its stored count), so no second is counted by two nodes.
   */
  async tick(): Promise<void> {
    const { book } = this.desk;
    const { registry } = this.deps;
    const now = this.deps.now();
    for (const request of book.kept()) {
      const stale = book.stale(request);
      const room = stale ? undefined : registry.liveRoom(request.record.roomId);
      const step = tickStep(request, { stale, roomEnded: room?.state === 'ended', nowMs: now });
      if (step === 'moved') {
        book.drop(request.record.id);
        this.deps.log('info', 'a Scribe request’s conversation moved to another node; it counts its time', {
          roomId: request.record.roomId,
          requestId: request.record.id,
        });
      } else if (step === 'room-ended') await this.desk.apply(request, 'room-ended');
      else if (step === 'grace-over') await this.desk.apply(request, 'end');
      else if (step === 'count') await this.count(request, now);
    }
  }

  /** One more second served: charged (credit gone ends the session), stored every 10. */
  private async count(request: OpenRequest, now: number): Promise<void> {
    request.record.scribeSeconds += 1;
    request.unsavedSeconds += 1;
    const charge = await this.deps
      .charge({
        requestId: request.record.id,
        roomId: request.record.roomId,
        requesterAvaId: request.record.requesterAvaId,
        scribeAvaId: request.record.scribeAvaId!,
        secondsSoFar: request.record.scribeSeconds,
        nowMs: now,
      })
      .catch((error: unknown) => {
        this.deps.log('warn', 'Scribe time could not be charged; the session goes on', {
          requestId: request.record.id,
          error: (error as Error).message,
        });
        return { ok: true } as const;
      });
    if (!charge.ok) {
      this.deps.log('info', 'Scribe credit ran out', {
        requestId: request.record.id,
        reason: charge.reason,
      });
      await this.desk.apply(request, 'end');
      return;
    }
    if (request.unsavedSeconds >= SAVE_SECONDS_EVERY) {
      if (await this.closedElsewhere(request)) return;
      await this.saveSeconds(request);
    }
  }

  /**
   * Cluster mode: whether the stored request was closed by a node that does not own its room
   * (a Scribe's end served where nobody owned it a moment before): then the copy here is dropped
   * and the room told, so it is counted at most 10 s more.
   */
  private async closedElsewhere(request: OpenRequest): Promise<boolean> {
    if (!this.deps.leaseOf) return false;
    const stored = await this.deps.requests.find(request.record.id).catch(() => undefined);
    if (!stored || !isFinalRequestState(stored.state)) return false;
    this.desk.book.drop(stored.id);
    this.desk.show(stored.roomId, { ...request, record: stored });
    return true;
  }

  /** Stores the seconds counted since last time; kept to store later if that fails. */
  async saveSeconds(request: OpenRequest): Promise<void> {
    if (request.unsavedSeconds === 0) return;
    try {
      await this.deps.requests.update(request.record.id, { scribeSeconds: request.record.scribeSeconds });
      request.unsavedSeconds = 0;
    } catch (error) {
      this.deps.log('warn', 'could not store Scribe time; trying again later', {
        requestId: request.record.id,
        error: (error as Error).message,
      });
    }
  }
}
