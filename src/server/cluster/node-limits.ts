/**
 * The limits a node counts with the others, over its one Redis connection (docs/deploy.md):
 * rate limits (shared-limits.ts) and open sockets per address (address-sockets.ts,
 * redis-socket-counts.ts). Each falls back to this node's own count while Redis is unreachable.
 */
import type { Limit, RateLimiter } from '../http';
import { RedisConnection } from './redis';
import { DEFAULT_REDIS_URL } from './connection-settings';
import { SharedLimiter } from './shared-limits';
import { SharedSocketGauge } from './address-sockets';
import { RedisSocketCountStore } from './redis-socket-counts';

/**
 * A node's socket counts (address-sockets.ts) stand this many lease lifetimes unless written
 * again, and are written again once per lease lifetime: two refreshes may fail in a row, and a
 * dead node's sockets stop counting a little after its rooms have moved.
 */
export const SOCKET_COUNT_TTL_LEASES = 3;

export class NodeLimits {
  private readonly redis: RedisConnection;
  private readonly gauges: SharedSocketGauge[] = [];

  /**
   * Over `redis` (RedisConnection.connect at the node's start), or a connection to `redisUrl`
   * made now, which reconnects by itself when it drops.
   */
  constructor(
    private readonly options: {
      redis?: RedisConnection;
      redisUrl?: string;
      nodeId: string;
      leaseTtlMs: number;
      warn(message: string, extra?: object): void;
    },
  ) {
    this.redis = options.redis ?? new RedisConnection(new URL(options.redisUrl ?? DEFAULT_REDIS_URL));
  }

  /** Resolves when Redis answers a PING (readiness: health/). */
  async ping(): Promise<void> {
    await this.redis.command(['PING']);
  }

  /** A rate limit counted across the cluster (cluster/shared-limits.ts). */
  limiter(name: string, limit: Limit): RateLimiter {
    return new SharedLimiter(this.redis, name, limit, (message, extra) => this.options.warn(message, extra));
  }

  /**
   * Open sockets per address counted across the cluster (cluster/address-sockets.ts). The
   * caller counts only the sockets whose TCP connection reached this node, so a relayed socket
   * counts once, on its front node.
   */
  socketGauge(limit: number): SharedSocketGauge {
    const gauge = new SharedSocketGauge({
      store: new RedisSocketCountStore(
        this.redis,
        this.options.nodeId,
        this.options.leaseTtlMs * SOCKET_COUNT_TTL_LEASES,
      ),
      limit,
      refreshEveryMs: this.options.leaseTtlMs,
      timers: {
        setInterval: (fn, ms) => setInterval(fn, ms).unref(),
        clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
      },
      warn: (message, extra) => this.options.warn(message, extra),
    });
    this.gauges.push(gauge);
    return gauge;
  }

  /** Stops the socket gauges, then closes the Redis connection. */
  async close(): Promise<void> {
    await Promise.all(this.gauges.map((gauge) => gauge.stop()));
    this.redis.close();
  }
}
