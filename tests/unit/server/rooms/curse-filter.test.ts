import { describe, expect, it } from 'vitest';
import {
  ReaderCurseFilter,
  censorMessage,
  censorText,
  censorTranscript,
  levelOfWord,
} from '../../../../src/server/rooms/curse-filter';
import { CURSE_FILTER_DEFAULT, isCurseFilterLevel } from '../../../../src/shared/curse-filter';
import type { Transcript } from '../../../../src/shared/entities';

const LINE = 'What the fuck, this shit is in my vagina report, you nigger.';

function line(texts: Record<string, string>, words?: string[]): Transcript {
  return {
    id: 'track.1',
    isFinal: true,
    author: 'a',
    authorShow: 'Ada',
    origin: 'asr',
    speechLang: 'en-US',
    texts,
    usePaidASR: false,
    index: 1,
    timestampMs: 1000,
    t0: 0,
    trackName: 'track',
    asr: {
      final: true,
      timeReceivedMs: 2000,
      engine: 'pocketsphinx:en-us',
      endMs: 900,
      ...(words ? { words: words.map((w, i) => ({ w, startMs: i * 100, endMs: i * 100 + 90 })) } : {}),
    },
  };
}

describe('curse filter levels', () => {
  it('0 leaves every word as said', () => {
    expect(censorText(LINE, 0)).toBe(LINE);
  });

  it('1 masks slurs and the strongest words only, keeping their first letter', () => {
    expect(censorText(LINE, 1)).toBe('What the f***, this shit is in my vagina report, you n*****.');
  });

  it('2 (the default) masks every swear word too, but not plain anatomical words', () => {
    expect(CURSE_FILTER_DEFAULT).toBe(2);
    expect(censorText(LINE, 2)).toBe('What the f***, this s*** is in my vagina report, you n*****.');
  });

  it('3 masks the plain sexual words too, and hides every masked word entirely', () => {
    expect(censorText(LINE, 3)).toBe('What the ****, this **** is in my ****** report, you ******.');
  });

  it('catches stretched spellings and leaves innocent words that contain a bad one', () => {
    expect(censorText('fuuuuck that', 2)).toMatch(/^f\*+ that$/);
    expect(censorText('Please assess the class in Scunthorpe', 3)).toBe(
      'Please assess the class in Scunthorpe',
    );
  });

  it('places each word of the list at a level', () => {
    expect(levelOfWord('fuck')).toBe(1);
    expect(levelOfWord('shit')).toBe(2);
    expect(levelOfWord('penis')).toBe(3);
    expect(levelOfWord('a word the list adds later')).toBe(2);
  });

  it('only takes the levels there are', () => {
    expect([0, 1, 2, 3].every(isCurseFilterLevel)).toBe(true);
    expect([-1, 4, 2.5, '2', null].some(isCurseFilterLevel)).toBe(false);
    const filter = new ReaderCurseFilter();
    expect(filter.level).toBe(2);
    filter.set(7);
    expect(filter.level).toBe(2);
    filter.set(0);
    expect(filter.level).toBe(0);
  });
});

describe('filtering a caption', () => {
  it('filters every text and word timing into a copy, leaving the original untouched', () => {
    const original = line({ 'en-US': 'Oh shit.', fr: 'Oh shit, merde.' }, ['oh', 'shit']);
    const before = structuredClone(original);
    const filtered = censorTranscript(original, 2);
    expect(filtered.texts).toEqual({ 'en-US': 'Oh s***.', fr: 'Oh s***, merde.' });
    expect(filtered.asr?.words?.map((w) => w.w)).toEqual(['oh', 's***']);
    expect(filtered.asr?.words?.[1]?.endMs).toBe(190);
    expect(original).toEqual(before);
  });

  it('gives back the same object when nothing is masked', () => {
    const clean = line({ 'en-US': 'Good morning.' }, ['good', 'morning']);
    expect(censorTranscript(clean, 3)).toBe(clean);
    const message = { type: 'transcript' as const, transcript: clean, seq: 3 };
    expect(censorMessage(message, 2)).toBe(message);
  });

  it('filters every message that carries captions, and nothing else', () => {
    const rude = line({ 'en-US': 'Shit happens.' });
    const text = (t: Transcript) => t.texts['en-US'];
    const one = censorMessage({ type: 'transcript', transcript: rude, seq: 1 }, 2);
    expect(one.type === 'transcript' && text(one.transcript)).toBe('S*** happens.');
    for (const message of [
      { type: 'transcripts' as const, transcripts: [rude], seq: 1, hasOlder: false },
      {
        type: 'transcripts-since-response' as const,
        afterSeq: 0,
        transcripts: [rude],
        seq: 1,
        complete: true,
      },
      { type: 'transcripts-before-response' as const, beforeIndex: 5, transcripts: [rude], hasOlder: false },
    ]) {
      const filtered = censorMessage(message, 2);
      expect('transcripts' in filtered && filtered.transcripts.map(text)).toEqual(['S*** happens.']);
    }
    // Readers at the same level share one filtered copy of a message the room sends to all.
    const shared = { type: 'transcript' as const, transcript: rude, seq: 2 };
    expect(censorMessage(shared, 2)).toBe(censorMessage(shared, 2));
    expect(censorMessage(shared, 2)).not.toBe(censorMessage(shared, 3));
    expect(shared.transcript.texts['en-US']).toBe('Shit happens.');
    const pong = { type: 'PONG' as const, serverTimeMs: 1, clientTimeMs: 1 };
    expect(censorMessage(pong, 3)).toBe(pong);
  });
});
