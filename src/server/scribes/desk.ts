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
 *
 * This file is the request's life (ask, cancel, mode, accept, end, join and leave) and the one
 * lock every change takes; beside it: request-book.ts (where an open request is found, memory or
 * database), served-time.ts (the per-second count), chat.ts, dashboard.ts and views.ts.
 */
import { randomId } from '../../shared/ids';
import type { ScribeChatMessage, ScribeDashboardResponse, ScribeRequestView } from '../../shared/scribe/api';
import {
  type CorrectionMode,
  type ScribeRefusal,
  type ScribeRequestEvent,
  type ScribeStanding,
  SCRIBE_TICK_MS,
  acceptRefusal,
  isFinalRequestState,
  nextRequestState,
} from '../../shared/scribe/model';
import type { RoomRepository, LiveRoom, RoomMember, RoomRegistry } from '../rooms';
import type { ScribeRequestRecord, ScribeRequestRepository } from './repository';
import type { ChargeScribeSecond } from './credit';
import { type OpenRequest, chatRequestOf, servingCount } from './open-requests';
import { ScribeError } from './scribe-error';
import { OpenRequestBook } from './request-book';
import { ServedTime } from './served-time';
import { ScribeChat, inRoomChatRole } from './chat';
import { scribeDashboard } from './dashboard';
import { requestViewOf, roomScribeOf } from './views';

export { ScribeError } from './scribe-error';

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

export class ScribeDesk {
  private readonly book: OpenRequestBook;
  private readonly time: ServedTime;
  private readonly chats: ScribeChat;
  private chain: Promise<unknown> = Promise.resolve();
  private ticker: unknown;

  constructor(private readonly deps: ScribeDeskDeps) {
    this.book = new OpenRequestBook(deps);
    this.chats = new ScribeChat(deps);
    this.time = new ServedTime(deps, {
      book: this.book,
      apply: (request, event) => this.apply(request, event),
      show: (roomId, closed) => this.show(roomId, closed),
    });
  }

  /**
   * Resumes the requests a previous run left open, and starts counting time. In a cluster,
   * none: another node may serve them; a room's request is taken up with the room (`located`).
   */
  async start(): Promise<void> {
    // A Scribe connected before the restart is leaving until they come back.
    if (!this.deps.leaseOf) await this.book.resumeStored();
    const every = this.deps.setInterval ?? ((fn, ms) => setInterval(fn, ms).unref());
    this.ticker = every(() => void this.exclusive(() => this.time.tick()), SCRIBE_TICK_MS);
  }

