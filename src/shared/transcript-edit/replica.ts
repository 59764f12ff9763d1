/**
 * A client's replica of the lines it edits (the other half of server/rooms/line-edits.ts). Its
 * own edits show at once; they go to the server one at a time (one in flight, as ShareDB's
 * clients do), each against the line version it has; every change the server sequences
 * arrives with its op, and the replica transforms its unsent edits past it, exactly as the
 * server transforms a late mutation, so both reach the same text. A line sent whole (a
 * snapshot after reconnecting, or a missed partial) is caught up with by a diff.
 *
 * Plain data, changed in place: the edits slice runs these inside its reducers (immer drafts),
 * the convergence fuzz and the tests' socket client on plain objects.
 */
import type { Transcript } from '../entities';
import type { LineChange } from './line-change';
import type { ServerMessage } from '../protocol';
import type { Mutation, MutationType } from './mutation';
import {
  type LineText,
  type TextOp,
  applyChange,
  codePointLength,
  diffOp,
  isNoop,
  mutationFieldsOfOp,
  sameLineText,
  splitOp,
  transformOp,
  transformPosition,
} from './text-ops';

export interface PendingTextEdit {
  id: string;
  lang: string;
  /** Against the line's confirmed text followed by the pending edits before it. */
  op: TextOp;
  order: number;
  sent: boolean;
  /**
   * Sent, then caught up by a diff (a snapshot or a missed version): the server transforms it past
   * the real changes, which may put it elsewhere, so its answer is taken as the server has it.
   */
  uncertain?: boolean;
}

type OtherFields =
  | { type: 'cursor'; mutatorHash: string; index: number }
  | { type: 'changeSpeaker'; speakerId: string }
  | { type: 'updateField'; field: 'speechLang'; value: string };

/** A mutation that does not change the text (cursor, changeSpeaker, updateField), waiting its turn. */
export interface PendingOther {
  id: string;
  lineId: string;
  order: number;
  sent: boolean;
  fields: OtherFields;
}

export interface ReplicaLine {
  /** The line exactly as the server sequenced it, at its version. */
  confirmed: LineText;
  pending: PendingTextEdit[];
}

export interface ReplicaState {
  lines: Record<string, ReplicaLine>;
  others: PendingOther[];
  /** The one mutation sent and not yet answered. */
  inflight?: { id: string; lineId: string; kind: 'text' | 'other' };
  nextOrder: number;
  /** Disconnected: nothing is sent until the room's snapshot has been taken in (snapshotTaken). */
  awaitingSnapshot?: boolean;
  /** Times the server's text differed from what this replica worked out (then the server's is taken). */
  repairs: number;
}

export const emptyReplica = (): ReplicaState => ({ lines: {}, others: [], nextOrder: 1, repairs: 0 });

const textOf = (t: Transcript): LineText => ({
  version: t.version ?? 0,
  text: t.texts[t.speechLang] ?? '',
  highlighted: t.highlighted ?? [],
});

/** The line as its editor sees it: the server's, with their own edits not yet sequenced. */
export function lineView(state: ReplicaState, lineId: string): LineText | undefined {
  const line = state.lines[lineId];
  if (!line) return undefined;
  let view = line.confirmed;
  for (const p of line.pending) view = applyChange(view, p.op, true);
  return line.pending.length > 0 ? { ...view, version: line.confirmed.version } : view;
}

/** Whether anything of this replica still waits for the server. */
export const hasPending = (state: ReplicaState): boolean =>
  state.others.length > 0 || Object.values(state.lines).some((l) => l.pending.length > 0);

/**
 * A line from the server (`transcript`, a snapshot's, a page's), with the change that made it
 * when the message carries one.
 */
export function receiveLine(state: ReplicaState, t: Transcript, change?: LineChange): void {
  if (t.gap) return;
  const incoming = textOf(t);
  const line = state.lines[t.id];
  if (!line) {
    state.lines[t.id] = { confirmed: incoming, pending: [] };
    return;
  }
  // Already had (an answer to an older request, the same line again): nothing new.
  if (incoming.version <= line.confirmed.version) return;
  if (!change || change.version !== line.confirmed.version + 1) {
    rebase(state, t.id, line, line.confirmed, incoming, t.mutations?.map((m) => m.id) ?? []);
    return;
  }
  const own = line.pending[0];
  if (own?.sent && change.mutationId === own.id) {
    // Ours, sequenced: already transformed past everything sequenced before it, as the server did.
    const expected = applyChange(line.confirmed, own.op, true);
    line.pending.shift();
    if (state.inflight?.id === own.id) delete state.inflight;
    if (own.uncertain) {
      rebase(state, t.id, line, expected, incoming, []);
      return;
    }
    line.confirmed = expected;
  } else {
    let c = change.op;
    for (const p of line.pending) {
      const mine = transformOp(p.op, c, 'left');
      c = transformOp(c, p.op, 'right');
      p.op = mine;
    }
    line.confirmed = applyChange(line.confirmed, change.op, change.origin === 'human');
    moveCursors(state, t.id, c);
    tidy(line);
  }
  if (!sameLineText(line.confirmed, incoming)) {
    state.repairs++;
    rebase(state, t.id, line, line.confirmed, incoming, []);
  }
}

