import { describe, expect, it } from 'vitest';
import { toExportJson } from '../../../../src/shared/transcript-export/export-json';
import {
  EXPORT_FORMAT_IDS,
  exportFileName,
  isExportFormat,
} from '../../../../src/shared/transcript-export/formats';
import type { ConversationStatus } from '../../../../src/shared/entities';
import { START, sampleConversation, spoken } from '../../../helpers/transcript-fixture';

describe('export formats', () => {
  it('knows its six formats and nothing else', () => {
    expect(EXPORT_FORMAT_IDS).toEqual(['txt', 'md', 'srt', 'vtt', 'docx', 'json']);
    expect(isExportFormat('srt')).toBe(true);
    expect(isExportFormat('toString')).toBe(false);
    expect(isExportFormat(undefined)).toBe(false);
  });

  it('names files after the title and day, never as a path', () => {
    expect(exportFileName('Team standup: Q4 / budget', START, 'srt')).toBe(
      'Team-standup-Q4-budget-2026-11-25.srt',
    );
    expect(exportFileName('../../etc/passwd', START, 'txt')).toBe('etc-passwd-2026-11-25.txt');
    expect(exportFileName('Réunion d’équipe', START, 'md')).toBe('Réunion-d-équipe-2026-11-25.md');
    expect(exportFileName('   ', START, 'docx')).toBe('conversation-2026-11-25.docx');
    expect(exportFileName('a'.repeat(300), START, 'vtt')).toBe(`${'a'.repeat(80)}-2026-11-25.vtt`);
  });
});

describe('toExportJson', () => {
  const status = {
    id: 'room1',
    title: 'Standup',
    conversationMode: 'public',
    langs: ['en-US'],
    links: { ro: '?token=ro' },
    startTimestampMs: START,
    speakers: [{ avaId: 'ada', avaName: 'ada', userName: 'Ada' }],
  } as unknown as ConversationStatus;

  it('has the spec’s fields, with the finals as blocs in order', () => {
    const transcripts = sampleConversation();
    const partial = { ...spoken('ben', 'Ben', 99_000, 'not yet'), isFinal: false };
    const json = toExportJson(status, [partial, ...transcripts.reverse()], {
      endTimestampMs: START + 60_000,
      customTitle: true,
    });
    expect(Object.keys(json).sort()).toEqual(
      [
        'blocs',
        'conversationMode',
        'endTimestampMs',
        'hasTranscripts',
        'isAllowedAccess',
        'langs',
        'links',
        'roomId',
        'speakers',
        'startTimestampMs',
        'title',
        'custom_title',
      ].sort(),
    );
    expect(json.blocs.map((b) => b.index)).toEqual([0, 1, 2, 3, 4]);
    expect(json).toMatchObject({
      roomId: 'room1',
      hasTranscripts: true,
      endTimestampMs: START + 60_000,
      custom_title: 'Standup',
    });
  });

  it('says when there is nothing to read', () => {
    const json = toExportJson(status, [], {});
    expect(json).toMatchObject({
      hasTranscripts: false,
      endTimestampMs: null,
      custom_title: null,
      blocs: [],
    });
  });
});
