/**
 * npm run bench:decoder-cv -- [--dir ../shared/speech/dev] [--results $TMPDIR/hearken-decoder-cv.jsonl]
 *                              [--only name,...] [--setting 'name:k=v,...']... [--report]
 *
 * Chooses PocketSphinx settings by cross-validation (issue 25, part 3; lib/decoder-cv.ts): the
 * dev set is cut in two halves by speaker, each setting decodes the whole set once in this
 * thread (lib/engine-events.ts, as bench:engine), and its WER is scored on each half. A setting is
 * chosen on half A and judged on half B, and the other way round.
 *
 * Settings are decoded one after another, never in parallel (the machine has 2 cores). Each
 * decoded setting is appended to the results file (one JSON line: hypotheses, CPU, load average),
 * and a setting already there is not decoded again, so a grid can be run in parts and reported
 * at the end with `--report` (no decoding). `--setting` adds settings to try beyond GRID:
 * `name:k=v,...`, decoder arguments, or engine options as `engine.endpointSilenceMs=600`.
 *
 * CPU is this thread's CPU seconds per audio second; other work on the machine raises it (cache,
 * shared cores), so compare it only between settings decoded close in time (the load average at
 * each setting's start is printed with it).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SAMPLE_RATE_HZ } from '../src/shared/constants';
import { parseWav } from '../src/shared/wav';
import { PocketSphinxEngine } from '../src/native/speech/pocketsphinx/engine';
import { FIRM_AGREEMENT_MS } from '../src/server/rooms/local-agreement';
import { decodeRecording } from './lib/engine-events';
import { replayFirm } from './lib/firm-replay';
import { readTranscripts, speechDir } from './lib/speech-dir';
import {
  chooseOnHalf,
  pointsBetterOnBothHalves,
  editTotals,
  parseSetting,
  scoreHalves,
  speakersByFile,
  splitBySpeaker,
  type ChoiceRule,
  type MeasuredSetting,
  type Recording,
  type Setting,
} from './lib/decoder-cv';

/**
 * The settings tried, in the order they were (docs/measurements.md, "Cross-validated decoder
 * settings (issue 25)"): the cheap knobs first. `current` is what shipped before issue 25 (so
 * without the weak forms of common words, `engine.reducedForms=0`); `unbounded` is that with
 * the library's own search bounds; `reduced-forms` is what shipped next, and `vad35` (a lower VAD
 * threshold) what ships since (engine.vadThreshold 0.35; the earlier rows pin 0.5).
 */
const BEFORE = 'engine.reducedForms=0,engine.vadThreshold=0.5';
/** The weak forms as they shipped first, with the VAD threshold of before (0.5). */
const WEAK_FORMS = 'engine.vadThreshold=0.5';
const GRID = [
  `current:${BEFORE}`,
  `unbounded:${BEFORE},maxwpf=-1,maxhmmpf=30000,wbeam=7e-29`,
  `lw8:${BEFORE},lw=8`,
  `lw5:${BEFORE},lw=5`,
  `endpoint600:${BEFORE},engine.endpointSilenceMs=600`,
  `lw7:${BEFORE},lw=7`,
  `lw6:${BEFORE},lw=6`,
  `maxhmmpf4000:${BEFORE},maxhmmpf=4000`,
  `maxwpf20:${BEFORE},maxwpf=20`,
  `cmnprior50:${BEFORE},engine.cmnPriorFrames=50`,
  `reduced-forms:${WEAK_FORMS}`,
  `endpoint600-reduced:${WEAK_FORMS},engine.endpointSilenceMs=600`,
  `endpoint800:${BEFORE},engine.endpointSilenceMs=800`,
  `endpoint600-maxwpf20:${BEFORE},engine.endpointSilenceMs=600,maxwpf=20`,
  `preroll600:${WEAK_FORMS},engine.preRollMs=600`,
  'vad35:',
].map(parseSetting);

const RULE: ChoiceRule = { reference: 'unbounded', current: 'current', cpuTolerance: 1.05 };

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: join(speechDir(), 'dev') },
    results: { type: 'string', default: join(tmpdir(), 'hearken-decoder-cv.jsonl') },
    only: { type: 'string' },
    setting: { type: 'string', multiple: true, default: [] },
    report: { type: 'boolean', default: false },
  },
});

interface Measured {
  name: string;
  decoderArgs: Record<string, string>;
  engineOptions: Record<string, number>;
  startedAt: string;
  loadAverageAtStart: number;
  audioSeconds: number;
  cpuSeconds: number;
  /** The recogniser's finals per file, joined. */
  hypotheses: Record<string, string>;
  /** The finals as readers get them, after the firm-word policy (FIRM_AGREEMENT_MS). */
  firmHypotheses: Record<string, string>;
}

const dir = resolve(values.dir!);
const speakers = speakersByFile(readFileSync(join(dir, 'metadata.tsv'), 'utf8'));
const recordings: Recording[] = readTranscripts(dir).map((item) => {
  const speaker = speakers.get(item.file);
  if (!speaker) throw new Error(`${item.file} has no speaker in metadata.tsv`);
  return { ...item, speaker };
});
const halves = splitBySpeaker(recordings);
const resultsPath = resolve(values.results!);
const readResults = (): Measured[] =>
  existsSync(resultsPath)
    ? readFileSync(resultsPath, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Measured)
    : [];

