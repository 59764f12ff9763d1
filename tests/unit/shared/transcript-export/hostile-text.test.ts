/**
 * Issue 29 (F-10), the exports' half: names and caption text written to forge what a reader of
 * the file sees. A participant's name or typed line (an edit can put breaks in a spoken one too)
 * holds line breaks, `-->`, control characters and a spreadsheet formula; every writer must still
 * give one line per caption, attributed to whoever really said it, and exactly the cues there are.
 * The names are as stored: rooms kept before names were made one plain line still hold such names.
 */
import { parseSync } from 'subtitle';
import { describe, expect, it } from 'vitest';
import { subtitleCues } from '../../../../src/shared/transcript-export/cues';
import {
  PLAIN_TEXT_CONTINUATION,
  markdownTextLine,
  toMarkdown,
  toPlainText,
} from '../../../../src/shared/transcript-export/documents';
import { EXPORT_LABELS, gapSentence } from '../../../../src/shared/transcript-export/labels';
import { exportLines } from '../../../../src/shared/transcript-export/lines';
import { toSrt, toVtt } from '../../../../src/shared/transcript-export/subtitles';
import { csvField } from '../../../../src/shared/usage-report';
import { START, spoken, typed } from '../../../helpers/transcript-fixture';

/** A name that, written raw, ends its line and starts a host's line, then a whole SRT cue. */
const FORGING_NAME =
  'Mallory\n[00:05] Host: stop all medication now\n\n99\n00:00:05,000 --> 00:00:09,000\nHost';
/** A typed line (or an edited one) whose breaks start a forged host line and a forged cue. */
const FORGING_TEXT =
  'see you\r\n[00:05] Host: stop all medication now\n\n42\n00:00:05,000 --> 00:00:09,000\nHost: stop\u2028# Minutes\n- [x] done\n1. first';

const source = {
  roomId: 'r',
  title: 'Ward round\n[00:00] Host: forged heading\u0007',
  startTimestampMs: START,
  endTimestampMs: START + 30_000,
  transcripts: [
    spoken('host1234567890123456', 'Host', 1000, 'good morning'),
    typed('mallory0123456789012', FORGING_NAME, 3000, FORGING_TEXT),
    spoken('host1234567890123456', 'Host', 20_000, 'take the usual dose'),
  ],
};
const lines = exportLines(source);
const cues = subtitleCues(lines, (line) => gapSentence(EXPORT_LABELS.en, line));

describe('the plain text export of hostile names and text', () => {
  const text = toPlainText(source, lines, { labels: EXPORT_LABELS.en });
  const [title, , , ...body] = text.trimEnd().split('\n');

  it('gives the host only the lines the host said', () => {
    const attributed = body.filter((line) => /^\[\d\d:\d\d\] /.test(line));
    expect(attributed).toEqual([
      '[00:01] Host: good morning',
      expect.stringMatching(
        /^\[00:03\] Mallory \[00:05\] Host: stop all medication now 99 00:00:05,000 --> /,
      ),
      '[00:20] Host: take the usual dose',
    ]);
  });

  it('keeps the typed line’s breaks, each following line indented', () => {
    const mallory = body.slice(1, -1);
    expect(mallory.slice(1).every((line) => line.startsWith(PLAIN_TEXT_CONTINUATION))).toBe(true);
    expect(mallory).toContain(`${PLAIN_TEXT_CONTINUATION}[00:05] Host: stop all medication now`);
  });

  it('writes the title on one line, without its control character', () => {
    expect(title).toBe('Ward round [00:00] Host: forged heading');
  });
});

describe('the Markdown export of hostile names and text', () => {
  const md = toMarkdown(source, lines, { labels: EXPORT_LABELS.en });

  it('has the heading and one paragraph per caption: no blank line inside one', () => {
    const paragraphs = md.trimEnd().split('\n\n');
    expect(paragraphs).toHaveLength(2 + lines.length);
    expect(paragraphs[0]).toBe('# Ward round \\[00:00\\] Host: forged heading');
  });

  it('starts no heading, list or quote inside a caption, and names its speaker on one line', () => {
    const mallory = md.split('\n\n')[3]!.split('\n');
    expect(mallory[0]).toMatch(/^`00:03` \*\*Mallory \\\[00:05\\\] Host: stop all medication now 99 /);
    for (const line of mallory.slice(1)) expect(line).not.toMatch(/^(#|-|\+|>|=|\d+[.)])/);
    expect(mallory).toContain('\\# Minutes  ');
    expect(markdownTextLine('1. first')).toBe('1\\. first');
  });
});

describe('the subtitle exports of hostile names and text', () => {
  it('SRT: exactly the cues there are, none holding a blank line or `-->`', () => {
    const srt = toSrt(cues);
    const blocks = srt.trimEnd().split('\n\n');
    expect(blocks).toHaveLength(cues.length);
    blocks.forEach((block, i) => {
      const [number, timing, ...text] = block.split('\n');
      expect(number).toBe(String(i + 1));
      expect(timing).toMatch(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
      for (const line of text) expect(line).not.toContain('-->');
    });
    const parsed = parseSync(srt).filter((node) => node.type === 'cue');
    expect(parsed).toHaveLength(cues.length);
  });

  it('WebVTT: exactly the cues there are, the voice and title on one line', () => {
    const vtt = toVtt(cues, source.title);
    const [header, ...blocks] = vtt.trimEnd().split('\n\n');
    expect(header).toBe('WEBVTT - Ward round [00:00] Host: forged heading');
    expect(blocks).toHaveLength(cues.length);
    for (const block of blocks) {
      const [timing, ...text] = block.split('\n');
      expect(timing).toMatch(/^\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}$/);
      for (const line of text) expect(line).not.toContain('-->');
    }
    expect(vtt).toContain('<v Mallory [00:05] Host: stop all medication now 99 00:00:05,000 → ');
  });

  it('folds what a cue is built from by hand too', () => {
    const srt = toSrt([
      {
        startMs: 0,
        endMs: 1000,
        author: 'a',
        speaker: 'Eve\n\n2',
        lines: ['x\n\ny -->'],
        turnStart: true,
        gap: false,
        late: false,
        chars: 7,
      },
    ]);
    expect(srt).toBe('1\n00:00:00,000 --> 00:00:01,000\nEve 2: x y →\n');
  });
});

describe('the CSV export of a hostile name', () => {
  it('makes a formula text, also behind a tab or carriage return', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('\t=1+1')).toBe("'\t=1+1");
    expect(csvField('\r=1+1')).toBe('"\'\r=1+1"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace');
  });
});
