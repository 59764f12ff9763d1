/**
 * npm run bench:tts [-- --runs N] [--server URL]
 *
 * Voiced replies: how long from `request-text-to-speech` leaving the client to the first audio
 * byte arriving over the real socket (what the listener waits for before the voice can start),
 * and to the whole reply (isDone), for a 20-word reply in each of the six voices. Prints p50
 * and p95 per voice and overall; the target is a first-byte p50 under 300 ms.
 */
import { parseArgs } from 'node:util';
import { TTS_VOICES } from '../src/shared/user';
import { voiceIdOf } from '../src/shared/tts';
import type { ServerMessageOf } from '../src/shared/protocol';
import { percentile } from './lib/latency';
import { startServerProcess, type ServerProcess } from './lib/server-process';
import { CaptionClient, createGuest } from './lib/socket-client';

const TARGET_P50_MS = 300;
const TWENTY_WORDS =
  'The meeting starts at ten tomorrow morning and I will bring the printed reports for everyone who asked for them.';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '8' }, server: { type: 'string' } },
});
const runs = Number(values.runs);

let server: ServerProcess | undefined;
// The bench sends faster than a person types: its own server lifts the per-connection limits.
const baseUrl =
  values.server ??
  (server = await startServerProcess({
    HEARKEN_TTS_REQUESTS_PER_MINUTE: '100000',
    HEARKEN_TYPED_MESSAGES_PER_MINUTE: '100000',
  })).url;
const client = await CaptionClient.connect(baseUrl, { user: await createGuest(baseUrl, 'Bench Voice') });

const round = (v: number | undefined) => (v === undefined ? '-' : `${Math.round(v)}`);
const firstByte: Record<string, number[]> = {};
const whole: Record<string, number[]> = {};
let n = 0;
// One warm-up: the first process start reads eSpeak NG's data from disk.
for (const voice of [TTS_VOICES[0], ...Array.from({ length: runs }, () => TTS_VOICES).flat()]) {
  const requestId = `bench${n++}`;
  const from = client.received.length;
  const sent = performance.now();
  client.send({
    type: 'request-text-to-speech',
    requestId,
    text: TWENTY_WORDS,
    voiceId: voiceIdOf(voice),
    lang: 'en-US',
  });
  const first = await client.waitFor(
    (m) => m.type === 'response-text-to-speech' && m.requestId === requestId && (!!m.audio || m.isDone),
    10_000,
    from,
  );
  const firstAt = client.received.find((r) => r.message === first)!.atMs;
  if ((first as ServerMessageOf<'response-text-to-speech'>).error) {
    throw new Error(`TTS failed: ${(first as ServerMessageOf<'response-text-to-speech'>).error}`);
  }
  const done = await client.waitFor(
    (m) => m.type === 'response-text-to-speech' && m.requestId === requestId && m.isDone,
    10_000,
    from,
  );
  const doneAt = client.received.find((r) => r.message === done)!.atMs;
  if (n === 1) continue;
  (firstByte[voice] ??= []).push(firstAt - sent);
  (whole[voice] ??= []).push(doneAt - sent);
}
await client.close();
await server?.stop();

console.log(`TTS latency, 20-word reply, eSpeak NG, ${runs} runs per voice (ms, request to ...)`);
console.log('voice     first-byte p50  p95   whole p50  p95');
for (const voice of TTS_VOICES) {
  const f = firstByte[voice]!;
  const w = whole[voice]!;
  console.log(
    `${voice.padEnd(9)} ${round(percentile(f, 50)).padStart(14)} ${round(percentile(f, 95)).padStart(4)} ${round(percentile(w, 50)).padStart(11)} ${round(percentile(w, 95)).padStart(4)}`,
  );
}
const allFirst = Object.values(firstByte).flat();
const allWhole = Object.values(whole).flat();
const p50 = percentile(allFirst, 50)!;
console.log(
  `${'overall'.padEnd(9)} ${round(p50).padStart(14)} ${round(percentile(allFirst, 95)).padStart(4)} ${round(percentile(allWhole, 50)).padStart(11)} ${round(percentile(allWhole, 95)).padStart(4)}   (${allFirst.length} runs)`,
);
console.log(
  `first-byte p50 ${round(p50)} ms: ${p50 < TARGET_P50_MS ? 'under' : 'OVER'} the ${TARGET_P50_MS} ms target`,
);
