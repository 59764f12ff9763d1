/**
 * NATS for the cluster: publish, subscribe (optionally in a queue group), request with a timeout,
 * over the official client (@nats-io/transport-node), which brings the server list, credentials,
 * TLS and reconnection (docs/deploy.md). This class keeps the small surface the rest of the
 * cluster code was written against.
 *
 * What is published while the connection is down is dropped, not queued for later (NATS core
 * is at-most-once, and the relay above it closes the sockets it serves when their owner stops
 * answering): a queue would grow with every relayed audio frame for as long as NATS is away.
 */
import { readFileSync } from 'node:fs';
import {
  type NatsConnection as NatsClient,
  type NodeConnectionOptions,
  AuthorizationError,
  RequestError,
  TimeoutError,
  connect as natsConnect,
  credsAuthenticator,
} from '@nats-io/transport-node';
import { CONNECTION_VARIABLES as V, type NatsSettings, natsSettings } from './connection-settings';
import { scopeSubject, unscopeSubject } from './subject-scope';

export interface NatsMessage {
  subject: string;
  replyTo?: string;
  data: Buffer;
}

export interface Subscription {
  unsubscribe(): void;
}

/** No answer in time, or nobody listens on the subject (NATS says so at once). */
export class NatsTimeout extends Error {}

/** NATS refused this node, or none of its servers could be reached: the node does not start. */
export class NatsStartError extends Error {}

/** What went through this node's NATS connection since it started (the server's metrics). */
export interface NatsCounts {
  messagesIn: number;
  messagesOut: number;
  bytesIn: number;
  bytesOut: number;
  reconnects: number;
}

type Log = (level: 'info' | 'warn', message: string, extra?: object) => void;

/** How long one server may take to accept the connection at start or on a reconnect. */
const CONNECT_TIMEOUT_MS = 5000;
/** Between two rounds of reconnection attempts. */
const RECONNECT_MS = 500;
/** A server that stops answering pings (without closing the connection) is left after two. */
const PING_INTERVAL_MS = 5000;

/** Subjects are tokens separated by dots, without spaces: anything else would break the framing. */
export function validSubject(subject: string): boolean {
  return /^[^\s.]+(\.[^\s.]+)*$/.test(subject);
}

/** The client's options for `settings`, its files read (an unreadable one named). */
export function clientOptions(settings: NatsSettings, name: string): NodeConnectionOptions {
  const read = (variable: string, path: string) => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new NatsStartError(`NATS: cannot read ${variable} (${path}): ${(error as Error).message}`);
    }
  };
  const { tls } = settings;
  return {
    // A copy: the client changes the list it is given as servers fail.
    servers: [...settings.servers],
    name,
    ...(settings.user !== undefined ? { user: settings.user, pass: settings.password ?? '' } : {}),
    ...(settings.token !== undefined ? { token: settings.token } : {}),
    ...(settings.credsFile
      ? { authenticator: credsAuthenticator(read(V.natsCreds, settings.credsFile)) }
      : {}),
    ...(tls
      ? {
          tls: {
            ...(tls.caFile ? { ca: read(V.natsCaFile, tls.caFile).toString() } : {}),
            ...(tls.certFile ? { cert: read(V.natsCertFile, tls.certFile).toString() } : {}),
            ...(tls.keyFile ? { key: read(V.natsKeyFile, tls.keyFile).toString() } : {}),
          },
        }
      : {}),
    timeout: CONNECT_TIMEOUT_MS,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: RECONNECT_MS,
    pingInterval: PING_INTERVAL_MS,
    maxPingOut: 2,
  };
}

const isAuthError = (error: unknown) =>
  error instanceof AuthorizationError || /authoriz|authenticat/i.test((error as Error).message);

/**
 * Why the first connection failed, in words an operator acts on. The client reports the last
 * server's error only: with a list, a server that refused the credentials may hide behind one
 * that was down, so each server is asked alone (at once, so within one connection timeout).
 */
async function startError(settings: NatsSettings, name: string, error: unknown): Promise<NatsStartError> {
  if (error instanceof NatsStartError) return error;
  const where = `NATS (${settings.servers.join(', ')})`;
  let refused = isAuthError(error) ? (error as Error) : undefined;
  const reasons: string[] = [];
  if (!refused && settings.servers.length > 1) {
    const probes = await Promise.allSettled(
      settings.servers.map((server) =>
        natsConnect({ ...clientOptions({ ...settings, servers: [server] }, name), reconnect: false }),
      ),
    );
    for (const [i, probe] of probes.entries()) {
      if (probe.status === 'fulfilled') await probe.value.close().catch(() => {});
      else if (isAuthError(probe.reason)) refused = probe.reason as Error;
      reasons.push(
        `${settings.servers[i]}: ${probe.status === 'fulfilled' ? 'answered when asked again' : (probe.reason as Error).message}`,
      );
    }
  }
  if (refused)
    return new NatsStartError(
      `${where}: authentication failed (${refused.message}); check the credentials in ${V.natsUrl} or ${V.natsUser}/${V.natsPassword}, ${V.natsToken}, ${V.natsCreds}`,
    );
  return new NatsStartError(
    `${where}: no server could be reached (${reasons.length > 0 ? reasons.join('; ') : (error as Error).message})`,
  );
}

