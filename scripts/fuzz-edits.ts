/**
 * The convergence fuzz of transcript editing (tests/helpers/edit-fuzz.ts) for longer runs than
 * the unit suite's 1,000 seeds, or to replay one seed. Prints one JSON summary as its last line
 * and exits with 1 when any seed failed.
 *
 *   npm run fuzz:edits -- --seeds 100000            seeds 1 to 100000
 *   npm run fuzz:edits -- --start 4242 --seeds 1    replays seed 4242 (its problems are printed)
 *   options: --steps N (random steps per seed, default 200); --no-transform runs the server
 *   without operational transformation, to see the fuzz fail without it.
 */
import { parseArgs } from 'node:util';
import { runEditFuzz } from '../tests/helpers/edit-fuzz';

function whole(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a whole number of at least 1 (got "${raw}")`);
  return value;
}

function main(): number {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string' },
      start: { type: 'string' },
      steps: { type: 'string' },
      'no-transform': { type: 'boolean' },
    },
  });
  const seeds = whole('seeds', values.seeds, 10_000);
  const start = whole('start', values.start, 1);
  const steps = whole('steps', values.steps, 200);
  const transform = !values['no-transform'];
  const started = performance.now();
  const totals = {
    lines: 0,
    mutationsSent: 0,
    applied: 0,
    refused: 0,
    duplicates: 0,
    reconnects: 0,
    asrChanges: 0,
    repairs: 0,
  };
  const failed: { seed: number; problems: string[] }[] = [];
  for (let seed = start; seed < start + seeds; seed++) {
    const result = runEditFuzz(seed, { steps, transform });
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += result.stats[key];
    if (!result.ok) {
      failed.push({ seed, problems: result.problems });
      if (failed.length <= 5) console.log(`seed ${seed}: ${result.problems.slice(0, 3).join('; ')}`);
    }
  }
  const summary = {
    seeds,
    start,
    steps,
    transform,
    failedSeeds: failed.length,
    firstFailedSeeds: failed.slice(0, 10).map((f) => f.seed),
    ...totals,
    seconds: Math.round((performance.now() - started) / 10) / 100,
  };
  console.log(JSON.stringify(summary));
  return failed.length === 0 ? 0 : 1;
}

process.exitCode = main();
