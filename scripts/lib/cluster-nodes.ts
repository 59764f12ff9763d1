/**
 * Starts cluster nodes as their own processes (`npm run cluster`, the cluster test, the fan-out
 * benchmark): each one is `src/server/main.ts` with the cluster settings, so it can be killed
 * or paused like a real server. Resolves once the node says it is running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '../..');

export interface ClusterNodeProcess {
  nodeId: string;
  url: string;
  child: ChildProcess;
  /** Everything the node printed, for a failing test's message. */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
}

export interface NodeOptions {
  nodeId: string;
  port: number;
  databaseUrl: string;
  natsUrl?: string;
  host?: string;
  env?: Record<string, string>;
  /** Printed lines are passed here as well as kept. */
  echo?: (line: string) => void;
}

export async function startClusterNode(options: NodeOptions): Promise<ClusterNodeProcess> {
  const lines: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HEARKEN_DATA_DIR: mkdtempSync(join(tmpdir(), `hearken-${options.nodeId}-`)),
      HEARKEN_HOST: options.host ?? '127.0.0.1',
      HEARKEN_PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      HEARKEN_CLUSTER_NATS_URL: options.natsUrl ?? 'nats://127.0.0.1:4222',
      HEARKEN_CLUSTER_NODE_ID: options.nodeId,
      HEARKEN_LOG_FORMAT: 'json',
      HEARKEN_LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const ready = new Promise<void>((done, fail) => {
    const take = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(line);
        options.echo?.(`[${options.nodeId}] ${line}`);
        if (line.includes('Hearken is running')) done();
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    void exited.then(() =>
      fail(new Error(`node ${options.nodeId} ended before it ran:\n${lines.join('\n')}`)),
    );
  });
  await ready;
  return {
    nodeId: options.nodeId,
    url: `http://127.0.0.1:${options.port}`,
    child,
    output: () => lines.join('\n'),
    exited,
  };
}

/**
 * Past the server's own shutdown deadline (HEARKEN_SHUTDOWN_TIMEOUT_MS, 25 s), with room for a
 * busy machine: a node still running then is stuck beyond what its deadline can end.
 */
const STOP_GRACE_MS = 60_000;

/**
 * Stops a node cleanly (SIGTERM: it stores its last finals and gives its leases up). A node that
 * has not ended STOP_GRACE_MS later is killed, and what it printed last is shown with a warning,
 * so a stuck shutdown is reported instead of holding a test file until its hook times out.
 */
export async function stopClusterNode(node: ClusterNodeProcess, graceMs = STOP_GRACE_MS): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  node.child.kill('SIGCONT');
  node.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const stuck = await Promise.race([
    node.exited.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), graceMs);
    }),
  ]);
  clearTimeout(timer);
  if (!stuck) return;
  console.warn(
    `cluster node ${node.nodeId} did not end ${graceMs} ms after SIGTERM: killing it. Its last lines:\n${node
      .output()
      .split('\n')
      .slice(-40)
      .join('\n')}`,
  );
  node.child.kill('SIGKILL');
  await node.exited;
}

/** Creates the database `url` names on its PostgreSQL server if it does not exist. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`will not create a database named "${name}"`);
      await admin.query(`create database ${name}`);
      console.log(`created database ${name}`);
    }
  } finally {
    await admin.end();
  }
}
