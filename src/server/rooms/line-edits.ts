/**
 * The sequencer of a room's transcript lines (issue 12): every change to a line's text, the
 * recogniser's and people's alike, gets the line's next version here and nowhere else. A human
 * mutation names the version it was made against (`parent`); it is transformed past the changes
 * sequenced since (ot-text-unicode, as ShareDB does), applied, and recorded, so a resend of the
 * same id is applied once. The recogniser is an editor too: each new partial or final is a diff
 * from its last text, transformed past the human edits made since, so a correction made while a
 * line is still being spoken survives its later partials and its final.
 *
 * Pure: no I/O, no clock. The room (room.ts) stores and broadcasts what this returns; the
 * convergence fuzz runs it against in-memory replicas.
 */
import type { Transcript } from '../../shared/entities';
import { firmWordsAfterEdits } from '../../shared/firm-words';
import {
  type Cursor,
  type Mutation,
  type TextMutation,
  isTextMutation,
} from '../../shared/transcript-edit/mutation';
import {
  type LineText,
  type TextOp,
  applyChange,
  applyOp,
  codePointLength,
  diffOp,
  isNoop,
  mutationFieldsOfOp,
  opOfMutation,
  outOfRange,
  transformOp,
  transformPosition,
} from '../../shared/transcript-edit/text-ops';
import type { LineChange } from '../../shared/transcript-edit/line-change';
import { DEFAULT_LINE_CAP, type LineCap, lineCapRefusal } from '../../shared/transcript-edit/line-cap';

/** Changes kept per line to transform late mutations past: far more than one round trip sees. */
export const LINE_HISTORY_MAX = 200;
/** Human mutations a line carries (its `mutations`): how a reconnecting client finds its own. */
export const LINE_RECENT_MUTATIONS = 20;
/** Ids remembered per line to apply a resend once. */
const APPLIED_IDS_MAX = 500;

interface HistoryEntry {
  /** The version this change made. */
  version: number;
  op: TextOp;
  /** The text's length (code points) before it: the range a mutation made on it may touch. */
  lengthBefore: number;
}

interface EditedLine {
  state: LineText;
  /** The recogniser's last text: its next text is a diff from it. */
  asrText: string;
  /**
   * The people's changes the recogniser has not seen (all of them: it never reads the line), each
   * against its text followed by those before: the line is its text with these applied. Its next
   * change is transformed past them, and they past it (the two-party bridge of Jupiter, which
   * ShareDB's server keeps per client).
   */
  unseen: TextOp[];
  history: HistoryEntry[];
  /** Mutation id → the version it was applied at (or the version current when it changed nothing). */
  applied: Map<string, number>;
  recent: Mutation[];
  cursors: Map<string, number>;
}

export type EditResult =
  | { ok: true; kind: 'text'; change?: LineChange; state: LineText }
  | { ok: true; kind: 'duplicate'; version: number }
  | { ok: true; kind: 'cursor'; cursors: Cursor[]; left?: { lineId: string; cursors: Cursor[] } }
  /** changeSpeaker, updateField: recorded here (once per id); what they change, the room does. */
  | { ok: true; kind: 'line'; version: number }
  | { ok: false; message: string };

export interface LineEditsOptions {
  /**
   * Transform late mutations past concurrent changes (always, in the product). The convergence
   * fuzz turns it off (`npm run fuzz:edits -- --no-transform`) to show that it then fails.
   */
  transform?: boolean;
  /** How long people's corrections may make a line (the server's is limits.ts `lineCap`). */
  cap?: LineCap;
}

export class LineEdits {
  private readonly lines = new Map<string, EditedLine>();
  /** Which line each editor's cursor is on: a cursor is in one place at a time. */
  private readonly cursorLine = new Map<string, string>();
  private readonly transform: boolean;
  private readonly cap: LineCap;

  constructor(options: LineEditsOptions = {}) {
    this.transform = options.transform ?? true;
    this.cap = options.cap ?? DEFAULT_LINE_CAP;
  }

  /** The line's text state, if it was ever sequenced here. */
  state(lineId: string): LineText | undefined {
    return this.lines.get(lineId)?.state;
  }

