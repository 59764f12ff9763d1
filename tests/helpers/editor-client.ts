/**
 * A person correcting captions over a real socket, as the web client does it but in Node: a
 * CaptionClient whose messages drive the shared replica (shared/transcript-edit/replica.ts),
 * sending its mutations one at a time. Used by tests/integration/transcript-editing.test.ts.
 */
import type { ServerMessage } from '../../src/shared/protocol';
import {
  type ReplicaState,
  disconnected,
  editOther,
  editText,
  emptyReplica,
  hasPending,
  lineView,
  nextMutation,
  receiveServerMessage,
} from '../../src/shared/transcript-edit/replica';
import { codePoints } from '../../src/shared/transcript-edit/text-ops';
import type { CaptionClient } from '../../scripts/lib/socket-client';

export class EditorClient {
  readonly replica: ReplicaState = emptyReplica();
  readonly refusals: string[] = [];
  readonly sent: string[] = [];
  private nextId = 1;

  constructor(
    readonly client: CaptionClient,
    private readonly name: string,
  ) {
    for (const r of client.received) this.take(r.message);
    client.onMessage((r) => this.take(r.message));
  }

  private take(m: ServerMessage): void {
    if (m.type === 'error' && m.inReplyTo === 'transcript-edit') this.refusals.push(m.error.message);
    if (receiveServerMessage(this.replica, m)) this.pump();
  }

  /** Sends the next waiting mutation, if none is in flight. */
  pump(): void {
    const next = nextMutation(this.replica);
    if (!next) return;
    this.sent.push(next.mutation.id);
    this.client.send({
      type: 'transcript-edit',
      transcriptId: next.lineId,
      mutation: next.mutation,
      origin: 'human',
    });
  }

  private id(): string {
    return `${this.name}-${this.nextId++}`;
  }

  text(lineId: string): string | undefined {
    return lineView(this.replica, lineId)?.text;
  }

  insert(lineId: string, index: number, text: string, lang = 'en-US'): boolean {
    const done = editText(this.replica, lineId, this.id(), { type: 'insert', index, text, lang });
    this.pump();
    return done;
  }

  /** Replaces the `n`th word of the line as the editor commits one: delete it, insert the new one. */
  replaceWord(lineId: string, n: number, word: string, lang = 'en-US'): boolean {
    const view = lineView(this.replica, lineId);
    if (!view) return false;
    const points = codePoints(view.text);
    let count = -1;
    for (let i = 0; i < points.length; i++) {
      if (points[i] !== ' ' && (i === 0 || points[i - 1] === ' ')) count++;
      if (count === n) {
        let end = i;
        while (end < points.length && points[end] !== ' ') end++;
        editText(this.replica, lineId, this.id(), { type: 'delete', index: i, length: end - i, lang });
        editText(this.replica, lineId, this.id(), { type: 'insert', index: i, text: word, lang });
        this.pump();
        return true;
      }
    }
    return false;
  }

  cursor(lineId: string, index: number, mutatorHash: string): void {
    editOther(this.replica, lineId, this.id(), { type: 'cursor', mutatorHash, index });
    this.pump();
  }

  /** The connection dropped (a test restarts the server): what was in flight goes again later. */
  lost(): void {
    disconnected(this.replica);
  }

  /** Waits until every mutation made has been answered. */
  async settled(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (hasPending(this.replica) || this.replica.inflight) {
      if (Date.now() > deadline)
        throw new Error(`${this.name}: edits still waiting: ${JSON.stringify(this.replica.inflight)}`);
      this.pump();
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}
