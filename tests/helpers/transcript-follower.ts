/**
 * A room member's view of the transcript, kept the way the web client keeps it: finals by id
 * from the join snapshot, live `transcript` messages, and the answers to `transcripts-since`
 * (asked whenever the room's seq shows a gap or after a reconnection) and `transcripts-before`
 * (older pages). It follows one CaptionClient after another, so a test can reconnect a member
 * as often as it likes and then ask what that member ends up seeing.
 */
import type { Transcript } from '../../src/shared/entities';
import {
  initialSeqState,
  nextSeqState,
  type SeqEvent,
  type SeqState,
} from '../../src/shared/transcript-sequence';
import type { CaptionClient, Received } from '../../scripts/lib/socket-client';

const words = (t: Transcript) => t.texts[t.speechLang] ?? '';

export class TranscriptFollower {
  readonly finals = new Map<string, Transcript>();
  seqState: SeqState = initialSeqState;
  hasOlder = false;
  /** transcripts-since requests sent. */
  asks = 0;
  /** Every stored final as it arrived live, with its seq: the raw broadcast, duplicates included. */
  readonly live: { id: string; seq: number; text: string; atMs: number }[] = [];
  private client: CaptionClient | undefined;
  private off: (() => void) | undefined;
  private olderPending = false;

  /** Follows `client` from its first message on (call right after connecting). */
  follow(client: CaptionClient): void {
    this.off?.();
    this.client = client;
    for (const r of client.received) this.apply(r);
    this.off = client.onMessage((r) => this.apply(r));
  }

  get seq(): number | undefined {
    return this.seqState.seq;
  }

  /** The member's finals in caption order. */
  ordered(): Transcript[] {
    return [...this.finals.values()].sort((a, b) => a.index - b.index || a.timestampMs - b.timestampMs);
  }

  text(): string {
    return this.ordered().map(words).join(' ');
  }

  /** Waits until this member has every change up to `seq`, with no request outstanding. */
  async caughtUp(seq: number, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(
      this.seqState.seq !== undefined &&
      this.seqState.seq >= seq &&
      this.seqState.asked === undefined
    )) {
      if (Date.now() > deadline)
        throw new Error(`not caught up to seq ${seq}: at ${JSON.stringify(this.seqState)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Fetches older pages (as scrolling to the top does) until there are none. */
  async loadAllOlder(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.hasOlder) {
      if (!this.olderPending) {
        const oldest = this.ordered()[0];
        this.olderPending = true;
        this.client!.send({ type: 'transcripts-before', beforeIndex: oldest ? oldest.index : 2 ** 31 - 1 });
      }
      if (Date.now() > deadline) throw new Error('older pages did not come');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private step(event: SeqEvent): void {
    const { state, ask } = nextSeqState(this.seqState, event);
    this.seqState = state;
    if (ask !== undefined && this.client && this.client.ws.readyState === this.client.ws.OPEN) {
      this.asks += 1;
      this.client.send({ type: 'transcripts-since', afterSeq: ask });
    }
  }

  private apply({ message: m, atMs }: Received): void {
    switch (m.type) {
      case 'transcripts': {
        const first = this.seqState.seq === undefined;
        for (const [id, t] of this.finals) if (!t.isFinal) this.finals.delete(id);
        for (const t of m.transcripts) this.finals.set(t.id, t);
        if (first) this.hasOlder = m.hasOlder;
        this.olderPending = false;
        this.step({ kind: 'snapshot', seq: m.seq });
        return;
      }
      case 'transcript': {
        const t = m.transcript;
        if (t.isFinal && words(t)) {
          this.live.push({ id: t.id, seq: m.seq, text: words(t), atMs });
          this.finals.set(t.id, t);
          this.step({ kind: 'final', seq: m.seq });
        } else {
          if (t.isFinal) this.finals.delete(t.id);
          else if (!this.finals.get(t.id)?.isFinal) this.finals.set(t.id, t);
          this.step({ kind: 'unstored', seq: m.seq });
        }
        return;
      }
      case 'transcripts-since-response':
        for (const t of m.transcripts) this.finals.set(t.id, t);
        this.step({ kind: 'since', afterSeq: m.afterSeq, seq: m.seq, complete: m.complete });
        return;
      case 'transcripts-before-response':
        for (const t of m.transcripts) this.finals.set(t.id, t);
        this.hasOlder = m.hasOlder;
        this.olderPending = false;
        return;
      default:
        return;
    }
  }

  /** Only the finals (partials of lines never finished are not part of the transcript). */
  finalsOnly(): Transcript[] {
    return this.ordered().filter((t) => t.isFinal && words(t));
  }
}
