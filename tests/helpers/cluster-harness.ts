/**
 * What every cluster integration test sets up alike (its database of its own on the test
 * PostgreSQL, which cluster mode requires, comes from test-postgres.ts): node names of its own on
 * the machine's one NATS, where a node's name is its subjects' (hearken.cluster.open.<node>): two files running at
 * once with the same names would answer each other's requests.
 */
import type { ChildProcess } from 'node:child_process';
import { type ClusterNodeProcess, startClusterNode } from '../../scripts/lib/cluster-nodes';
import { startHaproxy } from '../../scripts/lib/haproxy-config';
import { randomId } from '../../src/shared/ids';

/** Three node names of this run only. */
export function clusterNodeNames(prefix: string): { a: string; b: string; c: string } {
  return {
    a: `${prefix}-a-${randomId(6)}`,
    b: `${prefix}-b-${randomId(6)}`,
    c: `${prefix}-c-${randomId(6)}`,
  };
}

type Letter = 'a' | 'b' | 'c';

/**
 * Starts nodes A, B and C on one database: A first (it migrates the new database, so the others
 * find it ready), then B and C at once. Each is put in `nodes` as soon as it runs, so that if
 * another fails to start, the test's afterAll still stops every node that did.
 */
export async function startThreeNodes(options: {
  names: Record<Letter, string>;
  ports: Record<Letter, number>;
  databaseUrl: string;
  env?: Record<string, string>;
  nodes: Partial<Record<Letter, ClusterNodeProcess>>;
}): Promise<void> {
  const { names, ports, databaseUrl, env, nodes } = options;
  const start = (letter: Letter) =>
    startClusterNode({
      nodeId: names[letter],
      port: ports[letter],
      databaseUrl,
      ...(env ? { env } : {}),
    }).then((node) => (nodes[letter] = node));
  await start('a');
  await Promise.all([start('b'), start('c')]);
}

/** HAProxy on 127.0.0.1:`port` in front of `backends`, returned once it answers a health check. */
export async function startProxyTo(
  port: number,
  backends: { name: string; port: number }[],
  timeoutMs = 20_000,
): Promise<ChildProcess> {
  const proxy = startHaproxy({
    bind: '127.0.0.1',
    port,
    nodes: backends.map((b) => ({ name: b.name, host: '127.0.0.1', port: b.port })),
  });
  const deadline = Date.now() + timeoutMs;
  while ((await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => undefined))?.ok !== true) {
    if (Date.now() > deadline) {
      proxy.kill('SIGTERM');
      throw new Error(`HAProxy on port ${port} did not answer in ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return proxy;
}
