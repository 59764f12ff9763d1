/** Every format through the server's one entry point; DOCX opened as the zip it is. */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { ConversationStatus } from '../../../../src/shared/entities';
import { EXPORT_FORMAT_IDS } from '../../../../src/shared/transcript-export/formats';
import { exportTranscript } from '../../../../src/server/transcripts/export';
import { START, sampleConversation } from '../../../helpers/transcript-fixture';

const status = {
  id: 'room1',
  title: 'Standup',
  conversationMode: 'public',
  langs: ['en-US'],
  links: { ro: '?token=ro' },
  startTimestampMs: START,
  speakers: [],
} as unknown as ConversationStatus;

describe('exportTranscript', () => {
  it('answers every format with its type and a file name', async () => {
    for (const format of EXPORT_FORMAT_IDS) {
      const file = await exportTranscript(status, sampleConversation(), START + 60_000, { format });
      expect(file.fileName).toBe(`Standup-2026-11-25.${format}`);
      expect(file.contentType).toMatch(format === 'docx' ? /officedocument/ : /charset=utf-8/);
      expect(file.body.length).toBeGreaterThan(100);
    }
  });

  it('writes a Word document whose text holds every caption, speaker and the gap', async () => {
    const file = await exportTranscript(status, sampleConversation(), undefined, {
      format: 'docx',
      ui: 'en',
    });
    const zip = await JSZip.loadAsync(file.body as Buffer);
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = xml.replace(/<w:br\/>/g, '\n').replace(/<[^>]+>/g, '');
    expect(text).toContain('Standup');
    expect(text).toContain('Ada: good morning everyone thanks for coming');
    expect(text).toContain('Cleo (typed): Hi all &lt;3 &amp; welcome');
    expect(text).toContain('the connection of Ada was lost');
  });

  it('marks a line captioned late in every document format, at the time it was said, in the reader’s language', async () => {
    const transcripts = sampleConversation();
    const late = transcripts.find((t) => t.authorShow === 'Ben')!;
    late.late = true;
    const docx = await exportTranscript(status, transcripts, undefined, { format: 'docx', ui: 'fr' });
    const zip = await JSZip.loadAsync(docx.body as Buffer);
    const xml = (await zip.file('word/document.xml')!.async('string')).replace(/<[^>]+>/g, '');
    expect(xml).toContain('Ben: morning Ada (sous-titré en différé)');
    expect(xml.match(/sous-titré en différé/g)).toHaveLength(1);
    const txt = (await exportTranscript(status, transcripts, undefined, { format: 'txt', ui: 'en' })).body;
    expect(txt).toMatch(/\[00:0\d\] Ben: morning Ada \(captioned late\)\n/);
    expect(String(txt).match(/captioned late/g)).toHaveLength(1);
    const md = (await exportTranscript(status, transcripts, undefined, { format: 'md', ui: 'en' })).body;
    expect(md).toContain('**Ben**: morning Ada *(captioned late)*');
    const vtt = (await exportTranscript(status, transcripts, undefined, { format: 'vtt', ui: 'en' })).body;
    expect(vtt).toMatch(/NOTE captioned late\n\n[\d:.]+ --> [\d:.]+\n<v Ben>morning Ada/);
  });

  it('gives the JSON export back as the spec’s object', async () => {
    const file = await exportTranscript(status, sampleConversation(), START + 1, { format: 'json' });
    const json = JSON.parse(file.body as string) as {
      blocs: unknown[];
      endTimestampMs: number;
      roomId: string;
    };
    expect(json.roomId).toBe('room1');
    expect(json.blocs).toHaveLength(5);
    expect(json.endTimestampMs).toBe(START + 1);
  });
});
