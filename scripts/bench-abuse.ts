/**
 * npm run bench:abuse [-- --attacks since-flood,upgrade-resets,line-growth,decoder-hog,boost-flood,typed-flood,export-flood] [--utterances N]
 *
 * Can one guest take captions away from everyone else? An honest person speaks real recorded
 * utterances (../shared/speech/dev, in real time) in a room of their own while, in turn, each
 * attack of scripts/lib/abuse-attacks.ts (and abuse-attacks-trust.ts, abuse-attacks-floods.ts) runs from one identity in another room, in a process of
 * its own; first with no attack, for comparison. Each round gets a fresh server process. Prints,
 * per round, the honest speaker's final-caption latency (end of the last spoken word to its final,
 * lib/recording.ts) p50/p95, how many utterances were lost (refused, no final, or the honest
 * socket closed), the longest health-check round trip (a stall of the server's event loop), how
 * far the server's resident memory rose above what it held when the honest speaker began,
 * whether the server was still running, and what the attacker sent and got; then all rounds as
 * one JSON line. Target (issue 29): no honest utterance lost, final p95 under 1.5 s in every round.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { API } from '../src/shared/api';
import { parseWav } from '../src/shared/wav';
import { ATTACKS, ATTACK_SERVER_ENV, type AttackCounts, isAttackName } from './lib/abuse-attacks';
import { percentile } from './lib/latency';
import { measureRecording } from './lib/recording';
import { startServerProcess } from './lib/server-process';
import { CaptionClient, createGuest } from './lib/socket-client';
import { readTranscripts, speechDir } from './lib/speech-dir';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    attacks: { type: 'string', default: Object.keys(ATTACKS).join(',') },
    utterances: { type: 'string', default: '8' },
  },
});
const attacks = values.attacks.split(',').filter(Boolean);
for (const name of attacks) if (!isAttackName(name)) throw new Error(`no attack is named ${name}`);
const dir = join(speechDir(), 'dev');
const items = readTranscripts(dir, Number(values.utterances));

interface Round {
  finalLatencyMs: { p50: number | null; p95: number | null };
  utterances: number;
  lost: number;
  healthMaxMs: number;
  rssRiseMb: number;
  serverRunning: boolean;
  attacker?: AttackCounts;
}

/** Health round trips every 200 ms while `running()`: the longest is the worst stall. */
async function watchHealth(url: string, running: () => boolean): Promise<number> {
  let longest = 0;
  while (running()) {
    const started = performance.now();
    await fetch(`${url}${API.health}`, { signal: AbortSignal.timeout(60_000) }).catch(() => undefined);
    longest = Math.max(longest, performance.now() - started);
    await new Promise((r) => setTimeout(r, 200));
  }
  return Math.round(longest);
}

function startAttacker(
  name: string,
  url: string,
): Promise<{ child: ChildProcess; result: Promise<AttackCounts> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'scripts/lib/abuse-attacker.ts'), name, url],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let out = '';
  return new Promise((resolveReady, reject) => {
    const result = new Promise<AttackCounts>((resolveResult) => {
      child.on('exit', () => {
        const line = out.trim().split('\n').pop() ?? '{}';
        try {
          resolveResult(JSON.parse(line) as AttackCounts);
        } catch {
          resolveResult({ sent: 0, served: 0, refused: 0 });
        }
      });
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready\n')) resolveReady({ child, result });
    });
    child.once('exit', (code) => {
      if (!out.includes('ready\n'))
        reject(new Error(`the ${name} attacker ended (${code}) before it was ready`));
    });
  });
}

async function round(attack: string | undefined): Promise<Round> {
  const server = await startServerProcess({
    HEARKEN_LOG_LEVEL: 'error',
    // Boost open to every plan, as a free organisation trial opened it to any account (F-03).
    HEARKEN_BOOST_FOR: 'everyone',
    // The attacks fill their rooms with typed lines before they start; the typed-line limit is
    // attacks-typed-flood.test.ts's to hold.
    HEARKEN_TYPED_MESSAGES_PER_MINUTE: '100000',
    ...(attack ? ATTACK_SERVER_ENV[attack as keyof typeof ATTACK_SERVER_ENV] : {}),
  });
  try {
    const attacker = attack ? await startAttacker(attack, server.url) : undefined;
    const honest = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Honest') });
    let closed = false;
    honest.ws.once('close', () => (closed = true));
    // A server that dies under an attack resets the honest socket: that is a figure, not a crash.
    honest.ws.on('error', () => (closed = true));
    let speaking = true;
    const rssAtStart = server.rssMb() ?? 0;
    let rssMax = rssAtStart;
    // On a timer of its own: a stalled server must not stop its memory being read.
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, server.rssMb() ?? 0)), 100);
    const health = watchHealth(server.url, () => speaking);
    const finals: number[] = [];
    let lost = 0;
    for (const item of items) {
      if (closed) {
        lost += 1;
        continue;
      }
      const samples = parseWav(readFileSync(join(dir, item.file))).samples;
      const result = await measureRecording(honest, samples, { speed: 1, trailingSilenceMs: 1500 }).catch(
        () => undefined,
      );
      if (!result || result.refused || result.finalLatencyMs === undefined) lost += 1;
      else finals.push(result.finalLatencyMs);
    }
    speaking = false;
    const healthMaxMs = await health;
    clearInterval(sampler);
    attacker?.child.stdin!.end('stop\n');
    const counts = attacker ? await attacker.result : undefined;
    const serverRunning = await fetch(`${server.url}${API.health}`).then(
      (r) => r.ok,
      () => false,
    );
    await honest.close();
    const ms = (v: number | undefined) => (v === undefined ? null : Math.round(v));
    return {
      finalLatencyMs: { p50: ms(percentile(finals, 50)), p95: ms(percentile(finals, 95)) },
      utterances: items.length,
      lost,
      healthMaxMs,
      rssRiseMb: Math.round(rssMax - rssAtStart),
      serverRunning,
      ...(counts ? { attacker: counts } : {}),
    };
  } finally {
    await server.stop();
  }
}

const results: Record<string, Round> = {};
for (const name of ['none', ...attacks]) {
  results[name] = await round(name === 'none' ? undefined : name);
  console.log(`${name}: ${JSON.stringify(results[name])}`);
}
console.log(JSON.stringify(results));
