import { describe, expect, it } from 'vitest';
import {
  CUE_LINE_MAX_CHARS,
  CUE_MAX_LINES,
  CUE_MAX_MS,
  CUE_MIN_MS,
  CUE_READING_CHARS_PER_SECOND,
  cueText,
  readableMs,
  subtitleCues,
  subtitleTime,
  wrapCueText,
} from '../../../../src/shared/transcript-export/cues';
import { exportLines } from '../../../../src/shared/transcript-export/lines';
import { START, sampleConversation, spoken, typed } from '../../../helpers/transcript-fixture';

const cuesOf = (transcripts = sampleConversation()) =>
  subtitleCues(exportLines({ roomId: 'r', title: 't', startTimestampMs: START, transcripts }), () => 'GAP');

describe('subtitleCues', () => {
  it('never has more than two lines of 42 characters, nor lasts over 7 s when timed by words', () => {
    const cues = cuesOf();
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(CUE_MAX_LINES);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(CUE_LINE_MAX_CHARS);
      if (!cue.gap) expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(CUE_MAX_MS);
    }
    // The long sentence (125 characters) needs more than one cue.
    expect(cues.filter((c) => c.author === 'ada' && !c.gap).length).toBeGreaterThan(2);
  });

  it('keeps every word, in order', () => {
    const transcripts = sampleConversation();
    const words = cuesOf(transcripts)
      .filter((c) => !c.gap)
      .flatMap((c) => c.lines.join(' ').split(' '));
    const expected = transcripts.flatMap((t) => (t.gap ? [] : Object.values(t.texts)[0]!.split(' ')));
    expect(words).toEqual(expected);
  });

  it('is in time order without overlaps, each cue shown a while', () => {
    const cues = cuesOf();
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.startMs).toBeGreaterThanOrEqual(cues[i - 1]!.endMs);
    for (const cue of cues) expect(cue.endMs).toBeGreaterThan(cue.startMs);
  });

  it('turns two people speaking at once into consecutive cues', () => {
    const cues = cuesOf([
      spoken('ada', 'Ada', 0, 'one two three four'),
      spoken('ben', 'Ben', 500, 'five six'),
    ]);
    expect(cues.map((c) => c.speaker)).toEqual(['Ada', 'Ben']);
    // Ada's cue keeps the time it takes to read; Ben's waits for it, and is not cut.
    expect(cues[0]!.endMs).toBe(readableMs('one two three four'.length));
    expect(cues[1]!.startMs).toBe(cues[0]!.endMs);
    expect(cues[1]!.endMs - cues[1]!.startMs).toBeGreaterThanOrEqual(readableMs('five six'.length));
  });

  it('gives way at the next cue’s start once a cue has been shown long enough to read', () => {
    const cues = cuesOf([
      spoken('ada', 'Ada', 0, 'one two three four five six seven eight'),
      spoken('ben', 'Ben', 2900, 'nine'),
    ]);
    // Ada's words run to 3150 ms: read by then (39 characters), she ends where Ben starts.
    expect(cues[0]!.endMs).toBe(2900);
    expect(cues[1]!.startMs).toBe(2900);
  });

  it('shows a typed reply followed closely by speech long enough to read, at a documented pace', () => {
    const reply = 'Thanks, I will send the slides after lunch.';
    const cues = cuesOf([typed('cleo', 'Cleo', 0, reply), spoken('ada', 'Ada', 240, 'right')]);
    expect(CUE_READING_CHARS_PER_SECOND).toBeGreaterThanOrEqual(12);
    expect(CUE_READING_CHARS_PER_SECOND).toBeLessThanOrEqual(17);
    const shown = cues[0]!.endMs - cues[0]!.startMs;
    expect(shown).toBe(Math.round((reply.length * 1000) / CUE_READING_CHARS_PER_SECOND));
    expect(cues[1]!.startMs).toBeGreaterThanOrEqual(cues[0]!.endMs);
    // A few characters still get the floor.
    expect(readableMs(2)).toBe(CUE_MIN_MS);
    expect(readableMs(10_000)).toBe(CUE_MAX_MS);
  });

  it('writes the text as readers have it, capitals and punctuation, on the recogniser’s timings', () => {
    const line = spoken('ada', 'Ada', 1000, 'good morning everyone');
    line.texts['en-US'] = 'Good morning, everyone.';
    const [cue] = cuesOf([line]);
    expect(cue!.lines).toEqual(['Good morning, everyone.']);
    expect(cue!.startMs).toBe(1000);
  });

  it('writes a correction that changed how many words there are, over the time they were said', () => {
    const line = spoken('ada', 'Ada', 1000, 'good morning every one');
    line.texts['en-US'] = 'Good morning, everyone.';
    const [cue] = cuesOf([line]);
    expect(cue!.lines).toEqual(['Good morning, everyone.']);
    expect(cue!.startMs).toBe(1000);
  });

  it('keeps a late line at the time it was said, and marks its cue', () => {
    const before = spoken('ada', 'Ada', 1000, 'said first');
    const late = { ...spoken('ada', 'Ada', 5000, 'said while offline'), late: true };
    const after = spoken('ben', 'Ben', 9000, 'said after');
    // Captioned late: it took the index of the line said after it.
    late.index = after.index;
    const cues = cuesOf([before, after, late]);
    expect(cues.map((c) => [c.lines[0], c.startMs, c.late])).toEqual([
      ['said first', 1000, false],
      ['said while offline', 5000, true],
      ['said after', 9000, false],
    ]);
  });

  it('marks where a speaker’s turn starts, and after a gap', () => {
    const cues = cuesOf();
    expect(cues.slice(0, 5).map((c) => [c.speaker, c.turnStart])).toEqual([
      ['Ada', true],
      ['Ben', true],
      ['Cleo', true],
      ['Ada', true],
      ['Ada', true],
    ]);
    // The rest of Ada's long sentence continues her turn.
    expect(cues.length).toBeGreaterThan(5);
    for (const cue of cues.slice(5)) expect([cue.speaker, cue.turnStart]).toEqual(['Ada', false]);
  });

  it('gives a short typed line the minimum time when nothing follows it closely', () => {
    const [cue] = cuesOf([typed('cleo', 'Cleo', 0, 'ok')]);
    expect(cue!.endMs - cue!.startMs).toBe(CUE_MIN_MS);
  });
});

describe('cue text', () => {
  it('wraps at the space nearest the middle that keeps both lines short', () => {
    expect(wrapCueText('short')).toEqual(['short']);
    const text = 'the budget for the next quarter is about forty thousand';
    const lines = wrapCueText(text);
    expect(lines).toHaveLength(2);
    expect(lines.join(' ')).toBe(text);
    expect(Math.abs(lines[0]!.length - lines[1]!.length)).toBeLessThan(12);
  });

  it('folds whitespace and defuses the arrow that separates times', () => {
    expect(cueText(' a\n\nb --> c ')).toBe('a b → c');
  });

  it('writes SRT and WebVTT times', () => {
    expect(subtitleTime(3_723_456, ',')).toBe('01:02:03,456');
    expect(subtitleTime(5, '.')).toBe('00:00:00.005');
  });
});
