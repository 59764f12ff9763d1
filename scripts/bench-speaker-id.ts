/**
 * Speaker identification, measured: the installed speaker-embedding model (or --model FILE)
 * embeds each segment of long-dev.wav (27 utterances of 17 voices, in the order they alternate)
 * and the room's clustering assigns it, as a stream of turns would be. Prints per segment the true
 * speaker and the assigned one, then: voices found against voices present, purity (segments whose
 * assigned speaker's most common true voice is theirs), and the embedding's cost in the server's
 * thread (ms of CPU per second of audio, p50 and p95). The last line is one JSON object.
 *
 *   npm run bench:speaker-id -- [--models-dir DIR | --model FILE] [--threshold 0.5]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadSpeakerEmbedder } from '../src/native/speech/speaker-id/embedder';
import { findSpeakerModel, noSpeakerModelError } from '../src/native/speech/speaker-id/model';
import { SAME_SPEAKER_MIN_SIMILARITY, SpeakerClusters } from '../src/server/rooms/speaker-clusters';
import { SAMPLE_RATE_HZ } from '../src/shared/constants';
import { parseWav } from '../src/shared/wav';
import { speechDir } from './lib/speech-dir';

const { values } = parseArgs({
  options: {
    'models-dir': { type: 'string', default: process.env.HEARKEN_MODELS_DIR ?? 'models' },
    model: { type: 'string' },
    threshold: { type: 'string', default: String(SAME_SPEAKER_MIN_SIMILARITY) },
  },
});
const modelsDir = resolve(values['models-dir']!);
const model = values.model ? resolve(values.model) : findSpeakerModel(modelsDir);
if (!model) throw noSpeakerModelError(modelsDir);
const embedder = loadSpeakerEmbedder(model, modelsDir);
const threshold = Number(values.threshold);

const dir = speechDir();
const audio = parseWav(readFileSync(join(dir, 'long-dev.wav'))).samples;
const segments = readFileSync(join(dir, 'long-dev.tsv'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [start, end, , , speaker] = line.split('\t');
    return { start: Number(start), end: Number(end), speaker: speaker! };
  });

const clusters = new SpeakerClusters({ threshold });
const costs: number[] = [];
const rows: { truth: string; assigned: number | undefined }[] = [];
for (const s of segments) {
  const samples = audio.subarray(Math.round(s.start * SAMPLE_RATE_HZ), Math.round(s.end * SAMPLE_RATE_HZ));
  const before = process.cpuUsage();
  const embedding = embedder.embed(samples);
  const used = process.cpuUsage(before);
  costs.push((used.user + used.system) / 1000 / (s.end - s.start));
  const assigned = clusters.assign(embedding)?.speaker;
  rows.push({ truth: s.speaker, assigned });
  console.log(`${s.start.toFixed(1).padStart(6)} s  ${s.speaker.padEnd(24)} -> Speaker ${assigned ?? '-'}`);
}

const byCluster = new Map<number, Map<string, number>>();
for (const r of rows) {
  if (r.assigned === undefined) continue;
  const counts = byCluster.get(r.assigned) ?? new Map<string, number>();
  counts.set(r.truth, (counts.get(r.truth) ?? 0) + 1);
  byCluster.set(r.assigned, counts);
}
const pure = [...byCluster.values()].reduce((sum, counts) => sum + Math.max(...counts.values()), 0);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;
const figures = {
  model: model.split('/').at(-1),
  threshold,
  segments: rows.length,
  voicesPresent: new Set(segments.map((s) => s.speaker)).size,
  voicesFound: clusters.size,
  purity: Number((pure / rows.length).toFixed(3)),
  embedCpuMsPerAudioSecondP50: Number(quantile(costs, 0.5).toFixed(2)),
  embedCpuMsPerAudioSecondP95: Number(quantile(costs, 0.95).toFixed(2)),
};
console.log(
  `\nvoices found ${figures.voicesFound} of ${figures.voicesPresent}, purity ${figures.purity}, ` +
    `embedding ${figures.embedCpuMsPerAudioSecondP50} ms CPU per audio second (p95 ${figures.embedCpuMsPerAudioSecondP95})`,
);
console.log(JSON.stringify(figures));
