import { describe, expect, it } from 'vitest';
import { ClusterConfigError, loadClusterConfig } from '../../../../src/server/cluster/config';
import { loadConfig } from '../../../../src/server/config';

const base = { HEARKEN_CLUSTER_NATS_URL: 'nats://127.0.0.1:4222', HEARKEN_CLUSTER_NODE_ID: 'node-a' };

describe('cluster mode configuration', () => {
  it('is off unless a NATS URL is set: one process, as before', () => {
    expect(loadClusterConfig({})).toBeUndefined();
    expect(loadConfig({ HEARKEN_DATA_DIR: '/tmp/x' }).cluster).toBeUndefined();
  });

  it('refuses to start without PostgreSQL, naming what to set', () => {
    expect(() => loadClusterConfig(base)).toThrow(/needs PostgreSQL: set DATABASE_URL/);
    expect(() => loadConfig({ HEARKEN_DATA_DIR: '/tmp/x', ...base })).toThrow(ClusterConfigError);
  });

  it('refuses a missing or unusable node id', () => {
    const env = { ...base, DATABASE_URL: 'postgres://127.0.0.1/test' };
    expect(() => loadClusterConfig({ ...env, HEARKEN_CLUSTER_NODE_ID: '' })).toThrow(
      /HEARKEN_CLUSTER_NODE_ID/,
    );
    expect(() => loadClusterConfig({ ...env, HEARKEN_CLUSTER_NODE_ID: 'a.b' })).toThrow(
      /HEARKEN_CLUSTER_NODE_ID/,
    );
    expect(() => loadClusterConfig({ ...env, HEARKEN_CLUSTER_NATS_URL: 'http://x' })).toThrow(/nats:\/\//);
    // A connection setting's mistake is the server's configuration error, with its message.
    expect(() => loadClusterConfig({ ...env, HEARKEN_CLUSTER_REDIS_URL: 'http://x:1' })).toThrow(
      ClusterConfigError,
    );
  });

  it('reads the node, the lease time and renews six times per lease', () => {
    const config = loadClusterConfig({
      ...base,
      DATABASE_URL: 'postgres://127.0.0.1/test',
      HEARKEN_CLUSTER_LEASE_TTL_MS: '3000',
    });
    expect(config).toEqual({
      nats: { servers: ['nats://127.0.0.1:4222'] },
      nodeId: 'node-a',
      leaseTtlMs: 3000,
      leaseRenewMs: 500,
      redis: { url: 'redis://127.0.0.1:6379' },
    });
  });

  it('takes a cluster name that can be a NATS subject token, or none (the database names it)', () => {
    const env = { ...base, DATABASE_URL: 'postgres://127.0.0.1/test' };
    expect(loadClusterConfig(env)?.name).toBeUndefined();
    expect(loadClusterConfig({ ...env, HEARKEN_CLUSTER_NAME: 'staging-eu_1' })?.name).toBe('staging-eu_1');
    for (const bad of ['a.b', 'a b', 'a*', '>', 'x'.repeat(65)])
      expect(() => loadClusterConfig({ ...env, HEARKEN_CLUSTER_NAME: bad })).toThrow(/HEARKEN_CLUSTER_NAME/);
  });
});
