/**
 * Issue 29 (F-13): the exports written a page at a time. Whatever the page size, the chunks
 * joined are the whole-file writers' document byte for byte, for hostile names (breaks, `-->`,
 * control characters), typed lines of several lines, gaps, removed lines, two people talking at
 * once (a later line's cue placed before an earlier one's) and finals given in any order.
 */
import { describe, expect, it } from 'vitest';
import type { ConversationStatus, Transcript } from '../../../../src/shared/entities';
import { subtitleCues } from '../../../../src/shared/transcript-export/cues';
import { toMarkdown, toPlainText } from '../../../../src/shared/transcript-export/documents';
import { toExportJson } from '../../../../src/shared/transcript-export/export-json';
import { EXPORT_LABELS, gapSentence } from '../../../../src/shared/transcript-export/labels';
import { type ExportSource, exportLines } from '../../../../src/shared/transcript-export/lines';
import {
  exportJsonChunks,
  markdownChunks,
  plainTextChunks,
  srtChunks,
  vttChunks,
} from '../../../../src/shared/transcript-export/stream';
import { toSrt, toVtt } from '../../../../src/shared/transcript-export/subtitles';
import { START, gap, sampleConversation, spoken, typed } from '../../../helpers/transcript-fixture';

const FORGING_NAME = 'Mallory\n[00:05] Host: stop\n\n99\n00:00:05,000 --> 00:00:09,000\nHost <b>&</b>';
const FORGING_TEXT =
  'see you\r\n[00:05] Host: stop all medication now\n\n42\n00:00:05,000 --> 00:00:09,000\nHost: stop\u2028# Minutes\n- [x] done\n1. first\u0007';

function conversation(): Transcript[] {
  const lines = [
    ...sampleConversation(),
    typed('mallory', FORGING_NAME, 30_000, FORGING_TEXT),
    spoken('host', 'Host "quoted" \\ name', 31_000, 'take the usual dose'),
    // Ben speaks over the host: his line comes later but starts earlier.
    spoken('ben', 'Ben', 30_500, 'wait wait I have a question about that dose'),
    gap('mallory', FORGING_NAME, 40_000, 45_000),
    // Captioned late (held audio sent after a dropped connection): SRT and WebVTT mark it.
    { ...spoken('ada', 'Ada', 46_000, 'said while the connection was down'), late: true },
    { ...typed('cleo', 'Cleo', 50_000, '   '), id: 'removed' },
    { ...typed('cleo', 'Cleo', 51_000, 'not final'), isFinal: false },
  ];
  for (let i = 0; i < 40; i++)
    lines.push(
      i % 3 === 0
        ? typed('cleo', 'Cleo =SUM(A1)\t', 60_000 + i * 2000, `line ${i}\nsecond line of ${i} --> here`)
        : spoken(
            i % 2 ? 'ada' : 'ben',
            i % 2 ? 'Ada' : 'Ben',
            60_000 + i * 1900,
            `words of line ${i} `.repeat(6).trim(),
          ),
    );
  // Finals in any order (as a caller may give them): every writer puts them in order itself.
  return lines.reverse();
}

const source: ExportSource = {
  roomId: 'room1',
  title: 'Ward round\n[00:00] Host: forged heading\u0007',
  startTimestampMs: START,
  // Before the last line ends: the length in the heading is the latest line end, read first.
  endTimestampMs: START + 30_000,
  transcripts: conversation(),
};
const labels = EXPORT_LABELS.fr;
const gapText = (line: Parameters<typeof gapSentence>[1]) => gapSentence(labels, line);
const lines = exportLines(source);
const status = {
  id: 'room1',
  title: source.title,
  conversationMode: 'public',
  langs: ['en-US'],
  links: { ro: '?token=ro' },
  startTimestampMs: START,
  speakers: [],
} as unknown as ConversationStatus;

const writers = {
  txt: {
    whole: () => toPlainText(source, lines, { labels }),
    chunks: (size: number) => plainTextChunks(source, { labels }, size),
  },
  md: {
    whole: () => toMarkdown(source, lines, { labels }),
    chunks: (size: number) => markdownChunks(source, { labels }, size),
  },
  srt: {
    whole: () => toSrt(subtitleCues(lines, gapText), labels.late),
    chunks: (size: number) => srtChunks(source, { gapText, late: labels.late }, size),
  },
  vtt: {
    whole: () => toVtt(subtitleCues(lines, gapText), 'Ward round <b>', labels.late),
    chunks: (size: number) => vttChunks(source, 'Ward round <b>', { gapText, late: labels.late }, size),
  },
  json: {
    whole: () =>
      `${JSON.stringify(toExportJson(status, source.transcripts, { endTimestampMs: START + 1, customTitle: true }), null, 2)}\n`,
    chunks: (size: number) =>
      exportJsonChunks(status, source.transcripts, { endTimestampMs: START + 1, customTitle: true }, size),
  },
};

describe('exports written a page at a time', () => {
  for (const [format, writer] of Object.entries(writers)) {
    it(`gives the whole ${format} document, whatever the page size`, () => {
      const whole = writer.whole();
      for (const size of [1, 2, 3, 7, 200]) {
        const chunks = [...writer.chunks(size)];
        if (size < 10) expect(chunks.length, `${format} in pages of ${size}`).toBeGreaterThan(5);
        expect(chunks.join(''), `${format} in pages of ${size}`).toBe(whole);
      }
    });
  }

  it('marks the line captioned late in the reader’s language, in SRT’s text and as a WebVTT NOTE', () => {
    expect([...writers.srt.chunks(3)].join('')).toContain(
      'said while the connection was down (sous-titré en différé)\n',
    );
    expect([...writers.vtt.chunks(3)].join('')).toContain('NOTE sous-titré en différé\n');
  });

  it('has the cues of two people talking at once out of line order, as the streams must write them', () => {
    const cues = subtitleCues(lines, gapText);
    const order = cues.map((cue) => lines.findIndex((line) => line.speaker === cue.speaker));
    expect(cues.some((cue, i) => i > 0 && cue.speaker === 'Ben' && order[i - 1] !== order[i])).toBe(true);
  });

  it('writes a conversation with no lines as the whole writers do', () => {
    const empty = { ...source, transcripts: [] };
    expect([...plainTextChunks(empty, { labels }, 2)].join('')).toBe(toPlainText(empty, [], { labels }));
    expect([...markdownChunks(empty, { labels }, 2)].join('')).toBe(toMarkdown(empty, [], { labels }));
    expect([...srtChunks(empty, { gapText }, 2)].join('')).toBe(toSrt([]));
    expect([...vttChunks(empty, 'T', { gapText }, 2)].join('')).toBe(toVtt([], 'T'));
    expect([...exportJsonChunks(status, [], {}, 2)].join('')).toBe(
      `${JSON.stringify(toExportJson(status, [], {}), null, 2)}\n`,
    );
  });
});
