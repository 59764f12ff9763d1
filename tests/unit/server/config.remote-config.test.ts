/** Server configuration of accounts: emulator, real project, remote config, log forwarding. */
import { describe, expect, it } from 'vitest';
import { loadConfig, loadRemoteConfig } from '../../../src/server/config';

describe('remote config', () => {
  it('defaults every flag off but web_use_webrtc, and takes a JSON object of booleans', () => {
    expect(loadRemoteConfig(undefined)).toEqual({
      web_enable_sso: false,
      theme_colors_v2: false,
      convo_v2: false,
      desktop_v2: false,
      web_use_webrtc: true,
    });
    expect(loadRemoteConfig('{"web_enable_sso":true}').web_enable_sso).toBe(true);
    // WebRTC audio is on unless the operator switches it off.
    expect(loadRemoteConfig('{"web_use_webrtc":false}').web_use_webrtc).toBe(false);
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
