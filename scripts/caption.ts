/**
 * npm run caption -- FILE.wav [--speed N] [--server URL] [--tier basic|premium]
 *
 * Streams a WAV file through the server's realtime socket as a microphone would and prints each
 * partial and final caption with the time it arrived (seconds since the audio started).
 * Starts its own server unless --server is given.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SAMPLE_RATE_HZ } from '../src/shared/constants';
import { parseWav } from '../src/shared/wav';
import { CaptionClient, createGuest, streamAudio } from './lib/socket-client';
import { startServerProcess, type ServerProcess } from './lib/server-process';
import { parseSpeed } from './lib/pacer';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    speed: { type: 'string', default: '1' },
    server: { type: 'string' },
    tier: { type: 'string', default: 'basic' },
  },
});
const speed = parseSpeed(values.speed);
const file = positionals[0];
if (!file) {
  console.error('usage: npm run caption -- FILE.wav [--speed N] [--server URL] [--tier basic|premium]');
  process.exit(2);
}
const audio = parseWav(readFileSync(file));
if (audio.sampleRate !== SAMPLE_RATE_HZ || audio.channels !== 1) {
  console.error(
    `${file}: ${audio.sampleRate} Hz, ${audio.channels} channel(s); Hearken streams 16 kHz mono.`,
  );
  console.error(`Convert it first, e.g.: sox "${file}" -r 16000 -c 1 -b 16 out.wav`);
  process.exit(2);
}

let server: ServerProcess | undefined;
const baseUrl = values.server ?? (server = await startServerProcess()).url;
const client = await CaptionClient.connect(baseUrl, { user: await createGuest(baseUrl, 'Caption CLI') });
if (values.tier === 'premium') client.send({ type: 'connection-params-update', usePaidASR: true });

const start = performance.now();
const seconds = (at: number) => ((at - start) / 1000).toFixed(2).padStart(7);
client.onMessage(({ atMs, message }) => {
  if (message.type === 'transcript') {
    const t = message.transcript;
    const text = t.texts[t.speechLang] ?? '';
    console.log(`${seconds(atMs)}s ${t.isFinal ? 'FINAL  ' : 'partial'} [${t.index}] ${text}`);
  } else if (message.type === 'error') {
    console.error(`${seconds(atMs)}s error ${message.error.code}: ${message.error.message}`);
  }
});

client.startAudio();
await streamAudio(client, audio.samples, { speed });
const mark = client.received.length;
client.stopAudio();
await client.waitFor(
  (m) => m.type === 'room-status-update' && m.reason === 'audio-stream-stopped',
  60_000,
  mark,
);
console.log(
  `${seconds(performance.now())}s done (${(audio.samples.length / SAMPLE_RATE_HZ).toFixed(1)} s of audio)`,
);
await client.close();
await server?.stop();
