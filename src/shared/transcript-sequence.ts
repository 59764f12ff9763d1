/**
 * How a client follows a room's sequence numbers (`seq`) to know it has every stored final, and
 * when to ask `transcripts-since` for what it missed. Pure: the web client keeps this state in
 * its store, the Node client (tests, tools) in memory.
 *
 * The server gives every stored final the next seq of its room, and sends it only once stored;
 * partials and removals carry the room's current seq. So a final whose seq is more than one past
 * ours, or a partial whose seq is past ours, means something was missed (a message dropped, a
 * reconnection). Each connection begins with a snapshot (`transcripts`) carrying the room's seq:
 * a client that was here before asks for everything after the seq it had, since the snapshot
 * holds only the latest finals and may not reach back that far.
 */

export interface SeqState {
  /** Every stored change up to this seq has been received; undefined before the first snapshot. */
  seq?: number;
  /** The `afterSeq` of a `transcripts-since` request still unanswered on this connection. */
  asked?: number;
}

export type SeqEvent =
  /** A `transcripts` snapshot: the start of every connection. */
  | { kind: 'snapshot'; seq: number }
  /** A `transcript` message holding a stored final (it has words). */
  | { kind: 'final'; seq: number }
  /** A `transcript` message with a partial, or a final with no words (a removal). */
  | { kind: 'unstored'; seq: number }
  /** A `transcripts-since-response`. */
  | { kind: 'since'; afterSeq: number; seq: number; complete: boolean }
  /**
   * The server refused the `transcripts-since` asked (rate-limited: asked too often), and the
   * client has waited a moment: ask again from what we have.
   */
  | { kind: 'refused' };

export interface SeqStep {
  state: SeqState;
  /** Send `transcripts-since` with this `afterSeq` now. */
  ask?: number;
}

export const initialSeqState: SeqState = {};

function gap(state: SeqState & { seq: number }): SeqStep {
  if (state.asked !== undefined) return { state };
  return { state: { ...state, asked: state.seq }, ask: state.seq };
}

export function nextSeqState(state: SeqState, event: SeqEvent): SeqStep {
  switch (event.kind) {
    case 'snapshot': {
      // A new connection: a request made on the old one will not be answered.
      if (state.seq === undefined || event.seq <= state.seq) return { state: { seq: event.seq } };
      return gap({ seq: state.seq });
    }
    case 'final':
      if (state.seq === undefined) return { state };
      if (event.seq === state.seq + 1) return { state: { ...state, seq: event.seq } };
      if (event.seq > state.seq + 1) return gap({ ...state, seq: state.seq });
      return { state };
    case 'unstored':
      if (state.seq === undefined || event.seq <= state.seq) return { state };
      return gap({ ...state, seq: state.seq });
    case 'refused':
      if (state.seq === undefined || state.asked === undefined) return { state };
      return { state: { seq: state.seq, asked: state.seq }, ask: state.seq };
    case 'since': {
      if (state.seq === undefined) return { state };
      const answered = state.asked === event.afterSeq;
      const asked = answered ? undefined : state.asked;
      // It covers (afterSeq, seq]: that extends what we have only if it starts within it.
      const seq = event.afterSeq <= state.seq ? Math.max(state.seq, event.seq) : state.seq;
      const next: SeqState = asked === undefined ? { seq } : { seq, asked };
      if (answered && !event.complete) return { state: { seq, asked: seq }, ask: seq };
      return { state: next };
    }
  }
}