/** Catches `line` up with `incoming` from `from` (what it believed) by their difference. */
function rebase(
  state: ReplicaState,
  lineId: string,
  line: ReplicaLine,
  from: LineText,
  incoming: LineText,
  appliedIds: readonly string[],
): void {
  let base = from.text;
  // Our first edit may be in it already (it was sequenced while we were away).
  const first = line.pending[0];
  if (first && appliedIds.includes(first.id)) {
    base = applyChange(from, first.op, true).text;
    line.pending.shift();
    if (state.inflight?.id === first.id) delete state.inflight;
  }
  let d = diffOp(base, incoming.text);
  for (const p of line.pending) {
    if (p.sent && !isNoop(d)) p.uncertain = true;
    const mine = transformOp(p.op, d, 'left');
    d = transformOp(d, p.op, 'right');
    p.op = mine;
  }
  line.confirmed = incoming;
  moveCursors(state, lineId, d);
  tidy(line);
}

/** Unsent edits that a transform cut in two become two; those left with nothing to do go. */
function tidy(line: ReplicaLine): void {
  const out: PendingTextEdit[] = [];
  for (const p of line.pending) {
    if (p.sent) {
      out.push(p);
      continue;
    }
    const pieces = splitOp(p.op);
    pieces.forEach((op, k) => out.push({ ...p, id: k === 0 ? p.id : `${p.id}.${k}`, op }));
  }
  line.pending = out;
}

function moveCursors(state: ReplicaState, lineId: string, op: TextOp): void {
  for (const o of state.others)
    if (!o.sent && o.lineId === lineId && o.fields.type === 'cursor')
      o.fields = { ...o.fields, index: transformPosition(o.fields.index, op) };
}

/**
 * The person's own text edit of a line, made on what they see (lineView): shown at once, sent
 * in its turn. False when the line is unknown or the range is not in it.
 */
export function editText(
  state: ReplicaState,
  lineId: string,
  id: string,
  edit:
    | { type: 'insert'; index: number; text: string; lang: string }
    | { type: 'delete'; index: number; length: number; lang: string },
): boolean {
  const line = state.lines[lineId];
  const view = lineView(state, lineId);
  if (!line || !view) return false;
  const length = codePointLength(view.text);
  if (
    edit.index > length ||
    (edit.type === 'delete' && (edit.length < 1 || edit.index + edit.length > length))
  )
    return false;
  if (edit.type === 'insert' && edit.text.length === 0) return false;
  const op: TextOp =
    edit.type === 'insert'
      ? [edit.index, edit.text].filter((c) => c !== 0)
      : [edit.index, { d: edit.length }].filter((c) => c !== 0);
  line.pending.push({ id, lang: edit.lang, op, order: state.nextOrder++, sent: false });
  return true;
}

/** A mutation that changes no text (cursor, changeSpeaker, updateField), sent in its turn. */
export function editOther(state: ReplicaState, lineId: string, id: string, fields: OtherFields): boolean {
  if (!state.lines[lineId]) return false;
  // Only the latest place of one's cursor matters: an unsent earlier one is replaced.
  if (fields.type === 'cursor')
    state.others = state.others.filter((o) => o.sent || o.fields.type !== 'cursor');
  state.others.push({ id, lineId, order: state.nextOrder++, sent: false, fields });
  return true;
}

/**
 * The next mutation to send, when none is in flight: the oldest waiting. It is made against the
 * line's confirmed version (everything before it has been answered).
 */
