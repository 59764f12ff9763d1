/**
 * The HAProxy configuration `npm run cluster` runs in front of its nodes: one address, sockets
 * and HTTP spread over the nodes (any node serves any room, src/server/cluster/node.ts), nodes
 * that stop answering their health check taken out, the client's address passed on in
 * X-Forwarded-For (the nodes trust it from the proxy only, HEARKEN_TRUST_PROXY).
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProxyOptions {
  bind: string;
  port: number;
  nodes: { name: string; host: string; port: number }[];
}

export function haproxyConfig(options: ProxyOptions): string {
  return [
    'global',
    // Within a default 20000-descriptor limit: two descriptors per proxied connection.
    '  maxconn 8000',
    'defaults',
    '  mode http',
    '  timeout connect 3s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A caption socket stays open as long as the conversation: its tunnel is not cut at 60 s.
    '  timeout tunnel 12h',
    '  timeout client-fin 5s',
    '  option forwardfor',
    'frontend hearken',
    `  bind ${options.bind}:${options.port}`,
    '  default_backend nodes',
    'backend nodes',
    '  balance roundrobin',
    '  option httpchk GET /api/v1/ready',
    // A dead node is out within about 2 s; the clients it served reconnect to the others.
    '  default-server inter 1s fall 2 rise 2',
    ...options.nodes.map((n) => `  server ${n.name} ${n.host}:${n.port} check`),
    '',
  ].join('\n');
}

/** Writes `haproxyConfig(options)` to a file of its own and runs HAProxy on it in the foreground. */
export function startHaproxy(options: ProxyOptions, stdio: StdioOptions = 'ignore'): ChildProcess {
  const config = join(mkdtempSync(join(tmpdir(), 'hearken-haproxy-')), 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(options));
  return spawn('haproxy', ['-f', config, '-db'], { stdio });
}
