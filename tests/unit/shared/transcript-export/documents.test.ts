import { describe, expect, it } from 'vitest';
import { escapeMarkdown, toMarkdown, toPlainText } from '../../../../src/shared/transcript-export/documents';
import { EXPORT_LABELS, exportLabels, startedAt } from '../../../../src/shared/transcript-export/labels';
import { exportLines } from '../../../../src/shared/transcript-export/lines';
import { START, sampleConversation } from '../../../helpers/transcript-fixture';

const source = {
  roomId: 'r',
  title: 'Standup',
  startTimestampMs: START,
  endTimestampMs: START + 125_000,
  transcripts: sampleConversation(),
};
const lines = exportLines(source);

describe('toPlainText', () => {
  const text = toPlainText(source, lines, { labels: EXPORT_LABELS.en, timeZone: 'Europe/Paris' });

  it('starts with the title, the start in the reader’s time zone and the length', () => {
    const [title, meta] = text.split('\n');
    expect(title).toBe('Standup');
    expect(meta).toBe('Started November 25, 2026 at 10:30 AM (Europe/Paris) · Length 02:05');
  });

  it('has a line per caption with its time, speaker, typed mark and the gap', () => {
    const body = text.split('\n\n')[1]!.trim().split('\n');
    expect(body).toEqual([
      '[00:01] Ada: good morning everyone thanks for coming',
      '[00:04] Ben: morning Ada',
      '[00:06] Cleo (typed): Hi all <3 & welcome',
      '[00:09] [No captions from 00:09 to 00:15: the connection of Ada was lost]',
      `[00:15] Ada: ${sampleConversation()[4]!.texts['en-US']}`,
    ]);
  });

  it('speaks French when the reader does', () => {
    const french = toPlainText(source, lines, { labels: exportLabels('fr-FR') });
    expect(french).toContain('Cleo (écrit): Hi all');
    expect(french).toContain('la connexion de Ada a été perdue');
    expect(french.split('\n')[1]).toMatch(/^Commencée le 25 novembre 2026/);
  });

  it('falls back to UTC for an unknown time zone and to a title for an untitled room', () => {
    expect(startedAt(EXPORT_LABELS.en, START, 'Not/AZone')).toMatch(/\(UTC\)$/);
    expect(toPlainText({ ...source, title: ' ' }, [], { labels: EXPORT_LABELS.en }).split('\n')[0]).toBe(
      'Conversation',
    );
  });
});

describe('toMarkdown', () => {
  const md = toMarkdown(source, lines, { labels: EXPORT_LABELS.en });

  it('has a heading, the details in italics and a paragraph per caption', () => {
    expect(
      md.startsWith('# Standup\n\n*Started November 25, 2026 at 9:30 AM (UTC) · Length 02:05*\n\n'),
    ).toBe(true);
    expect(md).toContain('`00:01` **Ada**: good morning everyone thanks for coming\n\n');
    expect(md).toContain('`00:06` **Cleo** *(typed)*: Hi all \\<3 & welcome');
    expect(md).toContain('> `00:09` *\\[No captions');
  });

  it('escapes what Markdown would read as markup', () => {
    expect(escapeMarkdown('*bold* _x_ [link](y) #1 a|b')).toBe('\\*bold\\* \\_x\\_ \\[link\\](y) #1 a\\|b');
  });
});
