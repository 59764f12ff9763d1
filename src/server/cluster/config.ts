/**
 * Cluster mode's settings. Off (one process, as before) unless HEARKEN_CLUSTER_NATS_URL is set;
 * on, it needs PostgreSQL (DATABASE_URL): leases, fencing and transcripts must be in one
 * database every node reaches, which an embedded PGlite folder is not. How NATS and Redis are
 * reached (servers, credentials, TLS) is connection-settings.ts's.
 */
import {
  CONNECTION_VARIABLES,
  ConnectionSettingsError,
  type NatsSettings,
  type RedisSettings,
  natsSettings,
  redisSettings,
} from './connection-settings';
import { CLUSTER_NAME_PATTERN, CLUSTER_NAME_VARIABLE } from './cluster-name';

export interface ClusterConfig {
  /** The NATS servers and how to authenticate to them. */
  nats: NatsSettings;
  /** This node's name: unique in the cluster (it names the node's NATS subjects and leases). */
  nodeId: string;
  /** A lease lives this long unrenewed (the store's clock), so a dead node's rooms move after it. */
  leaseTtlMs: number;
  /**
   * A sixth of the TTL: renewals are one query per node whatever its rooms, and several per
   * lease let a node whose event loop stalls for a second (a join storm) still keep its rooms.
   */
  leaseRenewMs: number;
  /** Redis for the cluster-wide rate limits and socket counts. */
  redis: RedisSettings;
  /** HEARKEN_CLUSTER_NAME; absent, the database's own name is used (cluster-name.ts). */
  name?: string;
}

export const CLUSTER_VARIABLES = {
  ...CONNECTION_VARIABLES,
  nodeId: 'HEARKEN_CLUSTER_NODE_ID',
  leaseTtlMs: 'HEARKEN_CLUSTER_LEASE_TTL_MS',
  name: CLUSTER_NAME_VARIABLE,
} as const;

export const DEFAULT_LEASE_TTL_MS = 3000;

export class ClusterConfigError extends Error {}

export function loadClusterConfig(env: Record<string, string | undefined>): ClusterConfig | undefined {
  if (!env[CLUSTER_VARIABLES.natsUrl]?.trim()) return undefined;
  const nats = connectionSettings(() => natsSettings(env));
  if (!env.DATABASE_URL?.trim())
    throw new ClusterConfigError(
      `cluster mode (${CLUSTER_VARIABLES.natsUrl}) needs PostgreSQL: set DATABASE_URL to the database every node shares`,
    );
  const nodeId = env[CLUSTER_VARIABLES.nodeId]?.trim();
  if (!nodeId || !/^[A-Za-z0-9_-]{1,64}$/.test(nodeId))
    throw new ClusterConfigError(
      `cluster mode needs ${CLUSTER_VARIABLES.nodeId}: a name unique in the cluster, letters, digits, - and _ (got "${nodeId ?? ''}")`,
    );
  const ttlRaw = env[CLUSTER_VARIABLES.leaseTtlMs]?.trim();
  const leaseTtlMs = ttlRaw ? Number(ttlRaw) : DEFAULT_LEASE_TTL_MS;
  if (!Number.isInteger(leaseTtlMs) || leaseTtlMs < 1000 || leaseTtlMs > 60_000)
    throw new ClusterConfigError(
      `${CLUSTER_VARIABLES.leaseTtlMs} must be a whole number of ms from 1000 to 60000`,
    );
  const redis = connectionSettings(() => redisSettings(env));
  const name = env[CLUSTER_VARIABLES.name]?.trim() || undefined;
  if (name !== undefined && !CLUSTER_NAME_PATTERN.test(name))
    throw new ClusterConfigError(
      `${CLUSTER_VARIABLES.name} must be letters, digits, - and _ (at most 64; it is part of every NATS subject), got "${name}"`,
    );
  return {
    nats,
    nodeId,
    leaseTtlMs,
    leaseRenewMs: Math.max(250, Math.floor(leaseTtlMs / 6)),
    redis,
    ...(name !== undefined ? { name } : {}),
  };
}

/** The settings, or the server's configuration error with the same message. */
function connectionSettings<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ConnectionSettingsError) throw new ClusterConfigError(error.message);
    throw error;
  }
}
