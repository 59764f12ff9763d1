/**
 * Accurate Scribe mode (conversation.md: "Accurate Scribe mode adds a delay of 5 to 10
 * seconds"): the captions one viewer receives are held back so the Scribe can fix a line before
 * it is read. One of these sits in front of each member's connection that is not the Scribe's.
 *
 * - Captions (`transcript` messages) go through a queue, in the order the room sent them, so
 *   `seq` still rises for the viewer. A line is released when accurateReleaseAt says (5 s after
 *   its final, at most 10 s after its first words); what is released is the line as it is then,
 *   Scribe corrections included: a newer version of a line still waiting replaces the older in
 *   its place, so viewers never see the uncorrected text of a line fixed in time.
 * - A line already released, and typed lines (a person wrote them: nothing to correct), are
 *   queued to go at once, behind what waits (order is kept).
 * - The editor's acknowledgements and cursors wait only behind what is held before them.
 * - Everything else (status, pongs, errors, chat) is never held.
 * - Catch-up lists (the snapshot on joining, `transcripts-since-response` after a reconnection)
 *   are not a way around the hold: a recognised line in them that is not yet due
 *   (by its own start and final times) is taken out of the list and waits in the queue like any
 *   caption, so a viewer who reloads does not read the uncorrected text the others wait for.
 * - When accurate mode stops (fast mode, the Scribe gone, the request over), everything waiting
 *   is released at once, in order.
 * Fast mode: nothing is held; the viewer sees recognition at once and corrections as they come.
 */
import type { Transcript } from '../../shared/entities';
import type { ServerMessage } from '../../shared/protocol';
import { accurateReleaseAt } from '../../shared/scribe/model';
import type { Timers } from '../rooms';

type SendOptions = { droppable?: boolean };

interface Held {
  key: string;
  message: ServerMessage;
  options: SendOptions | undefined;
  releaseAt: number;
}

/**
 * Messages about lines (the editor's acknowledgements and cursors) wait behind the lines held
 * before them, so an editor never hears of a change to a line before the line itself; they are
 * never held longer than that.
 */
const IN_LINE_ORDER: ReadonlySet<string> = new Set(['transcript-edit-ack', 'transcript-cursors']);

/**
 * Lists that may hold lines still in their hold. (Older pages, `transcripts-before-response`,
 * come before the snapshot's lines: long due.)
 */
type LineList = Extract<ServerMessage, { type: 'transcripts' | 'transcripts-since-response' }>;
const LINE_LISTS: ReadonlySet<string> = new Set(['transcripts', 'transcripts-since-response']);
const isLineList = (message: ServerMessage): message is LineList => LINE_LISTS.has(message.type);

export class ViewerDelay {
  private readonly queue: Held[] = [];
  private readonly firstSeen = new Map<string, number>();
  private readonly released = new Set<string>();
  private timer: unknown;
  private timerAt = Number.POSITIVE_INFINITY;

  constructor(
    /** Whether this viewer's captions are held now (accurate mode with a Scribe serving). */
    private readonly active: () => boolean,
    private readonly deliver: (message: ServerMessage, options?: SendOptions) => void,
    private readonly timers: Timers,
  ) {}

  /** How many messages wait (for tests and logs). */
  get waiting(): number {
    return this.queue.length;
  }

  send(message: ServerMessage, options?: SendOptions): void {
    if (!this.active()) {
      this.flush();
      this.deliver(message, options);
      return;
    }
    const now = this.timers.now();
    if (isLineList(message)) {
      this.sendList(message, options, now);
      return;
    }
    if (message.type !== 'transcript') {
      if (IN_LINE_ORDER.has(message.type) && this.queue.length > 0)
        this.queue.push({ key: '', message, options, releaseAt: now });
      else this.deliver(message, options);
      return;
    }
    const t = message.transcript;
    const key = t.id;
    const waiting = this.queue.find((h) => h.key === key && h.message.type === 'transcript');
    if (waiting) {
      // Its first final fixes when it goes (5 s on, within the cap); a correction that comes
      // after only replaces the text, it never holds the line longer.
      if (t.isFinal && !(waiting.message.type === 'transcript' && waiting.message.transcript.isFinal))
        waiting.releaseAt = accurateReleaseAt(this.firstSeen.get(key) ?? now, now);
      waiting.message = message;
      waiting.options = options;
    } else {
      const typed = t.asr === undefined;
      let releaseAt = now;
      if (!typed && !this.released.has(key)) {
        this.firstSeen.set(key, now);
        releaseAt = accurateReleaseAt(now, t.isFinal ? now : undefined);
      }
      this.queue.push({ key, message, options, releaseAt });
    }
    this.release();
  }

  /**
   * A catch-up list goes at once without the lines not yet due: those (recognised, never
   * released to this viewer) wait in the queue as captions, due by when the line started and
   * became final on the server's clock. A line already waiting is left to its queued version.
   */
  private sendList(message: LineList, options: SendOptions | undefined, now: number): void {
    const shown: Transcript[] = [];
    for (const t of message.transcripts) {
      if (this.queue.some((h) => h.key === t.id)) continue;
      const recognised = t.asr !== undefined && !t.gap;
      const releaseAt =
        recognised && !this.released.has(t.id)
          ? accurateReleaseAt(t.timestampMs, t.isFinal ? t.asr!.timeReceivedMs : undefined)
          : now;
      if (releaseAt <= now) {
        shown.push(t);
        continue;
      }
      this.firstSeen.set(t.id, t.timestampMs);
      this.queue.push({
        key: t.id,
        message: { type: 'transcript', transcript: t, seq: message.seq },
        options,
        releaseAt,
      });
    }
    this.deliver({ ...message, transcripts: shown }, options);
    this.release();
  }

  /** Releases everything waiting, in order (accurate mode ended), and stops the timer. */
  flush(): void {
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    while (this.queue.length > 0) this.out(this.queue.shift()!);
  }

  /** Stops holding anything (the connection closed). */
  close(): void {
    this.timers.clearTimeout(this.timer);
    this.queue.length = 0;
  }

  private out(held: Held): void {
    if (held.key) {
      this.released.add(held.key);
      this.firstSeen.delete(held.key);
    }
    this.deliver(held.message, held.options);
  }

  /** Sends what is due from the head of the queue, and waits for the next one. */
  private release(): void {
    if (!this.active()) {
      this.flush();
      return;
    }
    const now = this.timers.now();
    while (this.queue.length > 0 && this.queue[0]!.releaseAt <= now) this.out(this.queue.shift()!);
    const head = this.queue[0];
    if (!head) return;
    if (this.timer !== undefined && this.timerAt <= head.releaseAt) return;
    this.timers.clearTimeout(this.timer);
    this.timerAt = head.releaseAt;
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.release();
      },
      Math.max(0, head.releaseAt - now),
    );
  }
}