  async stop(): Promise<void> {
    (this.deps.clearInterval ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>)))(this.ticker);
    await this.exclusive(async () => {
      for (const request of this.book.kept()) await this.time.saveSeconds(request);
    });
  }

  /** One change at a time: two Scribes accepting the same request cannot both win. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /**
   * Cluster mode, for the forwarded routes (cluster/forwarding.ts): the room of an open request,
   * and of the request a Scribe's beginChat is about; its owner runs the change.
   */
  roomOfRequest(requestId: string): Promise<string | undefined> {
    return this.book.roomOfRequest(requestId);
  }

  async roomOfChat(scribeAvaId: string, requesterAvaId: string): Promise<string | undefined> {
    return chatRequestOf(await this.book.allOpen(), scribeAvaId, requesterAvaId)?.roomId;
  }

  /**
   * Why `requesterAvaId` may not ask for a Scribe now (no organisation licence, no Scribe time,
   * the organisation's monthly limit reached); undefined: they may. The request's own rules,
   * which the Scribe button also reads before it is pressed (shared/scribe/time.ts).
   */
  async requestRefusal(requesterAvaId: string): Promise<ScribeRefusal | undefined> {
    const refusal = await this.deps.refuseRequest?.(requesterAvaId);
    if (refusal) return refusal;
    if (this.deps.withinScribeLimit && !(await this.deps.withinScribeLimit(requesterAvaId))) {
      return 'scribe-limit-reached';
    }
    return undefined;
  }

  /** The host asks for a Scribe. */
  request(room: LiveRoom, requester: RoomMember, correctionMode: CorrectionMode): Promise<void> {
    return this.exclusive(async () => {
      if (room.state !== 'ongoing') throw new ScribeError('room-ended');
      if (await this.book.located(room.id)) throw new ScribeError('already-requested');
      const refusal = await this.requestRefusal(requester.avaId);
      if (refusal) throw new ScribeError(refusal);
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
      this.book.keepNew(record);
      this.show(record.roomId);
      this.deps.log('info', 'a Scribe was requested', { roomId: room.id, requestId: record.id });
    });
  }

  /** The host withdraws the waiting request, or sends the serving Scribe away. */
  cancel(room: LiveRoom): Promise<void> {
    return this.exclusive(async () => {
      const request = await this.book.located(room.id);
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
      const request = await this.book.located(room.id);
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
      const request = await this.book.locatedById(requestId);
      if (!request) throw new ScribeError('not-pending');
      const room = await this.deps.rooms.find(request.record.roomId);
      if (!room || room.state !== 'ongoing') {
        await this.apply(request, 'room-ended');
        throw new ScribeError('room-ended');
      }
      const serving = servingCount(await this.book.allOpen(), scribe.avaId);
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
      const request = await this.book.locatedById(requestId);
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
      const request = await this.book.locatedById(requestId);
      if (!request) throw new ScribeError('not-found');
      await this.chats.send(request.record, from, text);
    });
  }

  /** In-room chat: from the host who asked, or the room's Scribe. */
  async chatInRoom(room: LiveRoom, member: RoomMember, text: string): Promise<void> {
    const request = this.deps.leaseOf
      ? await this.exclusive(() => this.book.located(room.id))
      : this.book.ofRoom(room.id);
    if (!request) throw new ScribeError('not-found');
    const role = inRoomChatRole(member, request.record, room.hostAvaId);
    if (!role) throw new ScribeError('not-serving');
    await this.chat({ avaId: member.avaId, role }, request.record.id, text);
  }

  /** beginChat: a Scribe writes to the requester `avaId` of a request they see or serve. */
  async beginChat(scribeAvaId: string, requesterAvaId: string, text: string): Promise<ScribeChatMessage[]> {
    const record = chatRequestOf(await this.book.allOpen(), scribeAvaId, requesterAvaId);
    if (!record) throw new ScribeError('not-found');
    await this.chat({ avaId: scribeAvaId, role: 'scribe' }, record.id, text);
    return this.chats.of(record.id);
  }

  /**
   * Before a member's room-status: a room loaded again (after eviction or a restart) learns its
   * request from here. Then a connection of the serving Scribe makes the status ongoing, and the
   * person who asked and the Scribe get the chat so far. In a cluster, this is where the node
   * that owns the room (it just took it over, perhaps) takes its request up.
   */
  async joining(room: LiveRoom): Promise<void> {
    const request = this.deps.leaseOf
      ? await this.exclusive(() => this.book.located(room.id))
      : this.book.ofRoom(room.id);
    room.setScribe(request ? roomScribeOf(request, room) : undefined, { silent: true });
  }

  joined(room: LiveRoom, member: RoomMember): void {
    void this.exclusive(async () => {
      const request = this.book.ofRoom(room.id);
      if (!request || this.book.stale(request)) return;
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
      await this.chats.history(record, member);
    });
  }

  /** A connection left: the Scribe's last one makes the status leaving (SCRIBE_LEAVING_GRACE_MS to return). */
  left(room: LiveRoom, member: RoomMember): void {
    void this.exclusive(async () => {
      const request = this.book.ofRoom(room.id);
      if (
        !request ||
        this.book.stale(request) ||
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

  /**
   * What `avaId` is to this room's desk: its serving Scribe, someone its host sent away, or
   * neither. The handshake decides the role from this, never from the role a client claims.
   */
  standingOf(roomId: string, avaId: string): Promise<ScribeStanding> {
    return this.deps.requests.standingOf(roomId, avaId);
  }

  /**
   * The Scribe dashboard of `scribeAvaId`. In a cluster, every stored open request: the ones
   * whose room another node owns as stored (their time as last stored, at most 10 s behind; their
   * Scribe connected unless the request says otherwise; no last caption time, which is the
   * owner's).
   */
  dashboard(scribeAvaId: string): Promise<ScribeDashboardResponse> {
    return this.exclusive(async () =>
      scribeDashboard(await this.book.onDashboard(), scribeAvaId, {
        rooms: this.deps.rooms,
        chatOf: (requestId) => this.chats.of(requestId),
        roomEnded: (request) => this.apply(request, 'room-ended'),
        view: (request, chat, roomTitle) => this.view(request, chat, roomTitle),
        now: () => this.deps.now(),
      }),
    );
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
    if (isFinalRequestState(state)) this.book.drop(request.record.id);
    this.show(request.record.roomId, isFinalRequestState(state) ? request : undefined);
    return state;
  }

  /** Tells the room (if in memory) its Scribe status; `closed`: the request just ended. */
  private show(roomId: string, closed?: OpenRequest): void {
    const room = this.deps.registry.liveRoom(roomId);
    if (!room) return;
    const request = this.book.ofRoom(roomId) ?? closed;
    room.setScribe(request ? roomScribeOf(request, room) : undefined);
    // Once told it ended, the room carries no request: the next one starts afresh.
    if (closed && !this.book.ofRoom(roomId)) room.setScribe(undefined, { silent: true });
  }

  private view(request: OpenRequest, chat: ScribeChatMessage[], roomTitle = ''): ScribeRequestView {
    const room = this.deps.registry.liveRoom(request.record.roomId);
    return requestViewOf(request, chat, roomTitle, room?.lastCaptionAtMs);
  }
}
