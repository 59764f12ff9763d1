/**
 * npm run bench:firm -- [--dir ../shared/speech/dev] [--limit N] [--ms 0,150,300,500,800]
 *
 * Chooses how long the recogniser's hypotheses must agree on a word before it is firm
 * (server/rooms/local-agreement.ts). Decodes every recording of DIR once with PocketSphinx in this
 * thread (lib/engine-events.ts), then replays its events through the policy for each agreement
 * time: a firm word can no longer be corrected by the final, so a short time costs accuracy, and
 * a long one keeps words tentative longer. Prints one JSON line per agreement time: the WER of the
 * finals as readers get them (beside the recogniser's own), the firm lag in audio time
 * (lib/firm-replay.ts) and the share of words firm before their line's final.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SAMPLE_RATE_HZ } from '../src/shared/constants';
import { parseWav } from '../src/shared/wav';
import { corpusWordErrorRate } from '../src/shared/wer';
import { PocketSphinxEngine } from '../src/native/speech/pocketsphinx/engine';
import type { RecognizerEvent } from '../src/native/speech/types';
import { decodeRecording } from './lib/engine-events';
import { replayFirm } from './lib/firm-replay';
import { percentile } from './lib/latency';
import { readTranscripts, speechDir } from './lib/speech-dir';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: join(speechDir(), 'dev') },
    limit: { type: 'string' },
    ms: { type: 'string', default: '0,150,300,500,800' },
  },
});
const items = readTranscripts(resolve(values.dir!), values.limit ? Number(values.limit) : undefined);
const engine = new PocketSphinxEngine({ vadModel: resolve('resources/models/silero-vad/silero_vad.onnx') });
engine.warm(1);
const decoded: { reference: string; events: RecognizerEvent[] }[] = [];
for (const item of items) {
  const speech = parseWav(readFileSync(join(resolve(values.dir!), item.file))).samples;
  // A second of silence after the speech, as a microphone goes on after someone stops.
  const audio = new Int16Array(speech.length + SAMPLE_RATE_HZ);
  audio.set(speech);
  decoded.push({ reference: item.reference, events: await decodeRecording(engine, audio) });
}
engine.dispose();

const recogniser = corpusWordErrorRate(
  decoded.map((d) => ({
    reference: d.reference,
    hypothesis: d.events
      .filter((e) => e.kind === 'final' && e.text)
      .map((e) => e.text)
      .join(' '),
  })),
);
for (const agreedMs of values.ms!.split(',').map(Number)) {
  const pairs: { reference: string; hypothesis: string }[] = [];
  const lags: number[] = [];
  let words = 0;
  let firmEarly = 0;
  for (const d of decoded) {
    const replay = replayFirm(d.events, agreedMs);
    pairs.push({ reference: d.reference, hypothesis: replay.finals.join(' ') });
    lags.push(...replay.firmLagsMs);
    words += replay.finalWords;
    firmEarly += replay.firmBeforeFinal;
  }
  console.log(
    JSON.stringify({
      agreedMs,
      recordings: decoded.length,
      werRecogniser: Number(recogniser.toFixed(4)),
      werFirm: Number(corpusWordErrorRate(pairs).toFixed(4)),
      firmLagAudioMs: { p50: percentile(lags, 50) ?? null, p95: percentile(lags, 95) ?? null },
      firmBeforeFinalShare: words > 0 ? Number((firmEarly / words).toFixed(3)) : null,
    }),
  );
}
