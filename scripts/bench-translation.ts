/**
 * npm run bench:translation [-- --seconds S] [--server URL] [--audio WAV] [--lang es]
 *
 * The latency translation adds to a final: a host speaks real speech (../shared/speech/long-dev.wav,
 * real time, recognised by the server's engine) while a second person reads in Spanish over the
 * real socket. For each final, the time from the original final reaching the reader to its
 * translation reaching the same reader (the final again, its index covering the whole original).
 * Both are read on the reader's clock, so the figure is what the reader waits beyond the
 * original. A final is first shown with its last partial's translation: when that already covers
 * the same words, the reader waits nothing (`addedLatencyMs`); `ownTranslationMs` is the time to
 * the final's own translation, made once the original is stored, and stored in turn.
 * Prints p50 and p95 (ms), and how many finals were translated.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SAMPLE_RATE_HZ } from '../src/shared/constants';
import type { Transcript } from '../src/shared/entities';
import { parseWav } from '../src/shared/wav';
import { percentile } from './lib/latency';
import { ChunkPacer } from './lib/pacer';
import { startServerProcess, type ServerProcess } from './lib/server-process';
import { CaptionClient, createGuest, resolveRoomName, streamAudio } from './lib/socket-client';
import { speechDir } from './lib/speech-dir';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '120' },
    server: { type: 'string' },
    audio: { type: 'string' },
    lang: { type: 'string', default: 'es' },
  },
});
const lang = values.lang!;
const source = parseWav(readFileSync(values.audio ?? join(speechDir(), 'long-dev.wav'))).samples;
const samples = source.subarray(
  0,
  Math.min(source.length, Math.round(Number(values.seconds) * SAMPLE_RATE_HZ)),
);

let server: ServerProcess | undefined;
const baseUrl = values.server ?? (server = await startServerProcess()).url;
try {
  const host = await CaptionClient.connect(baseUrl, { user: await createGuest(baseUrl, 'Bench Host') });
  const status = host.received.find((r) => r.message.type === 'room-status')!.message;
  const name = status.type === 'room-status' ? status.status.name! : '';
  const user = await createGuest(baseUrl, 'Bench Reader');
  const found = await resolveRoomName(baseUrl, name, user);
  const reader = await CaptionClient.connect(baseUrl, { user, roomId: host.roomId, token: found.token });
  reader.send({ type: 'set-reading-language', lang });
  await reader.waitFor((m) => m.type === 'reading-language', 5000);

  host.startAudio();
  const pacer = new ChunkPacer(1);
  await streamAudio(host, samples, { speed: 1, pacer });
  await streamAudio(host, new Int16Array(SAMPLE_RATE_HZ), { speed: 1, pacer });
  host.stopAudio();
  await reader.waitFor((m) => m.type === 'room-status-update' && m.reason === 'audio-stream-stopped', 30_000);
  // The last finals' translations follow the stream's end.
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const originalAt = new Map<string, number>();
  /** When the reader first had a translation of the whole final (its partial's, if the same words). */
  const translatedAt = new Map<string, number>();
  /** When the final's own translation arrived (the final sent again, translated and stored). */
  const ownAt = new Map<string, number>();
  const failed = new Set<string>();
  for (const { atMs, message } of reader.received) {
    if (message.type !== 'transcript' || !message.transcript.isFinal) continue;
    const t: Transcript = message.transcript;
    const original = t.texts[t.speechLang];
    if (!original) continue;
    const first = !originalAt.has(t.id);
    if (first) originalAt.set(t.id, atMs);
    if (t.translationErrors?.[lang]) failed.add(t.id);
    if (t.texts[lang] !== undefined && t.indexes?.[lang] === original.length && !translatedAt.has(t.id))
      translatedAt.set(t.id, atMs);
    if (!first && t.texts[lang] !== undefined && !ownAt.has(t.id)) ownAt.set(t.id, atMs);
  }
  const added = [...translatedAt].map(([id, at]) => at - originalAt.get(id)!);
  const own = [...ownAt].map(([id, at]) => at - originalAt.get(id)!);
  const ms = (v: number | undefined) => (v === undefined ? null : Math.round(v));
  console.log(
    JSON.stringify({
      lang,
      audioSeconds: Math.round(samples.length / SAMPLE_RATE_HZ),
      finals: originalAt.size,
      translated: translatedAt.size,
      failed: failed.size,
      addedLatencyMs: {
        p50: ms(percentile(added, 50)),
        p95: ms(percentile(added, 95)),
        max: ms(Math.max(...added)),
      },
      ownTranslationMs: {
        p50: ms(percentile(own, 50)),
        p95: ms(percentile(own, 95)),
        max: ms(Math.max(...own)),
      },
    }),
  );
  await reader.close();
  await host.close();
} finally {
  await server?.stop();
}
