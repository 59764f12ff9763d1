import { describe, expect, it } from 'vitest';
import { replayFirm } from '../../../../scripts/lib/firm-replay';
import type { RecognizerEvent } from '../../../../src/native/speech/types';

const partial = (text: string, endMs: number): RecognizerEvent => ({
  kind: 'partial',
  segment: 0,
  text,
  startMs: 0,
  endMs,
});

describe('replayFirm', () => {
  const events: RecognizerEvent[] = [
    partial('i scream', 300),
    partial('i scream for', 700),
    partial('ice cream for you', 900),
    {
      kind: 'final',
      segment: 0,
      text: 'ice cream for you',
      startMs: 0,
      endMs: 1200,
      words: [
        { w: 'ice', startMs: 0, endMs: 150 },
        { w: 'cream', startMs: 150, endMs: 300 },
        { w: 'for', startMs: 300, endMs: 500 },
        { w: 'you', startMs: 500, endMs: 800 },
      ],
    },
  ];

  it('gives the finals readers get and how long after each word it became firm', () => {
    // Agreed 400 ms at 700: "i scream" firm at 700; "for" and "you" only with the final at 1200.
    expect(replayFirm(events, 400)).toEqual({
      finals: ['i scream for you'],
      firmLagsMs: [700 - 150, 700 - 300, 1200 - 500, 1200 - 800],
      finalWords: 4,
      firmBeforeFinal: 2,
    });
  });

  it("keeps the recogniser's final when nothing became firm before it", () => {
    expect(replayFirm(events, 5000).finals).toEqual(['ice cream for you']);
  });
});
