/**
 * Cross-validated choice of decoder settings (bench:decoder-cv, issue 25 part 3). The dev set is
 * cut in two halves by speaker, so that no voice is in both: settings are chosen on one half and
 * judged on the other, and the other way round. Pure, so the split, the scoring and the rule are
 * tested exactly; the script does the decoding.
 */
import { corpusWordErrorRate, editCounts, normalizeWords } from '../../src/shared/wer';

export type Half = 'A' | 'B';

export interface Recording {
  file: string;
  speaker: string;
  reference: string;
}

/**
 * Reads `metadata.tsv` (a header with a `file` and a `speaker` column, then one line per
 * recording) into each file's speaker.
 */
export function speakersByFile(metadataTsv: string): Map<string, string> {
  const [header, ...lines] = metadataTsv.split('\n').filter((line) => line.trim());
  const columns = (header ?? '').split('\t');
  const fileColumn = columns.indexOf('file');
  const speakerColumn = columns.indexOf('speaker');
  if (fileColumn < 0 || speakerColumn < 0) throw new Error('metadata.tsv needs a file and a speaker column');
  return new Map(
    lines.map((line) => {
      const cells = line.split('\t');
      return [cells[fileColumn]!, cells[speakerColumn]!] as const;
    }),
  );
}

/**
 * Cuts the recordings in two halves by speaker, with as many reference words in each as can be:
 * speakers from the most words to the fewest (ties by name, so the split never changes between
 * runs) each go to the half that has fewer words so far (A on a tie). WER is per word, so halves
 * of equal words weigh their errors alike.
 */
export function splitBySpeaker(recordings: readonly Recording[]): Map<string, Half> {
  const wordsBySpeaker = new Map<string, number>();
  for (const r of recordings) {
    wordsBySpeaker.set(r.speaker, (wordsBySpeaker.get(r.speaker) ?? 0) + normalizeWords(r.reference).length);
  }
  const order = [...wordsBySpeaker].sort(([s1, w1], [s2, w2]) => w2 - w1 || (s1 < s2 ? -1 : s1 > s2 ? 1 : 0));
  const words = { A: 0, B: 0 };
  const halfOfSpeaker = new Map<string, Half>();
  for (const [speaker, count] of order) {
    const half: Half = words.A <= words.B ? 'A' : 'B';
    halfOfSpeaker.set(speaker, half);
    words[half] += count;
  }
  return new Map(recordings.map((r) => [r.file, halfOfSpeaker.get(r.speaker)!]));
}

export interface HalfScores {
  A: number;
  B: number;
  all: number;
}

/**
 * Corpus WER (total edits over total reference words) of each half and of the whole set, from
 * each recording's hypothesis. A recording with no hypothesis counts as nothing recognised.
 */
export function scoreHalves(
  recordings: readonly Recording[],
  halves: ReadonlyMap<string, Half>,
  hypotheses: Readonly<Record<string, string>>,
): HalfScores {
  const pairs = (keep: (r: Recording) => boolean) =>
    recordings.filter(keep).map((r) => ({ reference: r.reference, hypothesis: hypotheses[r.file] ?? '' }));
  return {
    A: corpusWordErrorRate(pairs((r) => halves.get(r.file) === 'A')),
    B: corpusWordErrorRate(pairs((r) => halves.get(r.file) === 'B')),
    all: corpusWordErrorRate(pairs(() => true)),
  };
}

/** Substitutions, deletions and insertions over the whole set, to see which way a knob moves. */
export function editTotals(
  recordings: readonly Recording[],
  hypotheses: Readonly<Record<string, string>>,
): { substitutions: number; deletions: number; insertions: number; referenceWords: number } {
  const total = { substitutions: 0, deletions: 0, insertions: 0, referenceWords: 0 };
  for (const r of recordings) {
    const c = editCounts(normalizeWords(r.reference), normalizeWords(hypotheses[r.file] ?? ''));
    total.substitutions += c.substitutions;
    total.deletions += c.deletions;
    total.insertions += c.insertions;
    total.referenceWords += c.referenceWords;
  }
  return total;
}

export interface MeasuredSetting {
  name: string;
  wer: HalfScores;
  /** The engine thread's CPU seconds per audio second. */
  cpuPerAudioSecond: number;
}

export interface ChoiceRule {
  /** The unbounded decoder: a chosen point must not be less accurate than it on the half. */
  reference: string;
  /** What ships now: the CPU budget is its cost, times `cpuTolerance`. */
  current: string;
  /** 1.05 lets a point cost 5% more than the current one (the noise of CPU figures). */
  cpuTolerance: number;
}

