/**
 * A line's length cap (issue 31, N-1): what people's corrections may make a line hold, checked by
 * the server's sequencer before anything changes, and by the editor before it sends.
 */
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../src/shared/entities';
import type { Mutation } from '../../../../src/shared/transcript-edit/mutation';
import {
  DEFAULT_LINE_CAP,
  LINE_MAX_CHARS,
  lineCapRefusal,
  wordCount,
} from '../../../../src/shared/transcript-edit/line-cap';
import { LineEdits } from '../../../../src/server/rooms/line-edits';

const cap = { chars: 20, words: 4 };

describe('lineCapRefusal', () => {
  it('lets a line grow up to its cap of characters, counted in code points, and refuses past it', () => {
    expect(lineCapRefusal('', 'x'.repeat(20), cap)).toBeUndefined();
    // Twenty emoji are twenty characters, though forty UTF-16 units.
    expect(lineCapRefusal('', '😀'.repeat(20), { chars: 20, words: 40 })).toBeUndefined();
    expect(lineCapRefusal('x'.repeat(20), 'x'.repeat(21), cap)).toBe(
      'the line would hold 21 characters; a line holds at most 20: start a new line instead',
    );
  });

  it('refuses a line of more words than its cap', () => {
    expect(lineCapRefusal('a b c', 'a b c d', cap)).toBeUndefined();
    expect(lineCapRefusal('a b c d', 'a b c d e', cap)).toBe(
      'the line would hold 5 words; a line holds at most 4: start a new line instead',
    );
  });

  it('always lets a line get shorter, even one the recogniser made longer than the cap', () => {
    const long = 'word '.repeat(10);
    expect(lineCapRefusal(long, long.slice(1), cap)).toBeUndefined();
    expect(lineCapRefusal(long, `${long}x`, cap)).toMatch(/characters/);
  });

  it('counts words as runs of non-space characters', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('  the   meeting\tstarts\n')).toBe(3);
  });

  it('defaults to the shared constants', () => {
    expect(DEFAULT_LINE_CAP.chars).toBe(LINE_MAX_CHARS);
    expect(lineCapRefusal('', 'x'.repeat(LINE_MAX_CHARS))).toBeUndefined();
    expect(lineCapRefusal('', 'x'.repeat(LINE_MAX_CHARS + 1))).toMatch(/at most 2000/);
  });
});

describe('LineEdits under a cap', () => {
  const final = (text: string): Transcript => ({
    id: 'l1',
    isFinal: true,
    author: 'host',
    authorShow: 'Host',
    origin: 'human',
    speechLang: 'en-US',
    texts: { 'en-US': text },
    usePaidASR: false,
    index: 0,
    timestampMs: 0,
    t0: 0,
    trackName: 'keyboard',
  });
  const insert = (id: string, parent: number, text: string): Mutation => ({
    id,
    parent,
    origin: 'human',
    type: 'insert',
    index: 0,
    text,
    lang: 'en-US',
  });

  it('refuses an insert that would pass the cap and changes nothing: text, version, history, id', () => {
    const edits = new LineEdits({ cap });
    const line = final('0123456789');
    expect(edits.apply(line, insert('fits', 0, 'abcdefghij'), 'aaaa')).toMatchObject({
      ok: true,
      kind: 'text',
    });
    const before = edits.view(line);
    expect(before.texts['en-US']).toHaveLength(20);
    expect(edits.apply(line, insert('over', 1, 'k'), 'aaaa')).toEqual({
      ok: false,
      message:
        'mutation: the line would hold 21 characters; a line holds at most 20: start a new line instead',
    });
    expect(edits.view(line)).toEqual(before);
    // Refused, not applied: the same id is judged again (a shorter line would take it), not answered as a duplicate.
    expect(
      edits.apply(line, { ...insert('cut', 1, 'x'), type: 'delete', length: 1 } as Mutation, 'aaaa'),
    ).toMatchObject({
      ok: true,
    });
    expect(edits.apply(line, insert('over', 2, 'k'), 'aaaa')).toMatchObject({ ok: true, kind: 'text' });
  });

  it('judges an insert as it lands, after the changes made since its parent', () => {
    const edits = new LineEdits({ cap });
    const line = final('0123456789');
    // Two editors each add 6 characters against version 0: the second would make 22.
    expect(edits.apply(line, insert('a', 0, 'aaaaaa'), 'aaaa')).toMatchObject({ ok: true });
    expect(edits.apply(line, insert('b', 0, 'bbbbbb'), 'bbbb')).toMatchObject({
      ok: false,
      message: expect.stringContaining('22 characters'),
    });
  });

  it('has the shared default cap when given none', () => {
    const edits = new LineEdits();
    const line = final('');
    let parent = 0;
    for (let i = 0; i < 4; i++)
      expect(edits.apply(line, insert(`m${i}`, parent++, 'x'.repeat(500)), 'aaaa')).toMatchObject({
        ok: true,
      });
    expect(edits.apply(line, insert('m4', parent, 'x'), 'aaaa')).toMatchObject({
      ok: false,
      message: expect.stringContaining('at most 2000'),
    });
  });
});
