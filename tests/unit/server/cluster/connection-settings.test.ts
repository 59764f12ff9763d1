import { describe, expect, it } from 'vitest';
import { natsSettings, redisSettings } from '../../../../src/server/cluster/connection-settings';

const nats = (url: string, more: Record<string, string> = {}) =>
  natsSettings({ HEARKEN_CLUSTER_NATS_URL: url, ...more });

describe('how a node reaches NATS', () => {
  it('keeps every server of a comma-separated list, in order, without their credentials', () => {
    expect(nats('nats://u:p%40ss@a:4222, nats://u:p%40ss@b:4222,nats://c:4222')).toEqual({
      servers: ['nats://a:4222', 'nats://b:4222', 'nats://c:4222'],
      user: 'u',
      password: 'p@ss',
    });
  });

  it('reads a lone name in the URL as a token, as NATS does', () => {
    expect(nats('nats://s3cret@a:4222')).toEqual({ servers: ['nats://a:4222'], token: 's3cret' });
  });

  it('takes credentials from their own variables, one kind only', () => {
    const list = 'nats://a:4222,nats://b:4222';
    expect(nats(list, { HEARKEN_CLUSTER_NATS_USER: 'u', HEARKEN_CLUSTER_NATS_PASSWORD: 'p' })).toMatchObject({
      user: 'u',
      password: 'p',
    });
    expect(nats(list, { HEARKEN_CLUSTER_NATS_TOKEN: 't' })).toMatchObject({ token: 't' });
    expect(nats(list, { HEARKEN_CLUSTER_NATS_CREDS: '/etc/nats/node.creds' })).toMatchObject({
      credsFile: '/etc/nats/node.creds',
    });
    expect(() => nats(list, { HEARKEN_CLUSTER_NATS_USER: 'u' })).toThrow(/go together/);
    expect(() =>
      nats(list, {
        HEARKEN_CLUSTER_NATS_TOKEN: 't',
        HEARKEN_CLUSTER_NATS_CREDS: '/x.creds',
      }),
    ).toThrow(/one kind of NATS credentials/);
    expect(() => nats('nats://u:p@a:4222', { HEARKEN_CLUSTER_NATS_TOKEN: 't' })).toThrow(/give them once/);
    expect(() => nats('nats://u:p@a:4222,nats://v:q@b:4222')).toThrow(/different credentials/);
  });

  it('turns TLS on for a tls:// URL or a certificate file', () => {
    expect(nats('tls://a:4222')).toEqual({ servers: ['tls://a:4222'], tls: {} });
    expect(nats('nats://a:4222', { HEARKEN_CLUSTER_NATS_CA_FILE: '/ca.pem' })).toMatchObject({
      tls: { caFile: '/ca.pem' },
    });
    expect(nats('nats://a:4222')).not.toHaveProperty('tls');
    expect(() => nats('nats://a:4222', { HEARKEN_CLUSTER_NATS_CERT_FILE: '/c.pem' })).toThrow(/go together/);
  });

  it('refuses what is not a NATS URL, without repeating its password', () => {
    expect(() => nats('http://a:4222')).toThrow(/nats:\/\/host:4222/);
    expect(() => nats('nats://u:hunter2@a:4222/path')).toThrow(/\*\*\*@a:4222/);
    expect(() => nats('nats://u:hunter2@a:4222/path')).not.toThrow(/hunter2/);
    expect(() => nats(' , ')).toThrow(/empty/);
  });
});

describe('how a node reaches Redis', () => {
  it('defaults to the local Redis', () => {
    expect(redisSettings({})).toEqual({ url: 'redis://127.0.0.1:6379' });
  });

  it('takes the password from the URL or its own variable, never both', () => {
    expect(redisSettings({ HEARKEN_CLUSTER_REDIS_URL: 'redis://:s%3Acret@r:6379/2' })).toEqual({
      url: 'redis://r:6379/2',
      password: 's:cret',
    });
    expect(redisSettings({ HEARKEN_CLUSTER_REDIS_URL: 'redis://app:pw@r:6379' })).toEqual({
      url: 'redis://r:6379',
      username: 'app',
      password: 'pw',
    });
    expect(
      redisSettings({ HEARKEN_CLUSTER_REDIS_URL: 'redis://r:6379', HEARKEN_CLUSTER_REDIS_PASSWORD: 'pw' }),
    ).toEqual({ url: 'redis://r:6379', password: 'pw' });
    expect(() =>
      redisSettings({ HEARKEN_CLUSTER_REDIS_URL: 'redis://:a@r:6379', HEARKEN_CLUSTER_REDIS_PASSWORD: 'b' }),
    ).toThrow(/give it once/);
  });

  it('speaks TLS on rediss://, with a certificate authority of its own if given', () => {
    expect(
      redisSettings({
        HEARKEN_CLUSTER_REDIS_URL: 'rediss://r:6380',
        HEARKEN_CLUSTER_REDIS_CA_FILE: '/ca.pem',
      }),
    ).toEqual({ url: 'rediss://r:6380', caFile: '/ca.pem' });
    expect(() =>
      redisSettings({
        HEARKEN_CLUSTER_REDIS_URL: 'redis://r:6379',
        HEARKEN_CLUSTER_REDIS_CA_FILE: '/ca.pem',
      }),
    ).toThrow(/rediss:\/\//);
  });

  it('refuses what is not a Redis URL', () => {
    expect(() => redisSettings({ HEARKEN_CLUSTER_REDIS_URL: 'http://r:6379' })).toThrow(
      /redis:\/\/host:6379/,
    );
    expect(() => redisSettings({ HEARKEN_CLUSTER_REDIS_URL: 'redis://r:6379/x' })).toThrow(/redis:\/\//);
  });
});
