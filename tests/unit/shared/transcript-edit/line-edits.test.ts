import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../src/shared/entities';
import { mutationSchema, type Mutation } from '../../../../src/shared/transcript-edit/mutation';
import { applyToHighlights, diffOp, splitOp } from '../../../../src/shared/transcript-edit/text-ops';
import { LineEdits } from '../../../../src/server/rooms/line-edits';
import {
  editText,
  emptyReplica,
  lineView,
  nextMutation,
  receiveLine,
} from '../../../../src/shared/transcript-edit/replica';

const asr = (text: string, isFinal = false): Transcript => ({
  id: 'l1',
  isFinal,
  author: 'host',
  authorShow: 'Host',
  origin: 'asr',
  speechLang: 'en-US',
  texts: { 'en-US': text },
  usePaidASR: false,
  index: 0,
  timestampMs: 0,
  t0: 0,
  trackName: 'mic',
});

const textOf = (t: Transcript) => t.texts[t.speechLang];
const base = { origin: 'human' as const, lang: 'en-US' };

describe('the mutation schema', () => {
  it("refuses a type that is none of the five with 'Unknown mutation type'", () => {
    const result = mutationSchema.check(
      { id: 'm1', parent: 0, origin: 'human', type: 'rewrite' },
      'mutation',
    );
    expect(result).toEqual({ ok: false, issue: { path: 'mutation.type', message: 'Unknown mutation type' } });
  });

  it('keeps the fields of its type only, and requires them', () => {
    const ok = mutationSchema.check({
      id: 'm1',
      parent: 3,
      origin: 'human',
      type: 'delete',
      index: 2,
      length: 4,
      lang: 'en-US',
      text: 'x',
    });
    expect(ok).toEqual({
      ok: true,
      value: { type: 'delete', id: 'm1', parent: 3, origin: 'human', index: 2, length: 4, lang: 'en-US' },
    });
    const missing = mutationSchema.check({
      id: 'm1',
      parent: 3,
      origin: 'human',
      type: 'insert',
      index: 2,
      lang: 'en-US',
    });
    expect(missing.ok).toBe(false);
  });
});

describe('text ops', () => {
  it('diffs by code points and splits a cut delete in two', () => {
    expect(diffOp('a😀b', 'a😀xb')).toEqual([2, 'x']);
    expect(splitOp([{ d: 1 }, 1, { d: 2 }])).toEqual([[{ d: 1 }], [1, { d: 2 }]]);
  });

  it('marks what people type, not what the recogniser says', () => {
    expect(applyToHighlights([], 5, [2, 'ab'], true)).toEqual([{ index: 2, length: 2 }]);
    expect(applyToHighlights([{ index: 2, length: 2 }], 7, [1, 'zz'], false)).toEqual([
      { index: 4, length: 2 },
    ]);
  });
});