export class NatsConnection {
  private connected = true;
  private reconnects = 0;

  private constructor(
    private readonly client: NatsClient,
    private readonly log: Log,
    /** The cluster's name on the wire (subject-scope.ts); absent, subjects go as written. */
    private readonly cluster: string | undefined,
  ) {
    void this.watch();
  }

  /**
   * Connects to the first server of the list that accepts this node (`servers`: settings, or a
   * URL or comma-separated list of them, credentials in the URLs). Rejects with NatsStartError,
   * within CONNECT_TIMEOUT_MS per server, when none does: wrong credentials or none reachable.
   * `cluster`: the name that scopes this connection's `hearken.` subjects (cluster-name.ts).
   */
  static async connect(
    servers: string | NatsSettings,
    name: string,
    log: Log,
    cluster?: string,
  ): Promise<NatsConnection> {
    const settings = typeof servers === 'string' ? natsSettings({ [V.natsUrl]: servers }) : servers;
    try {
      const client = await natsConnect(clientOptions(settings, name));
      return new NatsConnection(client, log, cluster);
    } catch (error) {
      throw await startError(settings, name, error);
    }
  }

  /** Follows the client's reports: down, back (counted), and what the server said. */
  private async watch(): Promise<void> {
    for await (const status of this.client.status()) {
      switch (status.type) {
        case 'disconnect':
          this.connected = false;
          this.log('warn', 'the NATS connection closed; reconnecting', { url: status.server });
          break;
        case 'reconnect':
          this.connected = true;
          this.reconnects++;
          this.log('info', 'NATS connection restored', { url: status.server });
          break;
        case 'error':
          this.log('warn', 'NATS said an error', { error: status.error.message });
          break;
        case 'close':
          this.connected = false;
          break;
        default:
          break;
      }
    }
  }

  get isConnected(): boolean {
    return this.connected && !this.client.isClosed();
  }

  publish(subject: string, data: Buffer | string, replyTo?: string): void {
    if (!validSubject(subject)) throw new Error(`not a NATS subject: ${subject}`);
    if (!this.isConnected) return;
    this.client.publish(
      scopeSubject(subject, this.cluster),
      data,
      replyTo ? { reply: scopeSubject(replyTo, this.cluster) } : undefined,
    );
  }

  /**
   * Bytes written but not yet on the wire: the relay's measure of a slow owner or front. The
   * client keeps no public measure; this reads its pending buffer and its socket's (checked
   * against a real server by tests/integration/cluster-nats-redis.test.ts).
   */
  get bufferedBytes(): number {
    const internals = this.client as unknown as {
      protocol?: {
        outbound?: { size(): number };
        transport?: { socket?: { writableLength?: number } };
      };
    };
    const protocol = internals.protocol;
    return (protocol?.outbound?.size() ?? 0) + (protocol?.transport?.socket?.writableLength ?? 0);
  }

  subscribe(subject: string, handler: (message: NatsMessage) => void, queue?: string): Subscription {
    const sub = this.client.subscribe(scopeSubject(subject, this.cluster), {
      ...(queue ? { queue } : {}),
      callback: (error, message) => {
        if (error) return;
        handler({
          subject: unscopeSubject(message.subject, this.cluster),
          ...(message.reply ? { replyTo: unscopeSubject(message.reply, this.cluster) } : {}),
          data: Buffer.from(message.data),
        });
      },
    });
    return { unsubscribe: () => sub.unsubscribe() };
  }

  /** One answer to `data` on `subject`, or NatsTimeout when none comes in `timeoutMs`. */
  async request(subject: string, data: Buffer | string, timeoutMs: number): Promise<Buffer> {
    if (!validSubject(subject)) throw new Error(`not a NATS subject: ${subject}`);
    try {
      const answer = await this.client.request(scopeSubject(subject, this.cluster), data, {
        timeout: timeoutMs,
      });
      return Buffer.from(answer.data);
    } catch (error) {
      if (error instanceof TimeoutError || error instanceof RequestError)
        throw new NatsTimeout(`no answer on ${subject} within ${timeoutMs} ms (${error.message})`);
      throw error;
    }
  }

  /** Resolves once the server has read everything written before (a PING answered). */
  async flush(): Promise<void> {
    if (!this.isConnected) return;
    await this.client.flush();
  }

  /** What went through this connection since it started. */
  counts(): NatsCounts {
    const stats = this.client.stats();
    return {
      messagesIn: stats.inMsgs,
      messagesOut: stats.outMsgs,
      bytesIn: stats.inBytes,
      bytesOut: stats.outBytes,
      reconnects: this.reconnects,
    };
  }

  async close(): Promise<void> {
    if (this.client.isClosed()) return;
    await this.client.close();
  }
}
