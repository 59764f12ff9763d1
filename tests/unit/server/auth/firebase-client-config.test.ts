/**
 * What the web client is told about the identity provider: the public web settings, and where
 * the Auth emulator is reached (its public URL, or the browser's host name for an emulator on
 * every interface, or its own address); nothing without a provider. And the start-up line.
 */
import { describe, expect, it } from 'vitest';
import type { AuthConfig } from '../../../../src/server/config';
import {
  firebaseClientConfig,
  logIdentityProvider,
} from '../../../../src/server/auth/firebase-client-config';

const project: AuthConfig = {
  projectId: 'hearken-prod',
  apiKey: 'AIzaSy-public-key',
  authDomain: 'login.hearken.example',
};

describe('firebaseClientConfig', () => {
  it('is null without an identity provider', () => {
    expect(firebaseClientConfig(undefined, 'localhost')).toBeNull();
  });

  it("gives a real project's public settings, with its app and SSO provider when set", () => {
    expect(firebaseClientConfig(project, 'app.hearken.example')).toEqual({
      apiKey: 'AIzaSy-public-key',
      authDomain: 'login.hearken.example',
      projectId: 'hearken-prod',
    });
    expect(firebaseClientConfig({ ...project, appId: '1:2:web:3', ssoProviderId: 'saml.acme' }, 'x')).toEqual(
      {
        apiKey: 'AIzaSy-public-key',
        authDomain: 'login.hearken.example',
        projectId: 'hearken-prod',
        appId: '1:2:web:3',
        ssoProviderId: 'saml.acme',
      },
    );
  });

  it("reaches an emulator on every interface at the browser's host name", () => {
    for (const host of ['0.0.0.0', '::', '[::]']) {
      const config = firebaseClientConfig({ ...project, emulatorHost: `${host}:9099` }, '192.168.1.20');
      expect(config?.emulatorUrl).toBe('http://192.168.1.20:9099');
    }
  });

  it('reaches an emulator bound to one address there, and a configured public URL before all', () => {
    expect(
      firebaseClientConfig({ ...project, emulatorHost: '127.0.0.1:9099' }, 'phone.local')?.emulatorUrl,
    ).toBe('http://127.0.0.1:9099');
    expect(firebaseClientConfig({ ...project, emulatorHost: '0.0.0.0:9099' }, '')?.emulatorUrl).toBe(
      'http://0.0.0.0:9099',
    );
    expect(
      firebaseClientConfig(
        { ...project, emulatorHost: '0.0.0.0:9099', emulatorPublicUrl: 'https://auth.dev.example' },
        'phone.local',
      )?.emulatorUrl,
    ).toBe('https://auth.dev.example');
  });
});

describe('logIdentityProvider', () => {
  const lines = (auth: AuthConfig | undefined) => {
    const said: string[] = [];
    logIdentityProvider(auth, { info: (m) => said.push(`info ${m}`), warn: (m) => said.push(`warn ${m}`) });
    return said;
  };

  it('names the project, or the emulator, or warns that accounts are off', () => {
    expect(lines(project)).toEqual(['info accounts: Firebase project hearken-prod']);
    expect(lines({ ...project, emulatorHost: '127.0.0.1:9099' })).toEqual([
      'info accounts: Firebase Auth emulator at 127.0.0.1:9099 (project hearken-prod)',
    ]);
    expect(lines(undefined)).toEqual([
      'warn accounts are off: no Firebase project or Auth emulator configured (guests only)',
    ]);
  });
});