describe('LineEdits: people and the recogniser on one line', () => {
  it('keeps a correction made while the line is spoken through its later partials and its final', () => {
    const edits = new LineEdits();
    edits.asr(asr('the meting'));
    const fix = edits.apply(
      asr('the meting'),
      { ...base, id: 'm1', parent: 1, type: 'insert', index: 6, text: 'e' } as Mutation,
      'aaaa',
    );
    expect(fix).toMatchObject({ ok: true, kind: 'text' });
    expect(textOf(edits.view(asr('')))).toBe('the meeting');
    expect(textOf(edits.asr(asr('the meting starts')).transcript)).toBe('the meeting starts');
    const final = edits.asr(asr('the meting starts at nine', true));
    expect(textOf(final.transcript)).toBe('the meeting starts at nine');
    expect(final.transcript.highlighted).toEqual([{ index: 6, length: 1 }]);
    expect(final.transcript.version).toBe(4);
  });

  it("keeps the recogniser's tentative tail as the last words of a line a person lengthened", () => {
    const edits = new LineEdits();
    edits.asr({ ...asr('the cat sat'), firmWords: 2 });
    edits.apply(
      asr('the cat sat'),
      { ...base, id: 'm1', parent: 1, type: 'insert', index: 4, text: 'black ' } as Mutation,
      'aaaa',
    );
    const shown = edits.asr({ ...asr('the cat sat on'), firmWords: 2 }).transcript;
    expect(textOf(shown)).toBe('the black cat sat on');
    // "sat on" was the recogniser's tail and still is; "the black cat" is firm.
    expect(shown.firmWords).toBe(3);
  });

  it('transforms a mutation made against an older version past the changes since', () => {
    const edits = new LineEdits();
    edits.asr(asr('hello world'));
    edits.apply(
      asr(''),
      { ...base, id: 'a', parent: 1, type: 'insert', index: 0, text: 'Oh, ' } as Mutation,
      'aaaa',
    );
    // Made on version 1, where "world" began at 6.
    const late = edits.apply(
      asr(''),
      { ...base, id: 'b', parent: 1, type: 'delete', index: 6, length: 5 } as Mutation,
      'bbbb',
    );
    expect(late).toMatchObject({ ok: true, kind: 'text', change: { version: 3, op: [10, { d: 5 }] } });
    expect(textOf(edits.view(asr('')))).toBe('Oh, hello ');
  });

  it('applies a resend of the same id once, and refuses a parent from the future or a range not there', () => {
    const edits = new LineEdits();
    edits.asr(asr('abc'));
    const m = { ...base, id: 'm1', parent: 1, type: 'insert', index: 3, text: 'd' } as Mutation;
    expect(edits.apply(asr(''), m, 'aaaa')).toMatchObject({ ok: true, kind: 'text' });
    expect(edits.apply(asr(''), m, 'aaaa')).toEqual({ ok: true, kind: 'duplicate', version: 2 });
    expect(textOf(edits.view(asr('')))).toBe('abcd');
    expect(edits.apply(asr(''), { ...m, id: 'm2', parent: 9 }, 'aaaa')).toMatchObject({ ok: false });
    expect(
      edits.apply(
        asr(''),
        { ...base, id: 'm3', parent: 2, type: 'delete', index: 3, length: 5 } as Mutation,
        'aaaa',
      ),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('mutation.length'),
    });
  });

  it('moves cursors with the text and keeps one cursor per editor', () => {
    const edits = new LineEdits();
    edits.asr(asr('one two'));
    edits.apply(
      asr(''),
      { id: 'c1', parent: 1, origin: 'human', type: 'cursor', mutatorHash: 'x', index: 4 },
      'aaaa',
    );
    edits.apply(
      asr(''),
      { ...base, id: 'i1', parent: 1, type: 'insert', index: 0, text: 'zero ' } as Mutation,
      'bbbb',
    );
    expect(edits.view(asr('')).cursors).toEqual([{ mutatorHash: 'aaaa', index: 9 }]);
  });
});

describe('the replica', () => {
  it('shows its own edit at once and sends one mutation at a time against the version it has', () => {
    const edits = new LineEdits();
    const replica = emptyReplica();
    receiveLine(replica, edits.asr(asr('helo')).transcript);
    editText(replica, 'l1', 'm1', { type: 'insert', index: 3, text: 'l', lang: 'en-US' });
    editText(replica, 'l1', 'm2', { type: 'insert', index: 5, text: '!', lang: 'en-US' });
    expect(lineView(replica, 'l1')?.text).toBe('hello!');
    const first = nextMutation(replica)!;
    expect(first.mutation).toMatchObject({ id: 'm1', parent: 1, type: 'insert', index: 3, text: 'l' });
    expect(nextMutation(replica)).toBeUndefined();
    // The recogniser goes on meanwhile; then ours is sequenced.
    const more = edits.asr(asr('helo there'));
    receiveLine(replica, more.transcript, more.change);
    const applied = edits.apply(asr(''), first.mutation, 'aaaa');
    if (!applied.ok || applied.kind !== 'text') throw new Error('not applied');
    receiveLine(replica, edits.view(asr('')), applied.change);
    expect(replica.lines.l1?.confirmed.text).toBe('hello there');
    expect(lineView(replica, 'l1')?.text).toBe('hello! there');
    expect(nextMutation(replica)?.mutation).toMatchObject({ id: 'm2', parent: 3, index: 5 });
    expect(replica.repairs).toBe(0);
  });
});