export function nextMutation(state: ReplicaState): { lineId: string; mutation: Mutation } | undefined {
  if (state.inflight || state.awaitingSnapshot) return undefined;
  let best: { order: number; lineId: string; kind: 'text' | 'other' } | undefined;
  for (const [lineId, line] of Object.entries(state.lines)) {
    const p = line.pending[0];
    if (p && !p.sent && (!best || p.order < best.order)) best = { order: p.order, lineId, kind: 'text' };
  }
  const other = state.others.find((o) => !o.sent);
  if (other && (!best || other.order < best.order))
    best = { order: other.order, lineId: other.lineId, kind: 'other' };
  if (!best) return undefined;
  if (best.kind === 'text') {
    const line = state.lines[best.lineId]!;
    // An edit sent before, cut in two while in flight, then unsent by a reconnection: a mutation
    // says one change, so its pieces go one after the other.
    tidy(line);
    const p = line.pending[0];
    if (!p) return nextMutation(state);
    const fields = mutationFieldsOfOp(p.op);
    if (!fields || isNoop(p.op)) {
      line.pending.shift();
      return nextMutation(state);
    }
    p.sent = true;
    state.inflight = { id: p.id, lineId: best.lineId, kind: 'text' };
    const base = { id: p.id, parent: line.confirmed.version, origin: 'human' as const, lang: p.lang };
    return { lineId: best.lineId, mutation: { ...base, ...fields } as Mutation };
  }
  const o = other!;
  const line = state.lines[o.lineId];
  if (!line) {
    state.others = state.others.filter((x) => x !== o);
    return nextMutation(state);
  }
  o.sent = true;
  state.inflight = { id: o.id, lineId: o.lineId, kind: 'other' };
  const fields =
    o.fields.type === 'cursor'
      ? { ...o.fields, index: Math.min(o.fields.index, codePointLength(line.confirmed.text)) }
      : o.fields;
  return {
    lineId: o.lineId,
    mutation: { id: o.id, parent: line.confirmed.version, origin: 'human', ...fields } as Mutation,
  };
}

/** The server answered a mutation (`transcript-edit-ack`): the next may go. */
export function acknowledged(state: ReplicaState, mutationId: string): void {
  if (state.inflight?.id !== mutationId) return;
  const { lineId, kind } = state.inflight;
  delete state.inflight;
  if (kind === 'other') {
    state.others = state.others.filter((o) => o.id !== mutationId);
    return;
  }
  // A text mutation answered without its change: it changed nothing (someone removed the same
  // words first) or it was a resend of one already applied, which the line we have includes.
  const line = state.lines[lineId];
  if (line?.pending[0]?.id === mutationId) line.pending.shift();
}

/**
 * The server refused the mutation in flight (editing turned off, the room ended, a range no
 * longer there): it is dropped, with the same person's later edits of that line that built on it.
 */
export function refused(state: ReplicaState): { lineId: string; type: MutationType | 'text' } | undefined {
  const inflight = state.inflight;
  if (!inflight) return undefined;
  delete state.inflight;
  if (inflight.kind === 'other') {
    const o = state.others.find((x) => x.id === inflight.id);
    state.others = state.others.filter((x) => x.id !== inflight.id);
    return { lineId: inflight.lineId, type: o?.fields.type ?? 'cursor' };
  }
  const line = state.lines[inflight.lineId];
  if (line) line.pending = [];
  return { lineId: inflight.lineId, type: 'text' };
}

/** The connection dropped: what was in flight is sent again (same id) once connected. */
export function disconnected(state: ReplicaState): void {
  state.awaitingSnapshot = true;
  const inflight = state.inflight;
  if (!inflight) return;
  delete state.inflight;
  if (inflight.kind === 'other') {
    const o = state.others.find((x) => x.id === inflight.id);
    if (o) o.sent = false;
    return;
  }
  const p = state.lines[inflight.lineId]?.pending[0];
  if (p?.id === inflight.id) p.sent = false;
}

/**
 * The room's snapshot after (re)connecting has been taken in (its lines through receiveLine):
 * what waits is sent again, against the versions it brought.
 */
export function snapshotTaken(state: ReplicaState): void {
  delete state.awaitingSnapshot;
}

/** Drops a line the server dropped (a final with no words). */
export function forgetLine(state: ReplicaState, lineId: string): void {
  if (state.inflight?.lineId === lineId) delete state.inflight;
  delete state.lines[lineId];
  state.others = state.others.filter((o) => o.lineId !== lineId);
}

/**
 * What a server message does to the replica: lines arriving (a snapshot, pages, one line with its
 * change, or a line the recogniser dropped), an acknowledged or refused mutation. The one reading
 * of the protocol for the web app's slice and the tests' editor client. Returns whether the
 * message concerned the replica (the caller then sends its next waiting mutation).
 */
export function receiveServerMessage(state: ReplicaState, m: ServerMessage): boolean {
  switch (m.type) {
    case 'transcripts':
      for (const t of m.transcripts) receiveLine(state, t);
      snapshotTaken(state);
      return true;
    case 'transcripts-since-response':
    case 'transcripts-before-response':
      for (const t of m.transcripts) receiveLine(state, t);
      return true;
    case 'transcript': {
      const t = m.transcript;
      // The recogniser's final with no words, as it came (no version): the line is gone.
      if (t.isFinal && t.version === undefined && !(t.texts[t.speechLang] ?? '')) forgetLine(state, t.id);
      else receiveLine(state, t, m.change);
      return true;
    }
    case 'transcript-edit-ack':
      acknowledged(state, m.mutationId);
      return true;
    case 'error':
      if (m.inReplyTo !== 'transcript-edit') return false;
      refused(state);
      return true;
    default:
      return false;
  }
}
