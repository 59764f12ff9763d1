import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../src/shared/entities';
import { firmRewrites, stableWordLatencies } from '../../../../scripts/lib/firm-figures';
import { SendLog } from '../../../../scripts/lib/latency';

const message = (atMs: number, text: string, firmWords: number | undefined, isFinal = false) => ({
  atMs,
  transcript: {
    id: 'l1',
    isFinal,
    author: 'a',
    authorShow: 'A',
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': text },
    usePaidASR: false,
    index: 0,
    timestampMs: 0,
    t0: 0,
    trackName: 't',
    ...(firmWords === undefined ? {} : { firmWords }),
    ...(isFinal
      ? {
          asr: {
            final: true,
            timeReceivedMs: atMs,
            engine: 'e',
            words: [
              { w: 'good', startMs: 0, endMs: 300 },
              { w: 'morning', startMs: 300, endMs: 700 },
              { w: 'all', startMs: 700, endMs: 900 },
            ],
          },
        }
      : {}),
  } as Transcript,
});

/** Chunk i (960 samples, 60 ms) sent at 1000 + 60 i ms: the audio is sent in real time from 1000. */
function realTime(): SendLog {
  const log = new SendLog();
  for (let i = 0; i < 40; i++) log.record(i * 960, 1000 + i * 60);
  return log;
}

describe('stableWordLatencies', () => {
  it('times each final word from the send of its end to the first message holding it firm', () => {
    const messages = [
      message(1400, 'Good', 0),
      message(1700, 'Good morning', 1),
      message(2300, 'Good morning all', 2),
      message(2600, 'Good morning all.', undefined, true),
    ];
    // "good" ends at 300 ms (sent at 1000 + 240 = 1240): firm at 1700. "morning" ends at 700
    // (sent at 1660): firm at 2300. "all" at 900 (sent 1840): firm only in the final, at 2600.
    expect(stableWordLatencies(messages, realTime())).toEqual([460, 640, 760]);
  });

  it('counts nothing for a line that never became final', () => {
    expect(stableWordLatencies([message(1400, 'Good morning', 1)], realTime())).toEqual([]);
  });
});

describe('firmRewrites', () => {
  it('is 0 when firm words stay, whatever the tail does and however the final is written', () => {
    const messages = [
      message(1, 'Good', 0),
      message(2, 'Good morning', 1),
      message(3, 'Good morning awl', 2),
      message(4, 'Good morning all.', undefined, true),
    ];
    expect(firmRewrites(messages)).toEqual({ rewritten: 0, finalWords: 3 });
  });

  it('counts firm words a later message changed or dropped', () => {
    const messages = [
      message(1, 'I scream for', 2),
      message(2, 'Ice cream', 1),
      message(3, 'Ice cream.', undefined, true),
    ];
    expect(firmRewrites(messages)).toEqual({ rewritten: 2, finalWords: 2 });
  });
});
