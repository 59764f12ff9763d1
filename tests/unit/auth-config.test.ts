/** Server configuration of accounts: emulator, real project, remote config, log forwarding. */
import { describe, expect, it } from 'vitest';
import { loadAuthConfig, loadConfig, loadRemoteConfig } from '../../src/server/config';
import { bulkBody } from '../../src/server/logs/elastic';

describe('identity provider configuration', () => {
  it('is off when nothing is configured', () => {
    expect(loadAuthConfig({})).toBeUndefined();
  });

  it('uses the emulator when FIREBASE_AUTH_EMULATOR_HOST is set, with a demo project', () => {
    expect(loadAuthConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toEqual({
      projectId: 'demo-hearken',
      apiKey: 'demo-api-key',
      authDomain: 'demo-hearken.firebaseapp.com',
      emulatorHost: '127.0.0.1:9099',
      ssoProviderId: 'oidc.hearken-sso',
    });
    expect(
      loadAuthConfig({
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        HEARKEN_AUTH_EMULATOR_PUBLIC_URL: 'http://192.168.1.10:9099/',
      })?.emulatorPublicUrl,
    ).toBe('http://192.168.1.10:9099');
  });

  it('uses a real project given its id and API key', () => {
    expect(
      loadAuthConfig({
        HEARKEN_FIREBASE_PROJECT_ID: 'hearken-prod',
        HEARKEN_FIREBASE_API_KEY: 'AIzaXYZ',
        HEARKEN_FIREBASE_APP_ID: '1:2:web:3',
        HEARKEN_FIREBASE_SSO_PROVIDER: 'saml.acme',
      }),
    ).toEqual({
      projectId: 'hearken-prod',
      apiKey: 'AIzaXYZ',
      authDomain: 'hearken-prod.firebaseapp.com',
      appId: '1:2:web:3',
      ssoProviderId: 'saml.acme',
    });
    expect(() => loadAuthConfig({ HEARKEN_FIREBASE_PROJECT_ID: 'hearken-prod' })).toThrow(/API_KEY/);
  });
});

describe('remote config', () => {
  it('defaults every flag off and takes a JSON object of booleans', () => {
    expect(loadRemoteConfig(undefined)).toEqual({
      web_enable_sso: false,
      theme_colors_v2: false,
      convo_v2: false,
      desktop_v2: false,
    });
    expect(loadRemoteConfig('{"web_enable_sso":true}').web_enable_sso).toBe(true);
    expect(() => loadRemoteConfig('{"web_enable_sso":"yes"}')).toThrow(/web_enable_sso/);
    expect(() => loadRemoteConfig('{"unknown":true}')).toThrow(/unknown/);
    expect(() => loadRemoteConfig('not json')).toThrow(/JSON/);
  });

  it('is read by loadConfig', () => {
    expect(loadConfig({ HEARKEN_REMOTE_CONFIG: '{"convo_v2":true}' }).remoteConfig.convo_v2).toBe(true);
    expect(
      loadConfig({
        HEARKEN_LOGS_ELASTIC_URL: 'https://logs.example:9200/',
        HEARKEN_LOGS_ELASTIC_AUTH: 'ApiKey k',
      }).elastic,
    ).toEqual({ url: 'https://logs.example:9200', index: 'hearken-client-logs', authorization: 'ApiKey k' });
  });
});

describe('log forwarding', () => {
  it('writes one index action and one document per entry, newline-terminated', () => {
    const body = bulkBody(
      [
        {
          tag: 'a',
          msg: 'one',
          level: 'info',
          os: 'Linux',
          app: 'web',
          browser: 'Chrome',
          device: 'desktop',
          timestamp: 0,
        },
        {
          tag: 'b',
          msg: 'two',
          level: 'error',
          os: 'iOS',
          app: 'web',
          browser: 'Safari',
          device: 'mobile',
          timestamp: 1000,
        },
      ],
      'logs',
      { avaId: 'x1', receivedAtMs: 2000 },
    );
    const lines = body.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    expect(JSON.parse(lines[0]!)).toEqual({ index: { _index: 'logs' } });
    expect(JSON.parse(lines[3]!)).toMatchObject({
      tag: 'b',
      msg: 'two',
      avaId: 'x1',
      '@timestamp': '1970-01-01T00:00:01.000Z',
      receivedAt: '1970-01-01T00:00:02.000Z',
    });
    expect(bulkBody([], 'logs', { receivedAtMs: 0 })).toBe('');
  });
});
