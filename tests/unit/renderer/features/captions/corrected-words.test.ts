import { describe, expect, it } from 'vitest';
import {
  correctedRuns,
  withTentativeTail,
} from '../../../../../src/renderer/features/captions/corrected-words';

describe('correctedRuns', () => {
  it.each([
    ['no highlight', 'hello world', undefined, [{ text: 'hello world', corrected: false }]],
    ['empty highlight', 'hello world', [], [{ text: 'hello world', corrected: false }]],
    [
      'one whole word',
      'meet Siobhan today',
      [{ index: 5, length: 7 }],
      [
        { text: 'meet ', corrected: false },
        { text: 'Siobhan', corrected: true },
        { text: ' today', corrected: false },
      ],
    ],
    [
      'one letter marks its whole word',
      'the cat sat',
      [{ index: 5, length: 1 }],
      [
        { text: 'the ', corrected: false },
        { text: 'cat', corrected: true },
        { text: ' sat', corrected: false },
      ],
    ],
    [
      'neighbouring corrected words are one run, with their space',
      'go to New York now',
      [{ index: 6, length: 8 }],
      [
        { text: 'go to ', corrected: false },
        { text: 'New York', corrected: true },
        { text: ' now', corrected: false },
      ],
    ],
    [
      'code points, not UTF-16 units (an emoji before the word)',
      '😀 café ok',
      [{ index: 2, length: 4 }],
      [
        { text: '😀 ', corrected: false },
        { text: 'café', corrected: true },
        { text: ' ok', corrected: false },
      ],
    ],
    [
      'leading and trailing spaces kept',
      ' hi ',
      [{ index: 1, length: 2 }],
      [
        { text: ' ', corrected: false },
        { text: 'hi', corrected: true },
        { text: ' ', corrected: false },
      ],
    ],
  ])('%s', (_name, text, highlighted, runs) => {
    const got = correctedRuns(text, highlighted);
    expect(got).toEqual(runs);
    // Nothing is lost or repeated: the runs spell the text.
    expect(got.map((r) => r.text).join('')).toBe(text);
  });
});

describe('withTentativeTail', () => {
  it('cuts the runs where the firm words end, inside a run or between two', () => {
    const runs = correctedRuns('we met Siobhan in Galway', [{ index: 7, length: 7 }]);
    expect(withTentativeTail(runs, 14)).toEqual([
      { text: 'we met ', corrected: false },
      { text: 'Siobhan', corrected: true },
      { text: ' in Galway', corrected: false, tentative: true },
    ]);
    expect(withTentativeTail(runs, 9)).toEqual([
      { text: 'we met ', corrected: false },
      { text: 'Si', corrected: true },
      { text: 'obhan', corrected: true, tentative: true },
      { text: ' in Galway', corrected: false, tentative: true },
    ]);
    expect(withTentativeTail(runs, 24)).toEqual(runs);
  });
});
