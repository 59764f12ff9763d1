/**
 * Configurations that cannot leak: the server refuses to run the Auth emulator where others can
 * reach it, with a real project or beside real credentials; it refuses to listen beyond loopback
 * without HEARKEN_PUBLIC_URL; invite links never come from a request's headers then.
 */
import { describe, expect, it } from 'vitest';
import type { AuthConfig } from '../../../src/server/config';
import { loadConfig } from '../../../src/server/config';
import {
  EMULATOR_NETWORK_OVERRIDE,
  EMULATOR_NETWORK_OVERRIDE_VALUE,
  assertSafeConfig,
  configProblems,
  emulatorBrowserOrigin,
  inviteOrigin,
  isLoopbackHost,
  requestWebOrigin,
  isLoopbackUrl,
} from '../../../src/server/config-safety';

const emulator: AuthConfig = {
  projectId: 'demo-hearken',
  apiKey: 'demo-api-key',
  authDomain: 'demo-hearken.firebaseapp.com',
  emulatorHost: '127.0.0.1:9099',
};
const realProject: AuthConfig = {
  projectId: 'hearken-prod',
  apiKey: 'AIzaSyA1234567890abcdefghijklmnopqrstu',
  authDomain: 'hearken-prod.firebaseapp.com',
};
const override = { [EMULATOR_NETWORK_OVERRIDE]: EMULATOR_NETWORK_OVERRIDE_VALUE };

describe('loopback addresses', () => {
  it('knows what only this machine reaches', () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      'localhost',
      'LOCALHOST.',
      'app.localhost',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      '[::]',
      '',
      '192.168.1.10',
      '10.0.0.1',
      '127.0.0.1.example.org',
      '128.0.0.1',
      'example.org',
      '127.0.0.256',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
    expect(isLoopbackUrl('http://localhost:5173')).toBe(true);
    expect(isLoopbackUrl('https://[::1]:8443/web')).toBe(true);
    expect(isLoopbackUrl('https://captions.example.org')).toBe(false);
    expect(isLoopbackUrl('file:///etc/passwd')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
  });
});

