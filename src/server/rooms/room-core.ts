/**
 * The core of a live room (room.ts composes it with the parts that hook into it): who is in the
 * room, its record, and its captions. The core is the single sequencer of the room's
 * transcripts: it numbers them, persists finals before showing them, and broadcasts every change
 * to everyone in it. It also ends and closes the room, asking the parts (RoomHooks) for what only
 * they know: the status each viewer sees, their streams, their timers.
 */
import type { ConversationStatus, RoomStateValue, Transcript } from '../../shared/entities';
import type { RoomStatusReason, ServerMessage, ServerMessageOf } from '../../shared/protocol';
import { TRANSCRIPT_PAGE_MAX, TRANSCRIPT_SNAPSHOT_SIZE } from '../../shared/constants';
import type { SESSION_ENDED_REASON } from '../../shared/session-limits';
import type { LineChange } from '../../shared/transcript-edit/line-change';
import type { RoomRecord } from './repository';
import type { RoomTranscripts, StoredFinal } from '../transcripts';
import { CaptionOrder, StoreOrder, groupStart, pageBefore } from './transcript-pages';
import { IndexReservation } from './index-reservation';
import { type PersistLog, PersistQueue, retryDelayMs } from './persist-queue';
import { type Timers, realTimers } from './throttle';
import { mergeTranslations } from './translator';
import { LineEdits } from './line-edits';
import { RoomError, type RoomMember, type RoomServices, type TranscriptStore } from './room-contract';
import { shareMessage } from './fan-out';

/**
 * A room closing (server shutdown, eviction) waits this long for finals the database has not
 * taken yet; past it they are logged as lost, so a dead database cannot hold a shutdown forever.
 */
const CLOSE_FLUSH_MS = 10_000;
/**
 * People coming and going are told to everyone at once, then at most once per this interval
 * (the latest status): a lecture's hundreds of readers joining within a minute would otherwise
 * send everyone a status with the whole participant list for every single arrival.
 */
export const MEMBERSHIP_BROADCAST_MS = 250;

/** A final on its way to the database; `seq` is fixed at the first attempt and kept on retries. */
export interface PendingFinal {
  transcript: Transcript;
  seq?: number;
  /** A final again, now with its translations: stored and shown, not translated again. */
  translated?: boolean;
  /** The change of its text this carries (the recogniser's final, a person's correction). */
  change?: LineChange;
  /** Once stored and shown: a correction's sender is told it was applied. */
  shown?: () => void;
}

/** What the core asks of the parts hooked into it (room.ts wires them). */
export interface RoomHooks {
  /** The room's status as `viewer` sees it (room-status.ts, from every part). */
  status(reason: RoomStatusReason, viewer: RoomMember): ConversationStatus;
  /**
   * Whether `viewer`'s status holds something of their own beyond being the host or a reader
   * (the speaker they are: Speaker.myself, possiblyMyself); such a viewer gets a status of their own.
   */
  personalStatus?(viewer: RoomMember): boolean;
  /** What readers are shown of a final just stored: its translations still on their way kept. */
  withPendingTranslations(final: Transcript): Transcript;
  /** A final was stored and shown as it is: its translations may start. */
  translateFinal(final: Transcript): void;
  /** The room is ending: the parts' timers stop (the time limit, auto stop). */
  ending(): void;
  /** The room is closing: every part's timers and waiting requests stop. */
  closing(): void;
  /** Stops every stream; resolves once each has closed (its last final queued). */
  stopStreams(): Promise<unknown>;
  /** Resolves once the streams stopped so far have stored and announced their last finals. */
  streamsStopped(): Promise<unknown>;
}

export class RoomCore {
  private readonly present = new Set<RoomMember>();
  private current: RoomRecord;
  /** Stored finals, in caption order and by id (what joiners and pages are served from). */
  private readonly finals: CaptionOrder;
  /** The same finals in the order they were last stored (what `transcripts-since` reads). */
  private readonly storeOrder: StoreOrder;
  /** The room's last stored change: every final shown carries its own, one more than the last. */
  private lastSeq: number;
  /** Finals are stored one at a time, in order, and only then shown. */
  private readonly queue: PersistQueue<PendingFinal>;
  private readonly indexes: IndexReservation;
  /** Finals queued and not yet stored, by id: the latest version of a line being saved. */
  private readonly unstored = new Map<string, Transcript>();
  /** The sequencer of every line's text: the recogniser's and people's changes (line-edits.ts). */
  readonly edits: LineEdits;
  /** Set the moment the host ends the room: no new audio from then on. */
  private ending: Promise<void> | undefined;
  private closed = false;
  private readonly endListeners: (() => void)[] = [];
  private lastMembershipBroadcast = Number.NEGATIVE_INFINITY;
  private membershipTimer: unknown;
  /** A membership change waiting for its interval: what to say, and who already knows. */
  private membershipPending: { reason: RoomStatusReason; except?: RoomMember } | undefined;
  readonly timers: Timers;
  /** When a caption of this room last appeared or changed (server clock): the Scribe dashboard's. */
  lastCaptionAtMs: number | undefined;
  /** The room's log: every line says which room. */
  readonly log: PersistLog = (level, message, extra) =>
    this.services.log(level, message, { roomId: this.id, ...extra });

