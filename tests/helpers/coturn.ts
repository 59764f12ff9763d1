/**
 * A real TURN server for tests: Debian's coturn, on the loopback only, checking credentials in
 * the REST API scheme (use-auth-secret) against a secret the test gives the Hearken server too.
 * Relaying to loopback peers is allowed (the Hearken server is one); nothing else listens.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

export interface Coturn {
  url: string;
  secret: string;
  /** Everything it logged so far. */
  log(): string;
  stop(): Promise<void>;
}

export function coturnInstalled(): boolean {
  return spawnSync('turnserver', ['--help'], { stdio: 'ignore' }).error === undefined;
}

export async function startCoturn(secret: string): Promise<Coturn> {
  // A port of its own per run: several test files may hold one at once.
  const port = 35000 + Math.floor(Math.random() * 5000);
  const relayMin = 45000 + Math.floor(Math.random() * 100) * 50;
  const child: ChildProcess = spawn(
    'turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      `--min-port=${relayMin}`,
      `--max-port=${relayMin + 49}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=hearken.test',
      '--allow-loopback-peers',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 10_000;
  while (!/IO method \(general relay thread\)/.test(output)) {
    if (child.exitCode !== null) throw new Error(`turnserver exited: ${output.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`turnserver did not start: ${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    secret,
    log: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
