/**
 * Where the Scribe desk (desk.ts) finds an open request. On one server, in its memory: it owns
 * every room, and resumes on start what a previous run left open. In a cluster (docs/deploy.md)
 * a request lives with its room: only the node holding the room's lease keeps it in memory,
 * taking it up from the database when it takes the room (a join, or an accept forwarded to it,
 * cluster/forwarding.ts), and dropping its copy once the lease it was taken up under is gone;
 * every other node reads it from what is stored.
 *
 * It changes nothing stored: the desk stores every change, then updates the copy kept here.
 */
import type { ScribeRequestRecord, ScribeRequestRepository } from './repository';
import { type OpenRequest, resumedRequest } from './open-requests';

export interface RequestBookDeps {
  requests: Pick<ScribeRequestRepository, 'open' | 'openOfRoom' | 'find'>;
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /**
   * Cluster mode: this node's lease token for the room (cluster/lease.ts), undefined when it
   * does not own it. Absent: one server, which owns every room and keeps every open request.
   */
  leaseOf?(roomId: string): string | undefined;
}

export class OpenRequestBook {
  private readonly open = new Map<string, OpenRequest>();

  constructor(private readonly deps: RequestBookDeps) {}

  /** One server: the requests a previous run left open (a Scribe connected before is leaving). */
  async resumeStored(): Promise<void> {
    for (const record of await this.deps.requests.open())
      this.open.set(record.id, resumedRequest(record, this.deps.now()));
  }

  /**
   * A request just made in `roomId`. In a cluster, kept only under the room's lease (the host's
   * socket is served by its owner).
   */
  keepNew(record: ScribeRequestRecord): void {
    const lease = this.deps.leaseOf?.(record.roomId);
    if (!this.deps.leaseOf || lease !== undefined)
      this.open.set(record.id, { record, unsavedSeconds: 0, ...(lease !== undefined ? { lease } : {}) });
  }

  /** The request is closed (or another node's): no longer kept here. */
  drop(requestId: string): void {
    this.open.delete(requestId);
  }

  /** The requests kept here, stale ones included (the desk's tick drops those). */
  kept(): OpenRequest[] {
    return [...this.open.values()];
  }

  /** The request kept here for `roomId`, if any (stale or not). */
  ofRoom(roomId: string): OpenRequest | undefined {
    for (const request of this.open.values()) if (request.record.roomId === roomId) return request;
    return undefined;
  }

  /** Cluster mode: a copy taken up under a lease this node no longer holds (the room moved). */
  stale(request: OpenRequest): boolean {
    const { leaseOf } = this.deps;
    return (
      leaseOf !== undefined &&
      (request.lease === undefined || leaseOf(request.record.roomId) !== request.lease)
    );
  }

  /**
   * The room's open request. One server: the one in memory. A cluster: the one in memory if
   * taken up under the lease held now, else the stored one, kept (taken up) when this node owns
   * the room, or a copy for this change only when nobody here does (its changes are stored as
   * always; the owner, if any, is another node that reads them when it takes the room again).
   */
  async located(roomId: string): Promise<OpenRequest | undefined> {
    const kept = this.ofRoom(roomId);
    if (!this.deps.leaseOf) return kept;
    if (kept && !this.stale(kept)) return kept;
    if (kept) this.open.delete(kept.record.id);
    const record = await this.deps.requests.openOfRoom(roomId);
    if (!record) return undefined;
    const lease = this.deps.leaseOf(roomId);
    const request = resumedRequest(record, this.deps.now(), lease);
    if (lease !== undefined) {
      this.open.set(record.id, request);
      this.deps.log('info', 'took up the Scribe request of a conversation this node owns', {
        roomId,
        requestId: record.id,
      });
    }
    return request;
  }

  /** The open request `requestId` (see `located`). */
  async locatedById(requestId: string): Promise<OpenRequest | undefined> {
    if (!this.deps.leaseOf) return this.open.get(requestId);
    const roomId =
      this.open.get(requestId)?.record.roomId ?? (await this.deps.requests.find(requestId))?.roomId;
    if (roomId === undefined) return undefined;
    const request = await this.located(roomId);
    return request?.record.id === requestId ? request : undefined;
  }

  /** The requests a Scribe's rules count across: this server's, or (cluster) every stored one. */
  async allOpen(): Promise<ScribeRequestRecord[]> {
    if (!this.deps.leaseOf) return [...this.open.values()].map((r) => r.record);
    return this.deps.requests.open();
  }

  /** What the dashboard lists: this server's open requests, or (cluster) every stored one. */
  async onDashboard(): Promise<OpenRequest[]> {
    if (!this.deps.leaseOf) return [...this.open.values()];
    const kept = new Map([...this.open.values()].filter((r) => !this.stale(r)).map((r) => [r.record.id, r]));
    // Another node's (or nobody's): as stored, never counted here.
    return (await this.deps.requests.open()).map(
      (record) => kept.get(record.id) ?? { record, unsavedSeconds: 0 },
    );
  }

  /**
   * Cluster mode, for the forwarded routes (cluster/forwarding.ts): the room of an open request;
   * its owner runs the change.
   */
  async roomOfRequest(requestId: string): Promise<string | undefined> {
    const record = this.open.get(requestId)?.record ?? (await this.deps.requests.find(requestId));
    return record && (record.state === 'pending' || record.state === 'connected') ? record.roomId : undefined;
  }
}