  constructor(
    record: RoomRecord,
    stored: RoomTranscripts,
    private readonly services: RoomServices,
    store: TranscriptStore,
    private readonly hooks: RoomHooks,
  ) {
    this.current = record;
    this.timers = services.timers ?? realTimers;
    this.edits = new LineEdits(services.lineCap ? { cap: services.lineCap } : {});
    this.finals = new CaptionOrder(stored.finals);
    this.storeOrder = new StoreOrder(stored.finals);
    this.lastSeq = stored.seq;
    this.indexes = new IndexReservation(
      stored.nextIndex,
      (upTo) => store.reserveIndexes(this.id, upTo),
      this.timers,
      this.log,
    );
    this.queue = new PersistQueue<PendingFinal>({
      // One at a time, so the seq given here is the one after the last stored: it moves on
      // (in storedFinal) in the same turn as the final is broadcast and joins the snapshot.
      store: async (item) => {
        // Translations of one final made apart (a reader's backfill, a final's own) add up: each
        // joins the version stored last, which the queue has stored by now (one at a time).
        if (item.translated && item.seq === undefined) {
          const current = this.finals.get(item.transcript.id)?.transcript;
          if (current) item.transcript = mergeTranslations(current, item.transcript);
        }
        item.seq ??= this.lastSeq + 1;
        await store.saveFinal(this.id, item.transcript, item.seq);
      },
      stored: (item) => this.storedFinal(item),
      timers: this.timers,
      log: this.log,
      describe: (item) => ({ id: item.transcript.id, index: item.transcript.index }),
      ...(services.persistRetrying ? { retrying: () => services.persistRetrying?.() } : {}),
    });
  }

  get id(): string {
    return this.current.id;
  }

  get record(): RoomRecord {
    return this.current;
  }

  get state(): RoomStateValue {
    return this.current.state;
  }

  /** The record as it is now in memory; storing it is the caller's, in the order it needs. */
  changeRecord(changes: Partial<RoomRecord>): void {
    this.current = { ...this.current, ...changes };
  }

  get members(): ReadonlySet<RoomMember> {
    return this.present;
  }

  addMember(member: RoomMember): void {
    this.present.add(member);
  }

  /** False when `member` was not in the room. */
  removeMember(member: RoomMember): boolean {
    return this.present.delete(member);
  }

  isHost(member: Pick<RoomMember, 'avaId'>): boolean {
    return member.avaId === this.current.hostAvaId;
  }

  hosts(): RoomMember[] {
    return [...this.present].filter((m) => this.isHost(m));
  }

  /** The room's last stored change (partials carry it; a final shown carries its own). */
  get seq(): number {
    return this.lastSeq;
  }

  allocateIndex(): number {
    return this.indexes.allocate();
  }

  /** Reserves indexes ahead of need (someone is about to speak). */
  prepareIndexes(): void {
    this.indexes.prepare();
  }

  /** Queues a final (or a changed one) for storage; it is shown once stored. */
  pushFinal(item: PendingFinal): boolean {
    const queued = this.queue.push(item);
    if (queued) this.unstored.set(item.transcript.id, item.transcript);
    return queued;
  }

  /** The latest version of a final: being stored, or stored. */
  storedLine(lineId: string): Transcript | undefined {
    return this.unstored.get(lineId) ?? this.finals.get(lineId)?.transcript;
  }

  /** Every final readers hold or are about to: stored, and queued for storage (any order). */
  *placedLines(): Iterable<Transcript> {
    for (const final of this.finals.all) yield final.transcript;
    yield* this.unstored.values();
  }

  /** Stored finals, in index order. */
  storedFinals(): readonly StoredFinal[] {
    return this.finals.all;
  }

