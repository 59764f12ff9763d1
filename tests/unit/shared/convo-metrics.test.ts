import { describe, expect, it } from 'vitest';
import {
  countConversation,
  countRating,
  countSavedTranscript,
  wordCount,
} from '../../../src/shared/convo-metrics';

describe('conversation metrics counters', () => {
  it('counts a group conversation in the group counters and the totals', () => {
    const before = { total_conversations: 4, 'Total Convo Time': 1000 };
    const after = countConversation(before, { speakers: 2, words: 30, durationMs: 60_000 });
    expect(after).toEqual({
      total_conversations: 5,
      'Total Conversations': 1,
      'Total Convo Time': 61_000,
      'Total Convo Words': 30,
      'Total Group Time': 60_000,
      'Total Group Words': 30,
      'Total Group Conversations Web': 1,
      NB_GROUP_CONVO: 1,
    });
    expect(before).toEqual({ total_conversations: 4, 'Total Convo Time': 1000 });
  });

  it('calls a conversation with one speaker, or none, solo', () => {
    for (const speakers of [0, 1]) {
      const after = countConversation({ total_conversations: 0 }, { speakers, words: 3, durationMs: 5000 });
      expect(after).toMatchObject({ NB_SOLO_CONVO: 1, 'Total Solo Time': 5000, 'Total Solo Words': 3 });
      expect(after.NB_GROUP_CONVO).toBeUndefined();
    }
  });

  it('never counts negative time (an end stored before its start by a clock step)', () => {
    expect(
      countConversation({ total_conversations: 0 }, { speakers: 1, words: 0, durationMs: -5 }),
    ).toMatchObject({
      'Total Convo Time': 0,
    });
  });

  it('counts ratings by their stars and saved transcripts', () => {
    const rated = countRating(countRating({ total_conversations: 1 }, 4), 4);
    expect(rated).toEqual({ total_conversations: 1, Rated_4: 2 });
    expect(countSavedTranscript(rated)['Total Saved Transcripts']).toBe(1);
  });

  it('counts words as runs of letters and digits', () => {
    expect(wordCount("Let's meet at 10, café?")).toBe(5);
    expect(wordCount('  ')).toBe(0);
  });
});
