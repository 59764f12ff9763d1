/** SRT and WebVTT files parse back with a kept subtitle library, with the words, names and times. */
import { parseSync } from 'subtitle';
import { describe, expect, it } from 'vitest';
import { subtitleCues } from '../../../../src/shared/transcript-export/cues';
import { EXPORT_LABELS, gapSentence } from '../../../../src/shared/transcript-export/labels';
import { exportLines } from '../../../../src/shared/transcript-export/lines';
import { toPlainText } from '../../../../src/shared/transcript-export/documents';
import { escapeVtt, toSrt, toVtt } from '../../../../src/shared/transcript-export/subtitles';
import { START, sampleConversation } from '../../../helpers/transcript-fixture';

const lines = exportLines({
  roomId: 'r',
  title: 'Standup',
  startTimestampMs: START,
  transcripts: sampleConversation(),
});
const cues = subtitleCues(lines, (line) => gapSentence(EXPORT_LABELS.en, line));

function parsedCues(text: string) {
  return parseSync(text).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
}

describe('toSrt', () => {
  const srt = toSrt(cues);

  it('parses back to the same cues, numbered from 1, in increasing time', () => {
    const parsed = parsedCues(srt);
    expect(parsed).toHaveLength(cues.length);
    parsed.forEach((cue, i) => {
      expect(cue.start).toBe(cues[i]!.startMs);
      expect(cue.end).toBe(cues[i]!.endMs);
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(parsed[i - 1]!.end);
    });
    expect(srt.startsWith('1\n00:00:01,000 --> ')).toBe(true);
  });

  it('names the speaker at each turn and says the gap', () => {
    const texts = parsedCues(srt).map((c) => c.text);
    expect(texts[0]).toMatch(/^Ada: good morning/);
    expect(texts[1]).toBe('Ben: morning Ada');
    expect(texts[2]).toBe('Cleo: Hi all <3 & welcome');
    expect(texts[3]).toContain('the connection of Ada was lost');
    expect(texts[5]).not.toMatch(/^Ada:/);
  });
});

describe('toVtt', () => {
  const vtt = toVtt(cues, 'Standup');

  it('parses back to the same cue times, with its header', () => {
    expect(vtt.startsWith('WEBVTT - Standup\n\n')).toBe(true);
    const parsed = parsedCues(vtt);
    expect(parsed.map((c) => [c.start, c.end])).toEqual(cues.map((c) => [c.startMs, c.endMs]));
  });

  it('marks every spoken cue with its voice and escapes markup', () => {
    const texts = parsedCues(vtt).map((c) => c.text);
    // The speaker once, as the voice (players show it as the name), not again as text.
    expect(texts[0]).toMatch(/^<v Ada>good morning/);
    expect(texts[2]).toBe('<v Cleo>Hi all &lt;3 &amp; welcome');
    for (const text of texts) expect(text).not.toMatch(/^<v ([^>]*)>\1:/);
    expect(texts[5]).toMatch(/^<v Ada>[a-z]/);
    expect(texts[3]).not.toContain('<v');
  });

  it('escapes the three characters WebVTT reserves', () => {
    expect(escapeVtt('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
  });
});

describe('a cue captioned late', () => {
  const late = { ...cues[1]!, late: true };

  it('is a NOTE before the cue in WebVTT, in the reader’s language, and still parses at its true time', () => {
    const vtt = toVtt([cues[0]!, late], 'Standup', EXPORT_LABELS.fr.late);
    expect(vtt).toContain('\n\nNOTE sous-titré en différé\n\n00:');
    const parsed = parsedCues(vtt);
    expect(parsed.map((c) => [c.start, c.end])).toEqual([
      [cues[0]!.startMs, cues[0]!.endMs],
      [late.startMs, late.endMs],
    ]);
    expect(toVtt([cues[0]!], 'Standup')).not.toContain('NOTE');
  });

  it('ends its SRT text with the mark TXT uses, in the reader’s language, and still parses at its true time', () => {
    const srt = toSrt([cues[0]!, late], EXPORT_LABELS.fr.late);
    const parsed = parsedCues(srt);
    expect(parsed.map((c) => [c.start, c.end])).toEqual([
      [cues[0]!.startMs, cues[0]!.endMs],
      [late.startMs, late.endMs],
    ]);
    expect(parsed[1]!.text).toBe('Ben: morning Ada (sous-titré en différé)');
    expect(parsed[0]!.text).not.toContain('(');
    // English by default, the words of the TXT line.
    expect(parsedCues(toSrt([late]))[0]!.text).toBe('Ben: morning Ada (captioned late)');
    const txtLate = toPlainText(
      { roomId: 'r', title: 'Standup', startTimestampMs: START, transcripts: [] },
      [{ ...lines[1]!, late: true }],
      { labels: EXPORT_LABELS.en },
    );
    expect(txtLate).toContain(' (captioned late)');
  });
});
