/**
 * Batched socket actions (conversation.md section 7: "Batched socket actions flush every 250 ms").
 * The server messages that come many times a second and are only ever superseded — partial
 * captions, cursors moving, someone typing — are held and handed on together every
 * SOCKET_BATCH_FLUSH_MS, so the screen redraws for them about four times a second however many
 * people speak; every other message passes at once. Order is kept: a message that is not
 * batched first lets out everything held before it (a final never overtakes its own partial).
 * Pure: timers are given, so the tests drive them.
 */
import { SOCKET_BATCH_FLUSH_MS } from '../../../shared/constants';
import type { ServerMessage } from '../../../shared/protocol';
import type { ConnectionEvent } from './connection';

/** The server messages the client batches. */
export function isBatchedMessage(message: ServerMessage): boolean {
  switch (message.type) {
    case 'transcript':
      // Partials only: a final (or a removal, a final with no words) is stored and counted.
      return !message.transcript.isFinal;
    case 'transcript-cursors':
      return true;
    case 'room-status-update':
      return message.reason === 'someone-is-typing';
    default:
      return false;
  }
}

export interface BatchTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: BatchTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Holds batched connection events and emits them in one burst at most SOCKET_BATCH_FLUSH_MS
 * after the first of them arrived; emits anything else at once, after what it held.
 */
export class SocketBatcher {
  private held: ConnectionEvent[] = [];
  private timer: unknown;
  private disposed = false;

  constructor(
    private readonly emit: (event: ConnectionEvent) => void,
    private readonly timers: BatchTimers = globalTimers,
    readonly flushMs: number = SOCKET_BATCH_FLUSH_MS,
  ) {}

  /** How many events wait for the next flush. */
  get pending(): number {
    return this.held.length;
  }

  push(event: ConnectionEvent): void {
    if (this.disposed) return;
    if (event.kind === 'message' && isBatchedMessage(event.message)) {
      this.held.push(event);
      if (this.timer === undefined) this.timer = this.timers.setTimeout(() => this.flush(), this.flushMs);
      return;
    }
    this.flush();
    this.emit(event);
  }

  /** Emits everything held now, in the order it came. */
  flush(): void {
    if (this.timer !== undefined) {
      this.timers.clearTimeout(this.timer);
      this.timer = undefined;
    }
    const batch = this.held;
    this.held = [];
    for (const event of batch) this.emit(event);
  }

  /** The connection is gone: what is held (partials, cursors, typing) is dropped, no timer is left. */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.held = [];
  }
}
