/**
 * The Scribe desk: every Scribe request of the server (shared/scribe/model.ts for the rules).
 * A host asks in their room (`request-scribe`); the request waits on every Scribe's dashboard
 * (GET /api/v1/scribe-requests) until one accepts, which makes them a member of the room with
 * the role scribe; the room's status says pending, ongoing, leaving or ended. Every change is
 * stored before anyone is told. Served time is counted here, per second, and each second is
 * put to `chargeScribeSecond` (scribes/credit.ts), which the licences will complete.
 *
 * In a cluster (docs/deploy.md) a request lives with its room: only the node holding the room's
 * lease keeps it in memory and counts its time, taking it up from the database when it takes
 * the room (a join, or an accept forwarded to it, cluster/forwarding.ts); the dashboard is read
 * from the database, so every node shows every open request.
 */
import { createHash } from 'node:crypto';
import { randomId } from '../../shared/ids';
import type { ScribeChatMessage, ScribeDashboardResponse, ScribeRequestView } from '../../shared/scribe/api';
import {
  type CorrectionMode,
  type RoomScribe,
  type ScribeRefusal,
  type ScribeRequestEvent,
  SCRIBE_ERRORS,
  SCRIBE_LEAVING_GRACE_MS,
  SCRIBE_TICK_MS,
  acceptRefusal,
  isFinalRequestState,
  nextRequestState,
  scribeStatusOf,
} from '../../shared/scribe/model';
import type { RoomRepository } from '../rooms/repository';
import type { ScribeRequestRecord, ScribeRequestRepository } from './repository';
import type { LiveRoom, RoomMember } from '../rooms/room';
import type { RoomRegistry } from '../rooms/registry';
import type { ChargeScribeSecond } from './credit';
import {
  type OpenRequest,
  chatRequestOf,
  dashboardPlace,
  resumedRequest,
  servingCount,
} from './open-requests';

export class ScribeError extends Error {
  constructor(readonly refusal: ScribeRefusal) {
    super(SCRIBE_ERRORS[refusal]);
  }
}

export interface ScribeDeskDeps {
  requests: ScribeRequestRepository;
  rooms: Pick<RoomRepository, 'find' | 'addMember'>;
  registry: Pick<RoomRegistry, 'liveRoom' | 'find'>;
  charge: ChargeScribeSecond;
  /** Why `requesterAvaId` may not ask for a Scribe (scribes/credit.ts scribeRequestRefusal); absent: anyone may. */
  refuseRequest?(requesterAvaId: string): Promise<ScribeRefusal | undefined>;
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /**
   * Whether the requester's organisation's Scribe limit (shared/workspace.ts) leaves them Scribe
   * time this month; absent: no limit is checked.
   */
  withinScribeLimit?(requesterAvaId: string): Promise<boolean>;
  /** Test clocks pass their own; real intervals otherwise. */
  setInterval?(fn: () => void, ms: number): unknown;
  clearInterval?(handle: unknown): void;
  /**
   * Cluster mode: this node's lease token for the room (cluster/lease.ts), undefined when it
   * does not own it. Only the owner keeps and counts a room's request. Absent: one server, which
   * owns every room and keeps every open request.
   */
  leaseOf?(roomId: string): string | undefined;
}

/** Counted seconds are stored at least this often (and whenever the request changes). */
const SAVE_SECONDS_EVERY = 10;

/** A Scribe as the room shows them: a hash, never their avaId. */
function scribeHash(requestId: string, avaId: string): string {
  return createHash('sha256').update(`${requestId}:${avaId}`).digest('hex').slice(0, 16);
}

export class ScribeDesk {
  private readonly open = new Map<string, OpenRequest>();
  private chain: Promise<unknown> = Promise.resolve();
  private ticker: unknown;

  constructor(private readonly deps: ScribeDeskDeps) {}

  /**
   * Resumes the requests a previous run left open, and starts counting time. In a cluster,
   * none: another node may serve them; a room's request is taken up with the room (`located`).
   */
  async start(): Promise<void> {
    if (!this.deps.leaseOf) {
      // A Scribe connected before the restart is leaving until they come back.
      for (const record of await this.deps.requests.open())
        this.open.set(record.id, resumedRequest(record, this.deps.now()));
    }
    const every = this.deps.setInterval ?? ((fn, ms) => setInterval(fn, ms).unref());
    this.ticker = every(() => void this.exclusive(() => this.tick()), SCRIBE_TICK_MS);
  }

