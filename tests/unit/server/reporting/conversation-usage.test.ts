import { describe, expect, it } from 'vitest';
import { conversationUsage, lineSpanMs } from '../../../../src/server/reporting/conversation-usage';

const spoken = (
  author: string,
  startMs: number,
  endMs: number,
  paid = false,
  sourceAuthor: string | null = null,
) => ({
  author,
  sourceAuthor,
  engine: 'pocketsphinx',
  usePaidAsr: paid,
  text: 'three words here',
  words: [
    { startMs, endMs: startMs + 100 },
    { startMs: endMs - 100, endMs },
  ],
});

describe('conversation usage', () => {
  it('counts each recognised line from its first word to its last, by tier', () => {
    const usage = conversationUsage([
      spoken('ada', 1000, 4000),
      spoken('ada', 5000, 6500, true),
      spoken('bo', 0, 2000),
    ]);
    expect(usage.get('ada')).toEqual({ basicMs: 3000, premiumMs: 1500, words: 6 });
    expect(usage.get('bo')).toEqual({ basicMs: 2000, premiumMs: 0, words: 3 });
  });

  it('gives typed lines words but no caption time, and a reassigned line to its microphone', () => {
    const typed = {
      author: 'cy',
      sourceAuthor: null,
      engine: '',
      usePaidAsr: false,
      text: 'hello there',
      words: [],
    };
    const usage = conversationUsage([typed, spoken('speaker-2', 0, 1000, false, 'ada')]);
    expect(usage.get('cy')).toEqual({ basicMs: 0, premiumMs: 0, words: 2 });
    expect(usage.get('ada')).toEqual({ basicMs: 1000, premiumMs: 0, words: 3 });
    expect(usage.has('speaker-2')).toBe(false);
  });

  it('takes no time from a line without word timings', () => {
    expect(lineSpanMs([])).toBe(0);
  });
});