describe('configuration refusals', () => {
  it('accepts the defaults, the emulator on loopback and a public server with its URL', () => {
    expect(configProblems({ host: '127.0.0.1' }, {})).toEqual([]);
    expect(configProblems({ host: '127.0.0.1', auth: emulator }, {})).toEqual([]);
    expect(
      configProblems({ host: 'localhost', publicUrl: 'http://localhost:8080', auth: emulator }, {}),
    ).toEqual([]);
    expect(
      configProblems(
        { host: '0.0.0.0', publicUrl: 'https://captions.example.org', auth: realProject },
        { GOOGLE_APPLICATION_CREDENTIALS: '/etc/hearken/sa.json' },
      ),
    ).toEqual([]);
  });

  it('needs HEARKEN_PUBLIC_URL when listening beyond loopback, emulator or not', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10']) {
      const problems = configProblems({ host }, {});
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/HEARKEN_PUBLIC_URL/);
      expect(problems[0]).toContain(`HEARKEN_HOST=${host}`);
    }
    expect(() => assertSafeConfig({ host: '0.0.0.0' }, {})).toThrow(
      /^refusing to start: .*HEARKEN_PUBLIC_URL/,
    );
  });

  it('refuses a public URL that is not an http(s) address', () => {
    expect(configProblems({ host: '127.0.0.1', publicUrl: 'javascript:alert(1)' }, {})[0]).toMatch(
      /HEARKEN_PUBLIC_URL must be/,
    );
    expect(configProblems({ host: '127.0.0.1', publicUrl: 'https://u:p@example.org' }, {})).toHaveLength(1);
  });

  it('refuses the emulator on a non-loopback interface, naming HEARKEN_HOST and the override', () => {
    const problems = configProblems(
      { host: '0.0.0.0', publicUrl: 'http://localhost:8080', auth: emulator },
      {},
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('HEARKEN_HOST=0.0.0.0');
    expect(problems[0]).toContain(`${EMULATOR_NETWORK_OVERRIDE}=${EMULATOR_NETWORK_OVERRIDE_VALUE}`);
  });

  it('refuses the emulator with a public URL that is not local', () => {
    const problems = configProblems(
      { host: '127.0.0.1', publicUrl: 'https://captions.example.org', auth: emulator },
      {},
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('HEARKEN_PUBLIC_URL=https://captions.example.org');
  });

  it('refuses an emulator that itself listens on the network or is published beyond loopback', () => {
    for (const emulatorHost of ['0.0.0.0:9099', '[::]:9099', '192.168.1.10:9099']) {
      const problems = configProblems({ host: '127.0.0.1', auth: { ...emulator, emulatorHost } }, {});
      expect(problems, emulatorHost).toHaveLength(1);
      expect(problems[0]).toContain(`FIREBASE_AUTH_EMULATOR_HOST=${emulatorHost}`);
    }
    expect(
      configProblems({ host: '127.0.0.1', auth: { ...emulator, emulatorHost: '[::1]:9099' } }, {}),
    ).toEqual([]);
    const published = configProblems(
      { host: '127.0.0.1', auth: { ...emulator, emulatorPublicUrl: 'http://192.168.1.10:9099' } },
      {},
    );
    expect(published).toHaveLength(1);
    expect(published[0]).toContain('HEARKEN_AUTH_EMULATOR_PUBLIC_URL');
  });

  it('refuses the emulator with a project id that is not demo-', () => {
    const problems = configProblems(
      { host: '127.0.0.1', auth: { ...emulator, projectId: 'hearken-prod' } },
      {},
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/"hearken-prod".*HEARKEN_FIREBASE_PROJECT_ID/);
  });

  it('refuses the emulator beside real credentials', () => {
    const withFile = configProblems(
      { host: '127.0.0.1', auth: emulator },
      { GOOGLE_APPLICATION_CREDENTIALS: '/sa.json' },
    );
    expect(withFile).toHaveLength(1);
    expect(withFile[0]).toMatch(/GOOGLE_APPLICATION_CREDENTIALS/);
    // The launcher blanks it for the emulator's process: empty is not set.
    expect(
      configProblems({ host: '127.0.0.1', auth: emulator }, { GOOGLE_APPLICATION_CREDENTIALS: '' }),
    ).toEqual([]);
    const realKey = configProblems(
      { host: '127.0.0.1', auth: { ...emulator, apiKey: realProject.apiKey } },
      {},
    );
    expect(realKey).toHaveLength(1);
    expect(realKey[0]).toMatch(/HEARKEN_FIREBASE_API_KEY/);
  });

  it('lets the exact override open the emulator to a private network, and nothing else', () => {
    const onNetwork = { host: '0.0.0.0', publicUrl: 'http://192.168.1.10:8080', auth: emulator };
    expect(configProblems(onNetwork, override)).toEqual([]);
    // Any other value is not the override, and says so.
    const almost = configProblems(onNetwork, { [EMULATOR_NETWORK_OVERRIDE]: '1' });
    expect(almost).toHaveLength(1);
    expect(almost[0]).toMatch(/is set, but not to the one value/);
    // The override does not allow a real project, real credentials or a missing public URL.
    expect(configProblems({ ...onNetwork, auth: { ...emulator, projectId: 'prod' } }, override)).toHaveLength(
      1,
    );
    expect(
      configProblems(onNetwork, { ...override, GOOGLE_APPLICATION_CREDENTIALS: '/sa.json' }),
    ).toHaveLength(1);
    expect(configProblems({ host: '0.0.0.0', auth: emulator }, override)[0]).toMatch(
      /HEARKEN_PUBLIC_URL must say/,
    );
  });

  it('lists every problem at once', () => {
    expect(() =>
      assertSafeConfig(
        { host: '0.0.0.0', auth: { ...emulator, projectId: 'prod' } },
        { GOOGLE_APPLICATION_CREDENTIALS: '/sa.json' },
      ),
    ).toThrow(
      /refusing to start:\n- .*HEARKEN_PUBLIC_URL[\s\S]*\n- .*"prod"[\s\S]*\n- .*GOOGLE_APPLICATION_CREDENTIALS[\s\S]*\n- .*HEARKEN_HOST=0\.0\.0\.0/,
    );
  });

  it('is applied by loadConfig to the environment', () => {
    expect(() => loadConfig({ HEARKEN_HOST: '0.0.0.0' })).toThrow(/HEARKEN_PUBLIC_URL/);
    expect(() =>
      loadConfig({
        HEARKEN_HOST: '0.0.0.0',
        HEARKEN_PUBLIC_URL: 'https://captions.example.org',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toThrow(new RegExp(EMULATOR_NETWORK_OVERRIDE));
    expect(() =>
      loadConfig({
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        HEARKEN_FIREBASE_PROJECT_ID: 'hearken-prod',
      }),
    ).toThrow(/demo-/);
    expect(() =>
      loadConfig({
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        GOOGLE_APPLICATION_CREDENTIALS: '/sa.json',
      }),
    ).toThrow(/GOOGLE_APPLICATION_CREDENTIALS/);
    expect(
      loadConfig({
        HEARKEN_HOST: '0.0.0.0',
        HEARKEN_PUBLIC_URL: 'http://192.168.1.10:8080/',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        ...override,
      }).publicUrl,
    ).toBe('http://192.168.1.10:8080');
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).auth?.emulatorHost).toBe(
      '127.0.0.1:9099',
    );
  });
});

describe('invite links', () => {
  const bound = 'http://localhost:8080';

  it('always use HEARKEN_PUBLIC_URL when it is set', () => {
    const config = { host: '0.0.0.0', publicUrl: 'https://captions.example.org' };
    expect(inviteOrigin(config, 'https://evil.example', bound)).toBe('https://captions.example.org');
    expect(inviteOrigin({ ...config, host: '127.0.0.1' }, 'http://localhost:5173', bound)).toBe(
      'https://captions.example.org',
    );
  });

  it('take the host browser origin on loopback only when it is itself loopback', () => {
    const config = { host: '127.0.0.1' };
    expect(inviteOrigin(config, 'http://localhost:5173', bound)).toBe('http://localhost:5173');
    expect(inviteOrigin(config, 'http://127.0.0.1:8080/web/x?y=1', bound)).toBe('http://127.0.0.1:8080');
    expect(inviteOrigin(config, 'https://evil.example', bound)).toBe(bound);
    expect(inviteOrigin(config, 'http://127.0.0.1.evil.example', bound)).toBe(bound);
    expect(inviteOrigin(config, 'app://hearken', bound)).toBe(bound);
    expect(inviteOrigin(config, 'http://user@localhost:8080', bound)).toBe(bound);
    expect(inviteOrigin(config, 'garbage', bound)).toBe(bound);
    expect(inviteOrigin(config, undefined, bound)).toBe(bound);
  });

  it('never take a request origin when listening beyond loopback', () => {
    // (loadConfig refuses this without a public URL; a hand-made config still gets no hint.)
    expect(inviteOrigin({ host: '0.0.0.0' }, 'http://localhost:5173', bound)).toBe(bound);
    expect(inviteOrigin({ host: '192.168.1.10' }, 'http://192.168.1.10:8080', bound)).toBe(bound);
  });
});

describe('links in HTTP answers: magic links, Checkout and portal returns (issue 29, F-14)', () => {
  const bound = 'http://127.0.0.1:8080';
  const request = (headers: { origin?: string; host?: string }) => ({ headers, protocol: 'http' });

  it('never come from a forged Host or Origin header', () => {
    const config = { host: '127.0.0.1' };
    // The attack: the request says the server is the attacker's site.
    expect(requestWebOrigin(config, request({ host: 'evil.example' }), bound)).toBe(bound);
    expect(
      requestWebOrigin(config, request({ origin: 'https://evil.example', host: '127.0.0.1:8080' }), bound),
    ).toBe(bound);
    expect(
      requestWebOrigin(
        { ...config, publicUrl: 'https://captions.example.org' },
        request({ host: 'evil.example' }),
        bound,
      ),
    ).toBe('https://captions.example.org');
  });

  it('follow a loopback server’s own loopback origins, as invite links do', () => {
    const config = { host: '127.0.0.1' };
    expect(
      requestWebOrigin(config, request({ origin: 'http://localhost:5173', host: '127.0.0.1:8080' }), bound),
    ).toBe('http://localhost:5173');
    expect(requestWebOrigin(config, request({ host: 'localhost:8080' }), bound)).toBe(
      'http://localhost:8080',
    );
    expect(requestWebOrigin(config, request({}), bound)).toBe(bound);
  });
});

describe("the emulator's origin for browsers", () => {
  it('is its public URL, its host, or the browser host for a wildcard', () => {
    expect(emulatorBrowserOrigin(undefined, 'localhost')).toBeUndefined();
    expect(emulatorBrowserOrigin(realProject, 'localhost')).toBeUndefined();
    expect(emulatorBrowserOrigin(emulator, 'localhost')).toBe('http://127.0.0.1:9099');
    expect(emulatorBrowserOrigin({ ...emulator, emulatorPublicUrl: 'https://auth.lan:8443/x' }, 'h')).toBe(
      'https://auth.lan:8443',
    );
    expect(emulatorBrowserOrigin({ ...emulator, emulatorHost: '0.0.0.0:9099' }, 'box.lan')).toBe(
      'http://box.lan:9099',
    );
    expect(emulatorBrowserOrigin({ ...emulator, emulatorHost: '[::]:9099' }, '')).toBeUndefined();
  });
});