  async stop(): Promise<void> {
    (this.deps.clearInterval ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>)))(this.ticker);
    await this.exclusive(async () => {
      for (const request of this.open.values()) await this.saveSeconds(request);
    });
  }

  /** One change at a time: two Scribes accepting the same request cannot both win. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private ofRoom(roomId: string): OpenRequest | undefined {
    for (const request of this.open.values()) if (request.record.roomId === roomId) return request;
    return undefined;
  }

  /** Cluster mode: a copy taken up under a lease this node no longer holds (the room moved). */
  private stale(request: OpenRequest): boolean {
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
  private async located(roomId: string): Promise<OpenRequest | undefined> {
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
  private async locatedById(requestId: string): Promise<OpenRequest | undefined> {
    if (!this.deps.leaseOf) return this.open.get(requestId);
    const roomId =
      this.open.get(requestId)?.record.roomId ?? (await this.deps.requests.find(requestId))?.roomId;
    if (roomId === undefined) return undefined;
    const request = await this.located(roomId);
    return request?.record.id === requestId ? request : undefined;
  }

  /** The requests a Scribe's rules count across: this server's, or (cluster) every stored one. */
  private async allOpen(): Promise<ScribeRequestRecord[]> {
    if (!this.deps.leaseOf) return [...this.open.values()].map((r) => r.record);
    return this.deps.requests.open();
  }

  /**
   * Cluster mode, for the forwarded routes (cluster/forwarding.ts): the room of an open request,
   * and of the request a Scribe's beginChat is about; its owner runs the change.
   */
  async roomOfRequest(requestId: string): Promise<string | undefined> {
    const record = this.open.get(requestId)?.record ?? (await this.deps.requests.find(requestId));
    return record && (record.state === 'pending' || record.state === 'connected') ? record.roomId : undefined;
  }

  async roomOfChat(scribeAvaId: string, requesterAvaId: string): Promise<string | undefined> {
    return chatRequestOf(await this.allOpen(), scribeAvaId, requesterAvaId)?.roomId;
  }

  /** The host asks for a Scribe. */
  request(room: LiveRoom, requester: RoomMember, correctionMode: CorrectionMode): Promise<void> {
    return this.exclusive(async () => {
      if (room.state !== 'ongoing') throw new ScribeError('room-ended');
      if (await this.located(room.id)) throw new ScribeError('already-requested');
      const refusal = await this.deps.refuseRequest?.(requester.avaId);
      if (refusal) throw new ScribeError(refusal);
      if (this.deps.withinScribeLimit && !(await this.deps.withinScribeLimit(requester.avaId))) {
        throw new ScribeError('scribe-limit-reached');
      }
      const record: ScribeRequestRecord = {
        id: randomId(16),
        roomId: room.id,
        requesterAvaId: requester.avaId,
        requesterName: requester.userName,
        correctionMode,
        state: 'pending',
        createdAtMs: this.deps.now(),
        scribeSeconds: 0,
      };
      await this.deps.requests.create(record);
      const lease = this.deps.leaseOf?.(room.id);
      // In a cluster, kept only under the room's lease (the host's socket is served by its owner).
      if (!this.deps.leaseOf || lease !== undefined)
        this.open.set(record.id, { record, unsavedSeconds: 0, ...(lease !== undefined ? { lease } : {}) });
      this.show(record.roomId);
      this.deps.log('info', 'a Scribe was requested', { roomId: room.id, requestId: record.id });
    });
  }

  /** The host withdraws the waiting request, or sends the serving Scribe away. */
  cancel(room: LiveRoom): Promise<void> {
    return this.exclusive(async () => {
      const request = await this.located(room.id);
      if (!request) throw new ScribeError('not-found');
      const scribe = request.record.scribeAvaId;
      const state = await this.apply(request, 'cancel');
      if (state === 'removed' && scribe) {
        for (const member of room.membersOf(scribe))
          if (member.role === 'scribe') member.close?.(4001, 'the host ended the Scribe session');
      }
    });
  }

  /** Fast or accurate, for the request being served or waited on. */
  setCorrectionMode(room: LiveRoom, correctionMode: CorrectionMode): Promise<void> {
    return this.exclusive(async () => {
      const request = await this.located(room.id);
      if (!request) throw new ScribeError('not-found');
      if (request.record.correctionMode === correctionMode) return;
      await this.deps.requests.update(request.record.id, { correctionMode });
      request.record = { ...request.record, correctionMode };
      this.show(room.id);
    });
  }

  /** A Scribe accepts a waiting request: they become the room's Scribe member. */
  accept(requestId: string, scribe: { avaId: string; userName: string }): Promise<ScribeRequestView> {
    return this.exclusive(async () => {
      const request = await this.locatedById(requestId);
      if (!request) throw new ScribeError('not-pending');
      const room = await this.deps.rooms.find(request.record.roomId);
      if (!room || room.state !== 'ongoing') {
        await this.apply(request, 'room-ended');
        throw new ScribeError('room-ended');
      }
      const serving = servingCount(await this.allOpen(), scribe.avaId);
      const refusal = acceptRefusal(
        {
          requesterAvaId: request.record.requesterAvaId,
          hostAvaId: room.hostAvaId,
          state: request.record.state,
        },
        scribe.avaId,
        serving,
      );
      if (refusal) throw new ScribeError(refusal);
      const now = this.deps.now();
      await this.deps.rooms.addMember(room.id, scribe.avaId, now, { readonly: false, role: 'scribe' });
      await this.deps.requests.update(requestId, {
        state: 'connected',
        scribeAvaId: scribe.avaId,
        scribeName: scribe.userName,
        acceptedAtMs: now,
      });
      request.record = {
        ...request.record,
        state: 'connected',
        scribeAvaId: scribe.avaId,
        scribeName: scribe.userName,
        acceptedAtMs: now,
      };
      // Not in the room yet: on their way, and ended like a leaving Scribe if they never arrive.
      request.leavingSinceMs = now;
      request.arriving = true;
      this.show(room.id);
      this.deps.log('info', 'a Scribe accepted a request', { roomId: room.id, requestId });
      return this.view(request, []);
    });
  }

  /** The Scribe stops serving. */
  end(requestId: string, scribeAvaId: string): Promise<void> {
    return this.exclusive(async () => {
      const request = await this.locatedById(requestId);
      if (!request || request.record.scribeAvaId !== scribeAvaId) throw new ScribeError('not-serving');
      await this.apply(request, 'end');
      const room = this.deps.registry.liveRoom(request.record.roomId);
      for (const member of room?.membersOf(scribeAvaId) ?? [])
        if (member.role === 'scribe') member.close?.(1000, 'the Scribe session ended');
    });
  }

  /** A chat message between the Scribe and the person who asked. */
  chat(
    from: { avaId: string; role: 'scribe' | 'requester' },
    requestId: string,
    text: string,
  ): Promise<void> {
    return this.exclusive(async () => {
      const request = await this.locatedById(requestId);
      if (!request) throw new ScribeError('not-found');
      const message: ScribeChatMessage = {
        requestId,
        fromAvaId: from.avaId,
        fromRole: from.role,
        text,
        atMs: this.deps.now(),
      };
      await this.deps.requests.addChat(message);
      const room = this.deps.registry.liveRoom(request.record.roomId);
      const to = new Set([request.record.requesterAvaId, request.record.scribeAvaId]);
      for (const avaId of to) {
        if (!avaId) continue;
        for (const member of room?.membersOf(avaId) ?? []) member.send({ type: 'scribe-chat', message });
      }
    });
  }

  /** In-room chat: from the host who asked, or the room's Scribe. */
  async chatInRoom(room: LiveRoom, member: RoomMember, text: string): Promise<void> {
    const request = this.deps.leaseOf
      ? await this.exclusive(() => this.located(room.id))
      : this.ofRoom(room.id);
    if (!request) throw new ScribeError('not-found');
    const role =
      member.role === 'scribe' && member.avaId === request.record.scribeAvaId ? 'scribe' : 'requester';
    if (
      role === 'requester' &&
      member.avaId !== request.record.requesterAvaId &&
      member.avaId !== room.hostAvaId
    )
      throw new ScribeError('not-serving');
    await this.chat({ avaId: member.avaId, role }, request.record.id, text);
  }

  /** beginChat: a Scribe writes to the requester `avaId` of a request they see or serve. */
  async beginChat(scribeAvaId: string, requesterAvaId: string, text: string): Promise<ScribeChatMessage[]> {
    const record = chatRequestOf(await this.allOpen(), scribeAvaId, requesterAvaId);
    if (!record) throw new ScribeError('not-found');
    await this.chat({ avaId: scribeAvaId, role: 'scribe' }, record.id, text);
    return this.deps.requests.chat(record.id);
  }

  /**
   * Before a member's room-status: a room loaded again (after eviction or a restart) learns its
   * request from here. Then a connection of the serving Scribe makes the status ongoing, and the
   * person who asked and the Scribe get the chat so far. In a cluster, this is where the node
   * that owns the room (it just took it over, perhaps) takes its request up.
   */
  async joining(room: LiveRoom): Promise<void> {
    const request = this.deps.leaseOf
      ? await this.exclusive(() => this.located(room.id))
      : this.ofRoom(room.id);
    room.setScribe(request ? this.roomView(request, room) : undefined, { silent: true });
  }

  joined(room: LiveRoom, member: RoomMember): void {
    void this.exclusive(async () => {
      const request = this.ofRoom(room.id);
      if (!request || this.stale(request)) return;
      const { record } = request;
      if (
        member.role === 'scribe' &&
        member.avaId === record.scribeAvaId &&
        request.leavingSinceMs !== undefined
      ) {
        delete request.leavingSinceMs;
        delete request.arriving;
        this.show(room.id);
      }
      if (member.avaId === record.scribeAvaId || member.avaId === record.requesterAvaId) {
        for (const message of await this.deps.requests.chat(record.id))
          member.send({ type: 'scribe-chat', message });
      }
    });
  }

  /** A connection left: the Scribe's last one makes the status leaving (SCRIBE_LEAVING_GRACE_MS to return). */
  left(room: LiveRoom, member: RoomMember): void {
    void this.exclusive(async () => {
      const request = this.ofRoom(room.id);
      if (
        !request ||
        this.stale(request) ||
        request.record.state !== 'connected' ||
        member.avaId !== request.record.scribeAvaId
      )
        return;
      if (room.membersOf(member.avaId).some((m) => m.role === 'scribe')) return;
      request.leavingSinceMs = this.deps.now();
      delete request.arriving;
      this.show(room.id);
    });
  }

  /** Whether `avaId` was sent away from this room as its Scribe (they may not come back as one). */
  wasRemoved(roomId: string, avaId: string): Promise<boolean> {
    return this.deps.requests.wasRemoved(roomId, avaId);
  }

  /**
   * The Scribe dashboard of `scribeAvaId`. In a cluster, every stored open request: the ones
   * whose room another node owns as stored (their time as last stored, at most 10 s behind; their
   * Scribe connected unless the request says otherwise; no last caption time, which is the
   * owner's).
   */
  dashboard(scribeAvaId: string): Promise<ScribeDashboardResponse> {
    return this.exclusive(async () => {
      const waiting: ScribeRequestView[] = [];
      const serving: ScribeRequestView[] = [];
      for (const request of await this.dashboardRequests()) {
        const room = await this.deps.rooms.find(request.record.roomId);
        if (!room || room.state !== 'ongoing') {
          await this.apply(request, 'room-ended');
          continue;
        }
        const place = dashboardPlace(request.record, room.hostAvaId, scribeAvaId);
        if (place === 'waiting') waiting.push(this.view(request, [], room.title));
        else if (place === 'serving')
          serving.push(this.view(request, await this.deps.requests.chat(request.record.id), room.title));
      }
      return { nowMs: this.deps.now(), waiting, serving };
    });
  }

  /** What the dashboard lists: this server's open requests, or (cluster) every stored one. */
  private async dashboardRequests(): Promise<OpenRequest[]> {
    if (!this.deps.leaseOf) return [...this.open.values()];
    const kept = new Map([...this.open.values()].filter((r) => !this.stale(r)).map((r) => [r.record.id, r]));
    // Another node's (or nobody's): as stored, never counted here.
    return (await this.deps.requests.open()).map(
      (record) => kept.get(record.id) ?? { record, unsavedSeconds: 0 },
    );
  }

  /**
   * Counts a second of each served request; ends the ones whose room ended or whose Scribe is
   * gone. In a cluster, only under the room's lease: a request whose room moved is dropped
   * unsaved (its new owner counts on from what was stored; the seconds since, at most 10, were
   * charged but are missing from its stored count), so no second is counted by two nodes.
   */
  private async tick(): Promise<void> {
    const now = this.deps.now();
    for (const request of [...this.open.values()]) {
      if (this.stale(request)) {
        this.open.delete(request.record.id);
        this.deps.log('info', 'a Scribe request’s conversation moved to another node; it counts its time', {
          roomId: request.record.roomId,
          requestId: request.record.id,
        });
        continue;
      }
      const room = this.deps.registry.liveRoom(request.record.roomId);
      if (room && room.state === 'ended') {
        await this.apply(request, 'room-ended');
        continue;
      }
      if (request.record.state !== 'connected') continue;
      if (request.leavingSinceMs !== undefined) {
        if (now - request.leavingSinceMs >= SCRIBE_LEAVING_GRACE_MS) await this.apply(request, 'end');
        continue;
      }
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
        await this.apply(request, 'end');
        continue;
      }
      if (request.unsavedSeconds >= SAVE_SECONDS_EVERY) {
        if (await this.closedElsewhere(request)) continue;
        await this.saveSeconds(request);
      }
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
    this.open.delete(stored.id);
    this.show(stored.roomId, { ...request, record: stored });
    return true;
  }

  private async saveSeconds(request: OpenRequest): Promise<void> {
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

  /** Moves a request on (stored first), and tells its room. */
  private async apply(request: OpenRequest, event: ScribeRequestEvent) {
    const state = nextRequestState(request.record.state, event);
    if (!state) throw new ScribeError(request.record.state === 'pending' ? 'not-serving' : 'not-pending');
    const changes = {
      state,
      scribeSeconds: request.record.scribeSeconds,
      ...(isFinalRequestState(state) ? { closedAtMs: this.deps.now() } : {}),
    };
    await this.deps.requests.update(request.record.id, changes);
    request.record = { ...request.record, ...changes };
    request.unsavedSeconds = 0;
    if (isFinalRequestState(state)) this.open.delete(request.record.id);
    this.show(request.record.roomId, isFinalRequestState(state) ? request : undefined);
    return state;
  }

  /** Tells the room (if in memory) its Scribe status; `closed`: the request just ended. */
  private show(roomId: string, closed?: OpenRequest): void {
    const room = this.deps.registry.liveRoom(roomId);
    if (!room) return;
    const request = this.ofRoom(roomId) ?? closed;
    room.setScribe(request ? this.roomView(request, room) : undefined);
    // Once told it ended, the room carries no request: the next one starts afresh.
    if (closed && !this.ofRoom(roomId)) room.setScribe(undefined, { silent: true });
  }

  private roomView(request: OpenRequest, room: LiveRoom): RoomScribe {
    const { record } = request;
    const connected =
      record.scribeAvaId !== undefined && room.membersOf(record.scribeAvaId).some((m) => m.role === 'scribe');
    return {
      status: scribeStatusOf(
        record.state,
        request.arriving === true || (connected && request.leavingSinceMs === undefined),
      ),
      requestId: record.id,
      correctionMode: record.correctionMode,
      requestor: record.requesterAvaId,
      scribes: record.scribeAvaId
        ? [{ hash: scribeHash(record.id, record.scribeAvaId), userName: record.scribeName ?? '' }]
        : [],
    };
  }

  private view(request: OpenRequest, chat: ScribeChatMessage[], roomTitle = ''): ScribeRequestView {
    const { record } = request;
    const room = this.deps.registry.liveRoom(record.roomId);
    return {
      id: record.id,
      roomId: record.roomId,
      roomTitle,
      requester: { avaId: record.requesterAvaId, userName: record.requesterName },
      correctionMode: record.correctionMode,
      state: record.state,
      createdAtMs: record.createdAtMs,
      ...(record.acceptedAtMs !== undefined ? { acceptedAtMs: record.acceptedAtMs } : {}),
      ...(room?.lastCaptionAtMs !== undefined ? { lastCaptionAtMs: room.lastCaptionAtMs } : {}),
      scribeSeconds: record.scribeSeconds,
      scribeConnected: record.state === 'connected' && request.leavingSinceMs === undefined,
      chat,
    };
  }
}
