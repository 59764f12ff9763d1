/**
 * A room's caption indexes, from a counter kept in the database (rooms.next_index).
 *
 * Why: an index is given to an utterance when its first words appear, long before (or without)
 * its final being stored. Counting from the highest stored index, as before, gave the index of a
 * line people had already seen to a new line after a reload. Asking the database for every index
 * would put a round trip, and a database outage, in front of every first partial. So indexes are
 * reserved in blocks ahead of use (like a PostgreSQL sequence's cache) and handed out from
 * memory; a reload starts after everything reserved, so a reserved index is never reused (gaps
 * are fine: indexes only order captions).
 *
 * When the database cannot be reached and the block runs out, indexes beyond the reservation are
 * still handed out (captions must not wait for the database) and the reservation catches up when
 * it can; storing a final also moves the counter past its index, in the same transaction. Only a
 * crash during such an outage, before either write, could reuse an index that was shown as a
 * partial and never stored.
 */
import { retryDelayMs, type PersistLog } from './persist-queue';
import type { Timers } from './throttle';

export const INDEX_BLOCK = 64;
const RESERVE_RETRY_INITIAL_MS = 500;
const RESERVE_RETRY_MAX_MS = 10_000;

export class IndexReservation {
  private next: number;
  /** Indexes below this are durably reserved. */
  private reservedEnd: number;
  private inFlight = false;
  private failures = 0;
  private retryTimer: unknown;
  private closed = false;

  /**
   * @param first the room's stored counter: every index below it may have been used.
   * @param reserve makes the stored counter at least `upTo`; resolves with its new value.
   */
  constructor(
    first: number,
    private readonly reserve: (upTo: number) => Promise<number>,
    private readonly timers: Timers,
    private readonly log: PersistLog,
    private readonly block = INDEX_BLOCK,
  ) {
    this.next = first;
    this.reservedEnd = first;
  }

  /** The next index to hand out. */
  get peek(): number {
    return this.next;
  }

  /** Indexes handed out beyond the reservation (non-zero only while the database is unreachable). */
  get unreserved(): number {
    return Math.max(0, this.next - this.reservedEnd);
  }

  /** Reserves ahead of need (someone is about to speak). */
  prepare(): void {
    this.topUp();
  }

  allocate(): number {
    const index = this.next++;
    this.topUp();
    return index;
  }

  /** Stops retrying (the room is closing). */
  close(): void {
    this.closed = true;
    if (this.retryTimer !== undefined) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private topUp(): void {
    if (this.closed || this.inFlight || this.retryTimer !== undefined) return;
    if (this.reservedEnd - this.next >= this.block / 2) return;
    const upTo = Math.max(this.reservedEnd, this.next) + this.block;
    this.inFlight = true;
    this.reserve(upTo).then(
      (value) => {
        this.inFlight = false;
        this.failures = 0;
        this.reservedEnd = Math.max(this.reservedEnd, value);
        this.topUp();
      },
      (error: Error) => {
        this.inFlight = false;
        this.failures += 1;
        if (this.failures === 1) {
          this.log('warn', 'could not reserve caption indexes; going on from memory and trying again', {
            error: error.message,
          });
        }
        if (this.closed) return;
        this.retryTimer = this.timers.setTimeout(
          () => {
            this.retryTimer = undefined;
            this.topUp();
          },
          retryDelayMs(this.failures, RESERVE_RETRY_INITIAL_MS, RESERVE_RETRY_MAX_MS),
        );
      },
    );
  }
}
