/**
 * A live room's limits (shared/session-limits.ts), as timers: the restricted session that ends
 * the conversation at its tier's limit, and auto stop for a free user's solo conversation. The room
 * owns one of each and tells them what changed; they call back when something is due.
 */
import {
  AUTO_STOP_AFTER_MS,
  type AutoStopSituation,
  autoStopApplies,
  type RestrictedSession,
  SESSION_END_GRACE_MS,
  type SessionTier,
  prolongedEndsAt,
  sessionEndsAt,
} from '../../shared/session-limits';
import type { Timers } from './throttle';

/** Where a session's end is kept, so a restarted server ends it at the same moment. */
export interface SessionStore {
  save(session: { tier: SessionTier; endsAtMs: number }): Promise<void>;
}

export class RoomSessionLimit {
  private session: RestrictedSession | undefined;
  private timer: unknown;
  private disposed = false;

  constructor(
    private readonly timers: Timers,
    private readonly store: SessionStore,
    private readonly expired: () => void,
    stored?: { tier: SessionTier; endsAtMs: number },
  ) {
    if (stored) {
      this.session = { ...stored, prolongable: false };
      this.schedule();
    }
  }

  get current(): RestrictedSession | undefined {
    return this.session;
  }

  /**
   * The host is here: the session is theirs to restrict. The first time, it ends at its tier's
   * limit after the conversation started (stored before it counts); later, only whether the host
   * may prolong changes (their entitlement, as of their latest connection).
   */
  async restrict(tier: SessionTier, startTimestampMs: number, prolongable: boolean): Promise<void> {
    if (this.session) {
      this.session = { ...this.session, prolongable };
      return;
    }
    const next = { tier, endsAtMs: sessionEndsAt(startTimestampMs, tier) };
    await this.store.save(next);
    this.session = { ...next, prolongable };
    this.schedule();
  }

  /** Another period for a host entitled to it; false when there is no session or no right. */
  async prolong(): Promise<boolean> {
    const session = this.session;
    if (!session?.prolongable) return false;
    const endsAtMs = prolongedEndsAt(session, this.timers.now());
    await this.store.save({ tier: session.tier, endsAtMs });
    this.session = { ...session, endsAtMs };
    this.schedule();
    return true;
  }

  dispose(): void {
    this.disposed = true;
    this.timers.clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.disposed || !this.session) return;
    this.timers.clearTimeout(this.timer);
    const wait = Math.max(0, this.session.endsAtMs + SESSION_END_GRACE_MS - this.timers.now());
    this.timer = this.timers.setTimeout(() => {
      if (!this.disposed) this.expired();
    }, wait);
  }
}

/** One recording stream as auto stop sees it. */
export interface AutoStopStream<K> {
  key: K;
  /** The speaker is a free or Lite user (or a guest). */
  freeOrLite: boolean;
}

/** The room around the streams, as auto stop sees it (shared/session-limits.ts autoStopApplies). */
export type AutoStopRoomSituation = Omit<AutoStopSituation, 'freeOrLite' | 'audioStreams'>;

/**
 * Auto stop: a free user's stream, while it is the room's only one and its speaker the room's
 * only participant, stops after `afterMs` (the spec's AUTO_STOP_AFTER_MS; shorter only in
 * tests). A second stream or a second person (a reader too) clears the count; when the room is
 * back to one stream and one person, that stream's count starts afresh. Rooms with a Scribe or
 * in a phone call are exempt.
 */
export class AutoStop<K> {
  private watched: K | undefined;
  private timer: unknown;

  constructor(
    private readonly timers: Timers,
    private readonly due: (key: K) => void,
    private readonly afterMs: number = AUTO_STOP_AFTER_MS,
  ) {}

  /** The room changed (a stream started or stopped, someone came or left, a Scribe, a call). */
  update(streams: AutoStopStream<K>[], room: AutoStopRoomSituation): void {
    const only = streams.length === 1 ? streams[0]! : undefined;
    const lone =
      only && autoStopApplies({ ...room, freeOrLite: only.freeOrLite, audioStreams: 1 })
        ? only.key
        : undefined;
    if (lone !== undefined && lone === this.watched) return;
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.watched = lone;
    if (lone === undefined) return;
    this.timer = this.timers.setTimeout(() => {
      if (this.watched !== lone) return;
      this.watched = undefined;
      this.due(lone);
    }, this.afterMs);
  }

  dispose(): void {
    this.timers.clearTimeout(this.timer);
    this.watched = undefined;
  }
}
