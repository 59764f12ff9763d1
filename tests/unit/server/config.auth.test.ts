/** Server configuration of accounts: emulator, real project, remote config, log forwarding. */
import { describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../../../src/server/config';

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