  /**
   * A recogniser's partial or final of a line: composed with the people's edits of it. Returns the
   * line as everyone is to see it, and the change (none when the text did not change).
   */
  asr(t: Transcript): { transcript: Transcript; change?: LineChange } {
    const asrText = t.texts[t.speechLang] ?? '';
    let line = this.lines.get(t.id);
    if (!line) {
      line = this.fresh({ version: 0, text: '', highlighted: [] });
      line.asrText = '';
      this.lines.set(t.id, line);
    }
    let op = diffOp(line.asrText, asrText);
    line.asrText = asrText;
    if (isNoop(op)) return { transcript: this.viewOf(t, line) };
    if (this.transform) {
      line.unseen = line.unseen.map((u) => {
        const mine = transformOp(op, u, 'left');
        const theirs = transformOp(u, op, 'right');
        op = mine;
        return theirs;
      });
    }
    if (!fits(op, codePointLength(line.state.text))) {
      // Only without transformation (the fuzz's demonstration): the recogniser's text is taken whole.
      op = diffOp(line.state.text, asrText);
      line.unseen = [];
    }
    if (isNoop(op)) return { transcript: this.viewOf(t, line) };
    const change = this.sequence(line, op, 'asr');
    return { transcript: this.viewOf(t, line), change };
  }

  /** The line as everyone is to see it: its sequenced text, version, marks, cursors and mutations. */
  view(t: Transcript): Transcript {
    const line = this.lines.get(t.id);
    return line ? this.viewOf(t, line) : t;
  }

  /** A line that is gone (a final with no words): nothing more will be sequenced on it. */
  forget(lineId: string): void {
    const line = this.lines.get(lineId);
    if (!line) return;
    for (const hash of line.cursors.keys()) this.cursorLine.delete(hash);
    this.lines.delete(lineId);
  }

  /** An editor left: their cursor goes. Returns the line it was on and the cursors left there. */
  dropCursor(mutatorHash: string): { lineId: string; cursors: Cursor[] } | undefined {
    const lineId = this.cursorLine.get(mutatorHash);
    if (!lineId) return undefined;
    this.cursorLine.delete(mutatorHash);
    const line = this.lines.get(lineId);
    if (!line) return undefined;
    line.cursors.delete(mutatorHash);
    return { lineId, cursors: cursorsOf(line) };
  }

  /**
   * A person's mutation of `current` (the line as it is now, stored or being spoken), from the
   * editor whose hash is `mutatorHash`. Who may was decided before (auth/access.ts).
   */
  apply(current: Transcript, mutation: Mutation, mutatorHash: string): EditResult {
    const line = this.lineOf(current);
    const done = line.applied.get(mutation.id);
    if (done !== undefined) return { ok: true, kind: 'duplicate', version: done };
    const version = line.state.version;
    if (mutation.parent > version)
      return { ok: false, message: `mutation.parent: the line is at version ${version}` };
    const since = line.history.filter((h) => h.version > mutation.parent);
    if (since.length !== version - mutation.parent)
      return {
        ok: false,
        message: `mutation.parent: version ${mutation.parent} is too old to edit against; the line is at ${version}`,
      };
    const lengthAtParent = since[0]?.lengthBefore ?? codePointLength(line.state.text);
    if (isTextMutation(mutation)) return this.applyText(line, mutation, since, lengthAtParent, mutatorHash);
    if (mutation.type === 'cursor') {
      if (mutation.index > lengthAtParent)
        return { ok: false, message: `mutation.index: the line had ${lengthAtParent} characters` };
      let index = mutation.index;
      for (const h of since) index = this.transform ? transformPosition(index, h.op) : index;
      index = Math.min(index, codePointLength(line.state.text));
      this.remember(line, mutation.id, version);
      const previous = this.cursorLine.get(mutatorHash);
      let left: { lineId: string; cursors: Cursor[] } | undefined;
      if (previous !== undefined && previous !== current.id) {
        const old = this.lines.get(previous);
        if (old) {
          old.cursors.delete(mutatorHash);
          left = { lineId: previous, cursors: cursorsOf(old) };
        }
      }
      line.cursors.set(mutatorHash, index);
      this.cursorLine.set(mutatorHash, current.id);
      return { ok: true, kind: 'cursor', cursors: cursorsOf(line), ...(left ? { left } : {}) };
    }
    this.remember(line, mutation.id, version);
    line.recent = [...line.recent, mutation].slice(-LINE_RECENT_MUTATIONS);
    return { ok: true, kind: 'line', version };
  }

