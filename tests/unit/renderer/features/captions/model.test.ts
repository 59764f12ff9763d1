import { describe, expect, it } from 'vitest';
import {
  captionText,
  speakerChanges,
  replaceTranscripts,
  upsertTranscript,
} from '../../../../../src/renderer/features/captions/model';
import { makeTranscript } from '../../../../helpers/saga-harness';

describe('caption model', () => {
  it('shows the text in the speech language, else the first text', () => {
    expect(
      captionText(
        makeTranscript({ id: 'a', speechLang: 'fr-FR', texts: { 'en-US': 'hi', 'fr-FR': 'salut' } }),
      ),
    ).toBe('salut');
    expect(captionText(makeTranscript({ id: 'a', speechLang: 'de-DE', texts: { 'en-US': 'hi' } }))).toBe(
      'hi',
    );
    expect(captionText(makeTranscript({ id: 'a', texts: {} }))).toBe('');
  });

  it('breaks index ties by start time', () => {
    const list = replaceTranscripts([
      makeTranscript({ id: 'late', index: 1, timestampMs: 20 }),
      makeTranscript({ id: 'early', index: 1, timestampMs: 10 }),
    ]);
    expect(list.ids).toEqual(['early', 'late']);
  });

  it('moves a caption whose index changed', () => {
    let list = replaceTranscripts([
      makeTranscript({ id: 'a', index: 0 }),
      makeTranscript({ id: 'b', index: 1 }),
    ]);
    list = upsertTranscript(list, makeTranscript({ id: 'a', index: 2 }));
    expect(list.ids).toEqual(['b', 'a']);
  });
});

describe('speakerChanges', () => {
  it('names the first line and each line whose speaker differs from the one before', () => {
    const by = (author: string, id: string) => makeTranscript({ id, author });
    expect(speakerChanges([by('a', '1'), by('a', '2'), by('b', '3'), by('a', '4'), by('a', '5')])).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
    expect(speakerChanges([])).toEqual([]);
  });
});
