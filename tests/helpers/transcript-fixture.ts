/** Finished conversations to export: transcripts as the server stores them, built by hand. */
import type { Transcript, WordTiming } from '../../src/shared/entities';

export const START = Date.UTC(2026, 10, 25, 9, 30, 0);

let nextIndex = 0;

/** A recognised final whose words are spoken from `atMs` (from the conversation's start), 400 ms each. */
export function spoken(
  author: string,
  name: string,
  atMs: number,
  text: string,
  streamStartMs = 0,
): Transcript {
  const words: WordTiming[] = text.split(' ').map((w, i) => ({
    w,
    startMs: atMs - streamStartMs + i * 400,
    endMs: atMs - streamStartMs + i * 400 + 350,
  }));
  const t0 = words[0]!.startMs;
  return {
    id: `${author}-${nextIndex}`,
    isFinal: true,
    author,
    authorShow: name,
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': text },
    asr: {
      final: true,
      timeReceivedMs: START + atMs,
      engine: 'pocketsphinx',
      endMs: words.at(-1)!.endMs,
      words,
    },
    usePaidASR: false,
    index: nextIndex++,
    timestampMs: START + streamStartMs + t0,
    t0,
    trackName: 'mic',
  };
}

/** A typed line sent at `atMs`. */
export function typed(author: string, name: string, atMs: number, text: string): Transcript {
  return {
    id: `typed-${nextIndex}`,
    isFinal: true,
    author,
    authorShow: name,
    origin: 'human',
    speechLang: 'en-US',
    texts: { 'en-US': text },
    usePaidASR: false,
    index: nextIndex++,
    timestampMs: START + atMs,
    t0: 0,
    trackName: 'keyboard',
  };
}

/** A gap marker: `author`'s captions lost from `fromMs` to `toMs`. */
export function gap(author: string, name: string, fromMs: number, toMs: number): Transcript {
  return {
    id: `gap-${nextIndex}`,
    isFinal: true,
    author,
    authorShow: name,
    origin: 'asr',
    speechLang: 'en-US',
    texts: {},
    usePaidASR: false,
    index: nextIndex++,
    timestampMs: START + toMs,
    t0: 0,
    trackName: 'mic',
    gap: { fromMs: START + fromMs, toMs: START + toMs, reason: 'connection-lost' },
  };
}

/** Ada and Ben talk, Ben types, Ada's connection drops, and a long sentence follows. */
export function sampleConversation(): Transcript[] {
  nextIndex = 0;
  return [
    spoken('ada', 'Ada', 1000, 'good morning everyone thanks for coming'),
    spoken('ben', 'Ben', 4200, 'morning Ada', 2000),
    typed('cleo', 'Cleo', 6000, 'Hi all <3 & welcome'),
    gap('ada', 'Ada', 9000, 15000),
    spoken(
      'ada',
      'Ada',
      15500,
      'so the budget for the next quarter is about forty thousand and we need to decide today which of the three projects gets it first',
    ),
  ];
}
