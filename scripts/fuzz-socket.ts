/**
 * The socket fuzz of tests/integration/socket-fuzz.test.ts, for longer runs and for replaying a
 * seed: starts a fresh server (PGlite in a temporary folder, PocketSphinx), records the honest
 * client's captions once without fuzz, then runs the fuzz scenario for each seed and prints what
 * it found. Exits with 1 when anything was found.
 *
 *   npm run fuzz:socket                          one run with a random seed (printed)
 *   npm run fuzz:socket -- --seed 7              replays seed 7
 *   npm run fuzz:socket -- --seed 7 --runs 50    seeds 7 to 56, one after another on one server
 *   options: --messages N (frames per run, default 3000), --sockets N (default 20)
 */
import { parseArgs } from 'node:util';
import { randomInt } from 'node:crypto';
import { removeDataDir, startTestServer } from '../tests/helpers/server';
import {
  FUZZ_DEFAULTS,
  FUZZ_SERVER_ENV,
  type FuzzProblem,
  checkServerUp,
  formatMemory,
  formatReport,
  memoryProblems,
  runBaseline,
  runFuzz,
  settledMemory,
} from '../tests/helpers/socket-fuzz';

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number (got "${raw}")`);
  return value;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      runs: { type: 'string' },
      messages: { type: 'string' },
      sockets: { type: 'string' },
    },
  });
  const seed = positiveInteger('seed', values.seed, randomInt(0, 2 ** 31));
  const runs = Math.max(1, positiveInteger('runs', values.runs, 1));
  const messages = positiveInteger('messages', values.messages, FUZZ_DEFAULTS.messages);
  const sockets = Math.max(1, positiveInteger('sockets', values.sockets, FUZZ_DEFAULTS.sockets));
  console.log(
    `socket fuzz: seeds ${seed}..${seed + runs - 1}, ${messages} frames per run on ${sockets} sockets`,
  );

  const server = await startTestServer({ env: FUZZ_SERVER_ENV });
  const found: FuzzProblem[] = [];
  try {
    const baseline = await runBaseline(server.url);
    console.log(`baseline (no fuzz): WER ${baseline.wer.toFixed(3)}: "${baseline.text}"`);
    const start = await settledMemory();
    console.log(`memory at start: ${formatMemory(start)}`);
    for (let run = 0; run < runs; run++) {
      const report = await runFuzz(server.url, baseline, { seed: seed + run, messages, sockets });
      const memory = await settledMemory();
      const memoryFound = memoryProblems(start, memory, run + 1);
      report.problems.push(...memoryFound.map((p) => ({ ...p, seed: seed + run })));
      console.log(formatReport(report));
      console.log(`  memory: ${formatMemory(memory)}`);
      found.push(...report.problems);
    }
    await checkServerUp(server.url, found);
  } finally {
    await server.close();
    removeDataDir(server.dataDir);
  }
  const seeds = [...new Set(found.map((p) => p.seed).filter((s) => s !== undefined))];
  console.log(
    found.length === 0
      ? `no problems in ${runs} run(s)`
      : `${found.length} problem(s), with seeds ${seeds.join(', ')}; replay one with --seed <seed> --runs 1`,
  );
  return found.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
