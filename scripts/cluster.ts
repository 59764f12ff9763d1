/**
 * `npm run cluster`: three Hearken nodes and HAProxy in front of them, on this machine, for
 * development and tests: one address (http://127.0.0.1:8080 by default) that any client can use,
 * served by whichever node it reaches (rooms are owned by one node at a time and reached from the
 * others through NATS; docs/deploy.md). Stop it with Ctrl-C: the nodes store their last finals.
 *
 * Needs PostgreSQL, NATS (JetStream) and Redis running (the machine's services), and HAProxy
 * (apt-get install haproxy). Environment: DATABASE_URL (default: database hearken_cluster on the
 * local PostgreSQL, created if missing), HEARKEN_CLUSTER_NATS_URL (nats://127.0.0.1:4222),
 * HEARKEN_CLUSTER_PORT (the proxy's port, 8080), HEARKEN_CLUSTER_NODE_PORTS (8081,8082,8083).
 * Everything else (tiers, models, limits) is passed to the nodes as it is.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import {
  type ClusterNodeProcess,
  ensureDatabase,
  startClusterNode,
  stopClusterNode,
} from './lib/cluster-nodes';
import { startHaproxy } from './lib/haproxy-config';

const proxyPort = Number(process.env.HEARKEN_CLUSTER_PORT ?? 8080);
const nodePorts = (process.env.HEARKEN_CLUSTER_NODE_PORTS ?? '8081,8082,8083').split(',').map(Number);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hearken_cluster';
const natsUrl = process.env.HEARKEN_CLUSTER_NATS_URL ?? 'nats://127.0.0.1:4222';

async function main(): Promise<void> {
  if (spawnSync('haproxy', ['-v']).error) {
    throw new Error('HAProxy is not installed: apt-get install -y haproxy');
  }
  await ensureDatabase(databaseUrl);
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const echo = (line: string) => console.log(line);
  const env = {
    HEARKEN_TRUST_PROXY: '127.0.0.1',
    HEARKEN_PUBLIC_URL: process.env.HEARKEN_PUBLIC_URL ?? publicUrl,
    HEARKEN_LOG_FORMAT: process.env.HEARKEN_LOG_FORMAT ?? 'pretty',
    HEARKEN_LOG_LEVEL: process.env.HEARKEN_LOG_LEVEL ?? 'info',
  };
  const nodes: ClusterNodeProcess[] = [];
  // Started last; stopped first.
  const running: { proxy?: ChildProcess } = {};
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('stopping the cluster...');
    running.proxy?.kill('SIGTERM');
    await Promise.all(nodes.map((n) => stopClusterNode(n)));
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
  // The first node migrates the database; the others start once it has.
  const names = nodePorts.map((_, i) => `node-${String.fromCharCode(97 + i)}`);
  nodes.push(
    await startClusterNode({ nodeId: names[0]!, port: nodePorts[0]!, databaseUrl, natsUrl, env, echo }),
  );
  nodes.push(
    ...(await Promise.all(
      nodePorts
        .slice(1)
        .map((port, i) => startClusterNode({ nodeId: names[i + 1]!, port, databaseUrl, natsUrl, env, echo })),
    )),
  );
  for (const node of nodes) {
    void node.exited.then(() => {
      if (!stopping) console.log(`${node.nodeId} ended; the others take its rooms over`);
    });
  }
  const proxy = startHaproxy(
    {
      bind: '127.0.0.1',
      port: proxyPort,
      nodes: nodes.map((n, i) => ({ name: n.nodeId, host: '127.0.0.1', port: nodePorts[i]! })),
    },
    ['ignore', 'inherit', 'inherit'],
  );
  running.proxy = proxy;
  proxy.once('exit', (code) => {
    if (!stopping) {
      console.error(`HAProxy ended (${code ?? 'signal'})`);
      void stop(1);
    }
  });
  console.log(
    `\nHearken cluster: ${nodes.length} nodes (${nodes.map((n) => n.url).join(', ')}) behind ${publicUrl}: open ${publicUrl}/web\n`,
  );
}

main().catch((error: Error) => {
  console.error(`the cluster could not start: ${error.message}`);
  process.exit(1);
});