  private applyText(
    line: EditedLine,
    mutation: TextMutation,
    since: HistoryEntry[],
    lengthAtParent: number,
    mutatorHash: string,
  ): EditResult {
    const refused = outOfRange(mutation, lengthAtParent);
    if (refused) return { ok: false, message: refused };
    let op = opOfMutation(mutation);
    if (this.transform) for (const h of since) op = this.past(op, h.op);
    else if (since.length > 0 && !fits(op, codePointLength(line.state.text)))
      return { ok: false, message: 'mutation: out of range for the line as it is now' };
    if (isNoop(op)) {
      // Someone else removed the same words first: nothing to do, but the id is answered.
      this.remember(line, mutation.id, line.state.version);
      return { ok: true, kind: 'text', state: line.state };
    }
    if (!fits(op, codePointLength(line.state.text)))
      return { ok: false, message: 'mutation: out of range for the line as it is now' };
    // Refused whole, before anything changes: the line, its history and the id stay as they were.
    const tooLong = lineCapRefusal(line.state.text, applyOp(line.state.text, op), this.cap);
    if (tooLong) return { ok: false, message: `mutation: ${tooLong}` };
    const change = this.sequence(line, op, 'human', mutation.id, mutatorHash);
    line.unseen.push(op);
    this.remember(line, mutation.id, line.state.version);
    // Kept as applied: where it landed, against the version before it.
    const landed = mutationFieldsOfOp(op);
    line.recent = [
      ...line.recent,
      { ...mutation, ...(landed ?? {}), parent: line.state.version - 1 } as Mutation,
    ].slice(-LINE_RECENT_MUTATIONS);
    return { ok: true, kind: 'text', change, state: line.state };
  }

  private past(op: TextOp, applied: TextOp): TextOp {
    return this.transform ? transformOp(op, applied, 'left') : op;
  }

  private sequence(
    line: EditedLine,
    op: TextOp,
    origin: 'asr' | 'human',
    mutationId?: string,
    mutatorHash?: string,
  ): LineChange {
    const lengthBefore = codePointLength(line.state.text);
    line.state = applyChange(line.state, op, origin === 'human');
    line.history.push({ version: line.state.version, op, lengthBefore });
    if (line.history.length > LINE_HISTORY_MAX) line.history.shift();
    for (const [hash, index] of line.cursors) line.cursors.set(hash, transformPosition(index, op));
    return {
      version: line.state.version,
      op,
      origin,
      ...(mutationId ? { mutationId } : {}),
      ...(mutatorHash ? { mutatorHash } : {}),
    };
  }

  private remember(line: EditedLine, id: string, version: number): void {
    line.applied.set(id, version);
    if (line.applied.size > APPLIED_IDS_MAX) line.applied.delete(line.applied.keys().next().value!);
  }

  /** The line's state, made from the transcript the first time a person edits it. */
  private lineOf(t: Transcript): EditedLine {
    let line = this.lines.get(t.id);
    if (!line) {
      const text = t.texts[t.speechLang] ?? '';
      line = this.fresh({ version: t.version ?? 0, text, highlighted: t.highlighted ?? [] });
      line.asrText = t.asrText ?? text;
      for (const m of t.mutations ?? []) line.applied.set(m.id, m.parent + 1);
      line.recent = [...(t.mutations ?? [])];
      this.lines.set(t.id, line);
    }
    return line;
  }

  private fresh(state: LineText): EditedLine {
    return {
      state,
      asrText: state.text,
      unseen: [],
      history: [],
      applied: new Map(),
      recent: [],
      cursors: new Map(),
    };
  }

  private viewOf(t: Transcript, line: EditedLine): Transcript {
    const { version, text, highlighted } = line.state;
    const view: Transcript = { ...t, texts: { ...t.texts, [t.speechLang]: text }, version };
    // The recogniser's tentative tail stays the tail of what people made of the line.
    if (t.firmWords !== undefined)
      view.firmWords = firmWordsAfterEdits(t.firmWords, t.texts[t.speechLang] ?? '', text);
    if (t.indexes) view.indexes = { ...t.indexes, [t.speechLang]: text.length };
    if (highlighted.length > 0) view.highlighted = highlighted;
    else delete view.highlighted;
    if (line.recent.length > 0) view.mutations = line.recent;
    else delete view.mutations;
    // What the recogniser said, kept beside a line people corrected (caption quality uses it).
    if (text !== line.asrText) view.asrText = line.asrText;
    else delete view.asrText;
    const cursors = cursorsOf(line);
    if (cursors.length > 0) view.cursors = cursors;
    else delete view.cursors;
    return view;
  }
}

function cursorsOf(line: EditedLine): Cursor[] {
  return [...line.cursors].map(([mutatorHash, index]) => ({ mutatorHash, index }));
}

/** Whether an op's retains and deletes stay within a text of `length` code points. */
function fits(op: TextOp, length: number): boolean {
  let consumed = 0;
  for (const c of op) {
    if (typeof c === 'number') consumed += c;
    else if (typeof c === 'object') consumed += typeof c.d === 'number' ? c.d : codePointLength(c.d);
  }
  return consumed <= length;
}