export interface Choice {
  tunedOn: Half;
  judgedOn: Half;
  /** The setting with the lowest WER on `tunedOn` within the CPU budget; undefined if none. */
  chosen: MeasuredSetting | undefined;
  /** On the other half: the chosen point's WER, the current point's and the reference's. */
  heldOut: { chosen: number; current: number; reference: number } | undefined;
  /** On the held-out half, the chosen point is no worse than the reference and the current one. */
  holds: boolean;
}

/**
 * Chooses on one half and judges on the other. Only settings that cost at most the current
 * point's CPU (times the tolerance) and are no less accurate than the reference on the tuning
 * half can be chosen; among them the lowest WER on that half wins (ties: the cheaper). The
 * held-out half's WER is reported beside the current point's and the reference's there.
 */
export function chooseOnHalf(settings: readonly MeasuredSetting[], rule: ChoiceRule, tunedOn: Half): Choice {
  const judgedOn: Half = tunedOn === 'A' ? 'B' : 'A';
  const reference = settings.find((s) => s.name === rule.reference);
  const current = settings.find((s) => s.name === rule.current);
  if (!reference || !current)
    throw new Error(
      `the reference (${rule.reference}) and current (${rule.current}) settings must be measured`,
    );
  const budget = current.cpuPerAudioSecond * rule.cpuTolerance;
  const eligible = settings.filter(
    (s) => s.cpuPerAudioSecond <= budget && s.wer[tunedOn] <= reference.wer[tunedOn],
  );
  const chosen = [...eligible].sort(
    (x, y) => x.wer[tunedOn] - y.wer[tunedOn] || x.cpuPerAudioSecond - y.cpuPerAudioSecond,
  )[0];
  if (!chosen) return { tunedOn, judgedOn, chosen, heldOut: undefined, holds: false };
  const heldOut = {
    chosen: chosen.wer[judgedOn],
    current: current.wer[judgedOn],
    reference: reference.wer[judgedOn],
  };
  return {
    tunedOn,
    judgedOn,
    chosen,
    heldOut,
    holds: heldOut.chosen <= heldOut.reference && heldOut.chosen <= heldOut.current,
  };
}

export interface Setting {
  name: string;
  /** PocketSphinx arguments over the engine's DEFAULT_DECODER_ARGS. */
  decoderArgs: Record<string, string>;
  /** Engine options (endpointSilenceMs, cmnPriorFrames, ...) over its defaults. */
  engineOptions: Record<string, number>;
}

/**
 * `name:k=v,k=v` into a setting. Keys starting with `engine.` are engine options (numbers), the
 * rest decoder arguments; `name:` alone is the engine as it ships.
 */
export function parseSetting(text: string): Setting {
  const colon = text.indexOf(':');
  if (colon <= 0) throw new Error(`a setting is name:k=v,... (got "${text}")`);
  const setting: Setting = { name: text.slice(0, colon), decoderArgs: {}, engineOptions: {} };
  for (const pair of text
    .slice(colon + 1)
    .split(',')
    .filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`"${pair}" in "${text}" is not k=v`);
    const key = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (key.startsWith('engine.')) {
      const number = Number(value);
      if (!Number.isFinite(number)) throw new Error(`engine option ${key} needs a number (got "${value}")`);
      setting.engineOptions[key.slice('engine.'.length)] = number;
    } else {
      setting.decoderArgs[key] = value;
    }
  }
  return setting;
}

/**
 * What may ship: settings within the CPU budget that beat the current point on both halves and
 * are no less accurate than the reference on either, most accurate on the whole set first. A
 * setting that wins on one half only is left out: a gain that does not carry over to the other
 * speakers is noise or overfitting.
 */
export function pointsBetterOnBothHalves(
  settings: readonly MeasuredSetting[],
  rule: ChoiceRule,
): MeasuredSetting[] {
  const reference = settings.find((s) => s.name === rule.reference);
  const current = settings.find((s) => s.name === rule.current);
  if (!reference || !current)
    throw new Error(
      `the reference (${rule.reference}) and current (${rule.current}) settings must be measured`,
    );
  const budget = current.cpuPerAudioSecond * rule.cpuTolerance;
  return settings
    .filter(
      (s) =>
        s.cpuPerAudioSecond <= budget &&
        (['A', 'B'] as const).every((h) => s.wer[h] < current.wer[h] && s.wer[h] <= reference.wer[h]),
    )
    .sort((x, y) => x.wer.all - y.wer.all || x.cpuPerAudioSecond - y.cpuPerAudioSecond);
}