async function decode(setting: Setting): Promise<Measured> {
  const engine = new PocketSphinxEngine({
    vadModel: resolve('resources/models/silero-vad/silero_vad.onnx'),
    ...setting.engineOptions,
    reducedForms: setting.engineOptions.reducedForms !== 0,
    decoderArgs: setting.decoderArgs,
  });
  engine.warm(1);
  const hypotheses: Record<string, string> = {};
  const firmHypotheses: Record<string, string> = {};
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = loadavg()[0]!;
  let audioSeconds = 0;
  // engine.cmnCarry=1: each speaker's stream starts from the mean their last one ended with, as
  // the server does for a person's next stream (the recordings of a speaker are their streams).
  const carry = setting.engineOptions.cmnCarry === 1;
  const means = new Map<string, number[] | undefined>();
  const cpu0 = process.cpuUsage();
  for (const r of recordings) {
    const speech = parseWav(readFileSync(join(dir, r.file))).samples;
    // A second of silence after the speech, as a microphone goes on after someone stops.
    const audio = new Int16Array(speech.length + SAMPLE_RATE_HZ);
    audio.set(speech);
    audioSeconds += audio.length / SAMPLE_RATE_HZ;
    const start = carry ? means.get(r.speaker) : undefined;
    const events = await decodeRecording(engine, audio, {
      cmn: { ...(start ? { start } : {}), end: (mean) => means.set(r.speaker, mean) },
    });
    hypotheses[r.file] = events
      .filter((e) => e.kind === 'final' && e.text)
      .map((e) => e.text)
      .join(' ');
    firmHypotheses[r.file] = replayFirm(events, FIRM_AGREEMENT_MS).finals.filter(Boolean).join(' ');
  }
  const cpu = process.cpuUsage(cpu0);
  engine.dispose();
  return {
    ...setting,
    startedAt,
    loadAverageAtStart,
    audioSeconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    hypotheses,
    firmHypotheses,
  };
}

const percent = (x: number) => `${(x * 100).toFixed(2)}%`;

if (!values.report) {
  const wanted = values.only ? new Set(values.only.split(',')) : undefined;
  const settings = [...GRID, ...values.setting!.map(parseSetting)].filter(
    (s) => !wanted || wanted.has(s.name),
  );
  for (const setting of settings) {
    if (readResults().some((m) => m.name === setting.name)) continue;
    const measured = await decode(setting);
    appendFileSync(resultsPath, `${JSON.stringify(measured)}\n`);
    const wer = scoreHalves(recordings, halves, measured.hypotheses);
    console.log(
      JSON.stringify({
        name: setting.name,
        wer,
        cpuPerAudioSecond: Number((measured.cpuSeconds / measured.audioSeconds).toFixed(4)),
        load: measured.loadAverageAtStart,
        edits: editTotals(recordings, measured.hypotheses),
      }),
    );
  }
}

const results = readResults();
const words = (half: 'A' | 'B') =>
  recordings
    .filter((r) => halves.get(r.file) === half)
    .reduce((n, r) => n + r.reference.split(/\s+/).length, 0);
const speakerNames = (half: 'A' | 'B') =>
  [...new Set(recordings.filter((r) => halves.get(r.file) === half).map((r) => r.speaker))].sort().join(' ');
console.log(`\nhalf A: ${speakerNames('A')}\nhalf B: ${speakerNames('B')}`);
const speakersOf = (half: 'A' | 'B') =>
  new Set(recordings.filter((r) => halves.get(r.file) === half).map((r) => r.speaker)).size;
console.log(
  `\nhalf A: ${speakersOf('A')} speakers, about ${words('A')} words; half B: ${speakersOf('B')} speakers, about ${words('B')} words\n`,
);
console.log(
  '| setting | decoder args / engine options | WER half A | WER half B | WER all | WER firm (all) | CPU per audio s | load at start | S / D / I |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
const measured: MeasuredSetting[] = results.map((m) => {
  const wer = scoreHalves(recordings, halves, m.hypotheses);
  const firm = scoreHalves(recordings, halves, m.firmHypotheses);
  const cpuPerAudioSecond = m.cpuSeconds / m.audioSeconds;
  const e = editTotals(recordings, m.hypotheses);
  const knobs = [
    ...Object.entries(m.decoderArgs).map(([k, v]) => `${k} ${v}`),
    ...Object.entries(m.engineOptions).map(([k, v]) => `${k} ${v}`),
  ].join(', ');
  console.log(
    `| ${m.name} | ${knobs || '(as shipped)'} | ${percent(wer.A)} | ${percent(wer.B)} | ${percent(wer.all)} | ${percent(firm.all)} | ${cpuPerAudioSecond.toFixed(4)} | ${m.loadAverageAtStart.toFixed(1)} | ${e.substitutions} / ${e.deletions} / ${e.insertions} |`,
  );
  return { name: m.name, wer, cpuPerAudioSecond };
});
if (measured.some((m) => m.name === RULE.reference) && measured.some((m) => m.name === RULE.current)) {
  for (const tunedOn of ['A', 'B'] as const) {
    const choice = chooseOnHalf(measured, RULE, tunedOn);
    console.log(
      JSON.stringify({
        tunedOn,
        chosen: choice.chosen?.name ?? null,
        werTuned: choice.chosen ? Number(choice.chosen.wer[tunedOn].toFixed(4)) : null,
        judgedOn: choice.judgedOn,
        heldOut: choice.heldOut
          ? Object.fromEntries(Object.entries(choice.heldOut).map(([k, v]) => [k, Number(v.toFixed(4))]))
          : null,
        holds: choice.holds,
      }),
    );
  }
  console.log(
    JSON.stringify({
      betterThanCurrentOnBothHalves: pointsBetterOnBothHalves(measured, RULE).map((s) => ({
        name: s.name,
        wer: Object.fromEntries(Object.entries(s.wer).map(([k, v]) => [k, Number(v.toFixed(4))])),
      })),
    }),
  );
}
