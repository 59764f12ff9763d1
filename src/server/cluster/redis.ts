/**
 * Redis for the cluster's shared limits, over the official client (node-redis), which brings
 * passwords, TLS (rediss://) and reconnection (docs/deploy.md). A node connects at start and
 * refuses to start when Redis refuses it or cannot be reached (RedisConnection.connect); once
 * started, a command sent while the connection is down fails at once, or after
 * COMMAND_TIMEOUT_MS when Redis stops answering (the shared limits then fall back to this
 * node's own count, shared-limits.ts) while the client reconnects.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createClient } from 'redis';
import { scopeKey } from './subject-scope';
import { CONNECTION_VARIABLES as V, type RedisSettings } from './connection-settings';
import { guardSocket } from '../safety';

/** What a command answers, as Redis's protocol (RESP2) has it. */
export type Reply = string | number | null | Reply[];

const RECONNECT_MS = 1000;
const COMMAND_TIMEOUT_MS = 1000;
/** How long the first connection may take at start. */
const CONNECT_TIMEOUT_MS = 5000;

/** Redis refused this node, or could not be reached: the node does not start. */
export class RedisStartError extends Error {}

const isAuthError = (message: string) =>
  /WRONGPASS|NOAUTH|invalid password|invalid username|AUTH/i.test(message);

export class RedisConnection {
  /** What this class uses of node-redis's client. */
  private readonly client: {
    connect(): Promise<unknown>;
    sendCommand(args: string[]): Promise<unknown>;
    destroy(): void;
    on(event: 'error', listener: (error: Error) => void): unknown;
    on(event: 'ready', listener: () => void): unknown;
  };
  private everReady = false;
  private closed = false;
  /** The scripts Redis has been sent, by their SHA-1 (EVALSHA runs them without resending). */
  private readonly shas = new Map<string, string>();
  private readonly started: Promise<void>;

  /**
   * Starts connecting at once and keeps reconnecting (`url` may carry the password, or
   * `settings` give it). `refuseAtStart`: the first failure ends the attempt instead
   * (RedisConnection.connect).
   */
  constructor(
    url: URL,
    settings: Partial<RedisSettings> = {},
    refuseAtStart = false,
    /** The cluster's name, put in every `hearken:` key the scripts are given (subject-scope.ts). */
    private readonly cluster?: string,
  ) {
    let ca: Buffer | undefined;
    if (settings.caFile) {
      try {
        ca = readFileSync(settings.caFile);
      } catch (error) {
        throw new RedisStartError(
          `Redis: cannot read ${V.redisCaFile} (${settings.caFile}): ${(error as Error).message}`,
        );
      }
    }
    const tls = url.protocol === 'rediss:';
    this.client = createClient({
      url: url.toString(),
      ...(settings.username !== undefined ? { username: settings.username } : {}),
      ...(settings.password !== undefined ? { password: settings.password } : {}),
      // The shapes the scripts' callers read (numbers, strings, arrays), whatever the server speaks.
      RESP: 2,
      // A command while the connection is down fails now: the caller has a fallback.
      disableOfflineQueue: true,
      commandOptions: { timeout: COMMAND_TIMEOUT_MS, rejectInFlight: true },
      socket: {
        connectTimeout: CONNECT_TIMEOUT_MS,
        ...(tls ? { tls: true as const, ...(ca ? { ca } : {}) } : {}),
        reconnectStrategy: (_retries: number, cause: Error) =>
          refuseAtStart && !this.everReady ? cause : RECONNECT_MS,
      },
    });
    // Counted (hearken_raw_socket_errors_total); the client reconnects by itself.
    guardSocket(this.client, 'redis');
    this.client.on('ready', () => {
      this.everReady = true;
    });
    this.started = this.client.connect().then(() => undefined);
    // Without refuseAtStart nobody awaits the first connection: its failure is the retries'.
    if (!refuseAtStart) this.started.catch(() => {});
  }

  /**
   * Connected and authenticated to the Redis `settings` name, or RedisStartError saying why
   * not (authentication failed, or not reachable) within CONNECT_TIMEOUT_MS.
   */
  static async connect(settings: RedisSettings, cluster?: string): Promise<RedisConnection> {
    const redis = new RedisConnection(new URL(settings.url), settings, true, cluster);
    const where = `Redis (${settings.url})`;
    try {
      await redis.started;
      // A Redis that wants a password and was given none accepts the connection: its first
      // command says so.
      await redis.command(['PING']);
      return redis;
    } catch (error) {
      redis.close();
      const cause = (error as Error & { cause?: Error }).cause ?? (error as Error);
      const message = cause.message || (error as Error).message;
      throw new RedisStartError(
        isAuthError(message)
          ? `${where}: authentication failed (${message}); check the password in ${V.redisUrl} or ${V.redisPassword}`
          : `${where}: cannot be reached (${message})`,
      );
    }
  }

  command(args: (string | number)[]): Promise<Reply> {
    if (this.closed) return Promise.reject(new Error('the Redis connection is closed'));
    return this.client.sendCommand(args.map(String)) as Promise<Reply>;
  }

  /**
   * Runs a Lua script (its SHA-1 first, so Redis is sent the script once per connection; the
   * script itself when Redis does not have it, after a restart or a failover).
   */
  async evalScript(script: string, keys: string[], args: (string | number)[]): Promise<Reply> {
    let sha = this.shas.get(script);
    if (!sha) this.shas.set(script, (sha = createHash('sha1').update(script).digest('hex')));
    const scoped = keys.map((key) => scopeKey(key, this.cluster));
    const rest = [String(keys.length), ...scoped, ...args.map(String)];
    try {
      return await this.command(['EVALSHA', sha, ...rest]);
    } catch (error) {
      if (!/NOSCRIPT/.test((error as Error).message)) throw error;
      return this.command(['EVAL', script, ...rest]);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    // Also stops the attempts of a connection still being made.
    this.client.destroy();
  }
}
