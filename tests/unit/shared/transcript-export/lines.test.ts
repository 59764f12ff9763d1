import { describe, expect, it } from 'vitest';
import {
  MAX_ESTIMATED_LINE_MS,
  MIN_LINE_MS,
  clockOffset,
  estimatedReadingMs,
  exportLines,
  lineText,
} from '../../../../src/shared/transcript-export/lines';
import { START, sampleConversation, spoken } from '../../../helpers/transcript-fixture';

const source = (transcripts = sampleConversation()) => ({
  roomId: 'r',
  title: 'Standup',
  startTimestampMs: START,
  transcripts,
});

describe('exportLines', () => {
  it('keeps the conversation order, names, typed lines and gaps, timed from its start', () => {
    const lines = exportLines(source());
    expect(lines.map((l) => [l.speaker, l.typed, l.gap !== undefined])).toEqual([
      ['Ada', false, false],
      ['Ben', false, false],
      ['Cleo', true, false],
      ['Ada', false, true],
      ['Ada', false, false],
    ]);
    expect(lines[0]!.startMs).toBe(1000);
    // Ben's stream started 2 s into the conversation: his words are placed on its clock.
    expect(lines[1]!.startMs).toBe(4200);
    expect(lines[1]!.words!.map((w) => w.startMs)).toEqual([4200, 4600]);
    expect(lines[3]).toMatchObject({ startMs: 9000, endMs: 15000, text: '' });
  });

  it('ends a spoken line with its last word and a typed one at a reading pace', () => {
    const lines = exportLines(source());
    expect(lines[0]!.endMs).toBe(1000 + 5 * 400 + 350);
    expect(lines[2]!.endMs - lines[2]!.startMs).toBe(estimatedReadingMs('Hi all <3 & welcome'));
  });

  it('leaves out partials and removed lines, and sorts by index whatever the input order', () => {
    const all = sampleConversation();
    const partial = { ...spoken('ben', 'Ben', 20000, 'still talking'), isFinal: false };
    const removed = { ...spoken('ben', 'Ben', 21000, 'x'), texts: { 'en-US': '  ' } };
    const lines = exportLines(source([removed, partial, ...all.reverse()]));
    expect(lines.map((l) => l.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('reads a translation when the reader asked for one, timed as a whole line', () => {
    const line = spoken('ada', 'Ada', 0, 'hello there');
    line.texts.es = 'hola';
    const [exported] = exportLines(source([line]), 'es');
    expect(exported!.text).toBe('hola');
    expect(exported!.words).toBeUndefined();
    expect(lineText(line, 'de')).toBe('hello there');
  });
});

describe('reading times', () => {
  it('bounds the estimate between one and seven seconds', () => {
    expect(estimatedReadingMs('ok')).toBe(MIN_LINE_MS);
    expect(estimatedReadingMs('x'.repeat(1000))).toBe(MAX_ESTIMATED_LINE_MS);
    expect(estimatedReadingMs('x'.repeat(45))).toBe(3000);
  });

  it('writes offsets as mm:ss, and h:mm:ss past an hour', () => {
    expect(clockOffset(0)).toBe('00:00');
    expect(clockOffset(65_400)).toBe('01:05');
    expect(clockOffset(3_725_000)).toBe('1:02:05');
    expect(clockOffset(-5)).toBe('00:00');
  });
});