  /** Every stored final of the room, in order (the transcript after the conversation). */
  transcripts(): Transcript[] {
    return this.finals.all.map((f) => f.transcript);
  }

  /** What a joiner gets: the latest finals, the room's seq, and whether older ones exist. */
  snapshot(): ServerMessageOf<'transcripts'> {
    const finals = this.finals.all;
    // Whole index groups (lines captioned late share one): transcript-pages.ts groupStart.
    const start = groupStart(finals, Math.max(0, finals.length - TRANSCRIPT_SNAPSHOT_SIZE), finals.length);
    return {
      type: 'transcripts',
      transcripts: finals.slice(start).map((f) => f.transcript),
      seq: this.lastSeq,
      hasOlder: start > 0,
    };
  }

  /** Finals stored after `afterSeq`, in storage order, a page at a time (transcript-pages.ts). */
  transcriptsSince(afterSeq: number): ServerMessageOf<'transcripts-since-response'> {
    const page = this.storeOrder.since(afterSeq);
    return {
      type: 'transcripts-since-response',
      afterSeq,
      transcripts: page.finals.map((f) => f.transcript),
      seq: page.complete ? this.lastSeq : page.finals[page.finals.length - 1]!.seq,
      complete: page.complete,
    };
  }

  /** Up to `limit` finals before index `beforeIndex`, in index order. */
  transcriptsBefore(
    beforeIndex: number,
    limit = TRANSCRIPT_PAGE_MAX,
  ): ServerMessageOf<'transcripts-before-response'> {
    const page = pageBefore(this.finals.all, beforeIndex, limit);
    return {
      type: 'transcripts-before-response',
      beforeIndex,
      transcripts: page.finals.map((f) => f.transcript),
      hasOlder: page.hasOlder,
    };
  }

  /** Waits until every final committed so far is stored (and shown). */
  settled(): Promise<void> {
    return this.queue.settled();
  }

  /** A final is in the database: now it joins the room's memory and everyone sees it. */
  private storedFinal(item: PendingFinal): void {
    const entry: StoredFinal = { transcript: item.transcript, seq: item.seq! };
    this.lastSeq = entry.seq;
    if (this.unstored.get(entry.transcript.id) === item.transcript) this.unstored.delete(entry.transcript.id);
    this.finals.put(entry);
    this.storeOrder.add(entry);
    // Readers keep the line's last translation (its indexes say it is of a partial) until the
    // final's own arrives; what is stored and given to joiners is the final as it is.
    const shown = item.translated ? entry.transcript : this.hooks.withPendingTranslations(entry.transcript);
    this.sendAll({
      type: 'transcript',
      transcript: shown,
      seq: entry.seq,
      ...(item.change ? { change: item.change } : {}),
    });
    item.shown?.();
    // Translated once stored and shown: the original never waits on the engine.
    if (!item.translated) this.hooks.translateFinal(entry.transcript);
  }

  /**
   * A join or leave: broadcast now if none was in the last MEMBERSHIP_BROADCAST_MS, else once
   * at the end of the interval with the status as it is then. `except` (the joiner, who has
   * just been sent the status) is skipped only if every change waiting names the same one.
   */
  announceMembership(reason: RoomStatusReason, except?: RoomMember): void {
    const now = this.timers.now();
    if (this.membershipTimer === undefined && now - this.lastMembershipBroadcast >= MEMBERSHIP_BROADCAST_MS) {
      this.lastMembershipBroadcast = now;
      this.broadcast(reason, except);
      return;
    }
    const pending = this.membershipPending;
    this.membershipPending = {
      reason,
      ...(pending === undefined || pending.except === except ? { except } : {}),
    };
    if (this.membershipTimer !== undefined) return;
    this.membershipTimer = this.timers.setTimeout(
      () => {
        this.membershipTimer = undefined;
        const waiting = this.membershipPending;
        this.membershipPending = undefined;
        this.lastMembershipBroadcast = this.timers.now();
        if (waiting && !this.closed) this.broadcast(waiting.reason, waiting.except);
      },
      this.lastMembershipBroadcast + MEMBERSHIP_BROADCAST_MS - now,
    );
  }

