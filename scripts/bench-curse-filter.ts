/**
 * The curse filter's cost on the server: every caption message a member receives passes through
 * their level (rooms/curse-filter.ts), so a room of READERS readers pays it READERS times per
 * partial. Captions are the reference sentences of the recorded speech (real words), one in
 * every EVERY with a swear word added so the censoring path is measured too. Prints microseconds
 * per caption message per level, the cost of one partial fanned out to a room, and, last, one
 * JSON object of the figures.
 *
 *   npm run bench:curse-filter -- [--messages 20000] [--readers 50] [--every 10]
 */
import { parseArgs } from 'node:util';
import { censorMessage } from '../src/server/rooms/curse-filter';
import { CURSE_FILTER_LEVELS } from '../src/shared/curse-filter';
import type { Transcript } from '../src/shared/entities';
import type { ServerMessage } from '../src/shared/protocol';
import { readTranscripts, speechDir } from './lib/speech-dir';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '20000' },
    readers: { type: 'string', default: '50' },
    every: { type: 'string', default: '10' },
  },
});
const MESSAGES = Number(values.messages);
const READERS = Number(values.readers);
const EVERY = Number(values.every);
const sentences = readTranscripts(`${speechDir()}/dev`).map((i) => i.reference.toLowerCase());

const messages: ServerMessage[] = sentences.map((text, i): ServerMessage => {
  const said = i % EVERY === 0 ? `${text} oh shit` : text;
  const transcript: Transcript = {
    id: `t.${i}`,
    isFinal: false,
    author: 'a',
    authorShow: 'Ada',
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': said },
    usePaidASR: false,
    index: i,
    timestampMs: 0,
    t0: 0,
    trackName: 't',
    asr: {
      final: false,
      timeReceivedMs: 0,
      engine: 'pocketsphinx:en-us',
      endMs: 1000,
      words: said.split(' ').map((w, k) => ({ w, startMs: k * 300, endMs: k * 300 + 250 })),
    },
  };
  return { type: 'transcript', transcript, seq: i };
});

const figures: Record<string, number> = {};
for (const level of CURSE_FILTER_LEVELS) {
  // Warm up: the first call at a level builds its matcher.
  for (const m of messages.slice(0, 50)) censorMessage(m, level);
  // A fresh message each time, as the room makes one per caption change (no cache to hit).
  const fresh = Array.from({ length: MESSAGES }, (_, i) => ({ ...messages[i % messages.length]! }));
  const start = performance.now();
  for (const message of fresh) censorMessage(message, level);
  const us = ((performance.now() - start) * 1000) / MESSAGES;
  figures[`level${level}UsPerMessage`] = Number(us.toFixed(2));
  console.log(`level ${level}: ${us.toFixed(2)} µs per caption message`);
}
// The room sends one message object to every member: readers at the same level share the work.
const fanOutStart = performance.now();
const ROUNDS = 200;
for (let i = 0; i < ROUNDS; i++) {
  const message = structuredClone(messages[i % messages.length]!);
  for (let r = 0; r < READERS; r++) censorMessage(message, r % 5 === 0 ? 0 : 2);
}
const fanOutMs = (performance.now() - fanOutStart) / ROUNDS;
figures.readers = READERS;
figures.fanOutMsPerPartial = Number(fanOutMs.toFixed(3));
console.log(
  `one partial to ${READERS} readers (four in five at the default level, the rest off): ${fanOutMs.toFixed(3)} ms ` +
    `(a speaker's partials come at most every 200 ms)`,
);
console.log(JSON.stringify({ sentences: sentences.length, messages: MESSAGES, ...figures }));