  broadcast(reason: RoomStatusReason, except?: RoomMember): void {
    // The status differs between viewers only by whether they host and whether they only
    // read, and for the few who speak by which speaker they are: one message per kind of
    // viewer, not one per member. A large room (a lecture's hundreds of readers) would
    // otherwise build and serialise its whole participant list once per member on every join,
    // quadratic in the room's size.
    const byViewer = new Map<string, ServerMessageOf<'room-status-update'>>();
    for (const m of this.present) {
      if (m === except) continue;
      const own = this.hooks.personalStatus?.(m) ? m.avaId : '';
      const kind = `${m.avaId === this.current.hostAvaId}:${m.readonly}:${own}`;
      let message = byViewer.get(kind);
      if (!message) {
        message = shareMessage({ type: 'room-status-update', reason, status: this.hooks.status(reason, m) });
        byViewer.set(kind, message);
      }
      m.send(message);
    }
  }

  /** `message` to every member, the same object to each: serialised once per kind of viewer (fan-out.ts). */
  sendAll(message: ServerMessage, droppable = false): void {
    if (message.type === 'transcript') this.lastCaptionAtMs = this.services.now();
    shareMessage(message);
    const options = { droppable };
    for (const m of this.present) m.send(message, options);
  }

  /** From the moment the host ends the room: no new audio, lines, speakers or edits. */
  get endingOrEnded(): boolean {
    return this.current.state === 'ended' || this.ending !== undefined;
  }

  refuseOnceEnding(): void {
    if (this.endingOrEnded) throw new RoomError('room-ended', 'the conversation has ended');
  }

  /** Finals waiting to be stored (the metrics' persist-queue depth). */
  get pendingFinals(): number {
    return this.queue.pending;
  }

  /** Work that must finish before the room may leave memory: finals to store, an end to record. */
  get busy(): boolean {
    return this.queue.pending > 0 || (this.ending !== undefined && this.state !== 'ended');
  }

  /**
   * Ends the conversation: the last words of every speaker become final, then everyone is told,
   * with `reason` (the time limit's own, or the plain 'ended').
   */
  end(reason: 'ended' | typeof SESSION_ENDED_REASON = 'ended'): Promise<void> {
    if (this.current.state === 'ended') return Promise.resolve();
    // From this moment no audio starts (startAudio refuses), even while the last finals are
    // still on their way to the database.
    this.ending ??= this.finishEnding(reason);
    return this.ending;
  }

  /**
   * Everyone's last words become final and are stored, then the ended state is stored (tried
   * again until the database takes it), and only then does anyone hear that the room ended: a
   * room people were told had ended is ended after any restart.
   */
  private async finishEnding(reason: 'ended' | typeof SESSION_ENDED_REASON): Promise<void> {
    this.hooks.ending();
    await this.hooks.stopStreams();
    await this.hooks.streamsStopped();
    await this.queue.settled();
    const endedAtMs = this.services.now();
    for (let failures = 0; ; failures++) {
      if (this.closed) return;
      try {
        await this.services.updateRoom(this.id, { state: 'ended', endedAtMs });
        break;
      } catch (error) {
        if (failures === 0) {
          this.log('warn', 'could not store that the room ended; trying again', {
            error: (error as Error).message,
          });
        }
        await new Promise<void>((resolve) =>
          this.timers.setTimeout(resolve, retryDelayMs(failures + 1, 250, 5000)),
        );
      }
    }
    this.current = { ...this.current, state: 'ended', endedAtMs };
    this.broadcast(reason);
    for (const listener of this.endListeners.splice(0)) listener();
  }

  /** Runs `listener` once the room has ended (a meeting bot then leaves its meeting). */
  onEnded(listener: () => void): void {
    if (this.current.state === 'ended') listener();
    else this.endListeners.push(listener);
  }

  /**
   * Stops everything when the room is evicted from memory or the server shuts down: the last
   * words become finals and are stored. A database that does not take them within
   * CLOSE_FLUSH_MS does not hold the shutdown: what is left is logged as lost, by id.
   */
  async close(): Promise<void> {
    this.hooks.closing();
    await this.hooks.stopStreams();
    // Including streams stopped just before (a member who left as the server shut down).
    // An end in progress is let finish too: it is stored once the last finals are.
    const flushed = this.hooks
      .streamsStopped()
      .then(() => this.queue.settled())
      .then(() => this.ending);
    let timer: unknown;
    const timedOut = await Promise.race([
      flushed.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = this.timers.setTimeout(() => resolve(true), CLOSE_FLUSH_MS);
      }),
    ]);
    this.timers.clearTimeout(timer);
    this.closed = true;
    if (this.membershipTimer !== undefined) this.timers.clearTimeout(this.membershipTimer);
    this.indexes.close();
    if (timedOut) {
      const lost = this.queue.stop();
      this.log('error', 'the room closed with finals the database never took; they are lost', {
        lost: lost.map((item) => item.transcript.id),
      });
    }
  }
}
