import { posix } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN } from '../../../src/main/app-protocol';
import {
  type AppRequestDeps,
  type ContentsLike,
  type SessionLike,
  guardContents,
  guardSession,
  serveAppRequest,
  withCspHeader,
} from '../../../src/main/app-session';

const SERVER = 'http://127.0.0.1:8080';

function requestDeps(files: Record<string, string>, fetch = vi.fn<AppRequestDeps['fetch']>()) {
  return {
    fetch,
    deps: {
      serverUrl: () => SERVER,
      fetch,
      readFile: async (path: string) => {
        const text = files[path];
        if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
        return new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
      },
      rendererRoot: '/app/renderer',
      pathRules: posix,
      csp: () => "default-src 'self'",
    } satisfies AppRequestDeps,
  };
}

describe('serveAppRequest', () => {
  it('serves a file of the built renderer with its type and the security headers', async () => {
    const { deps } = requestDeps({ '/app/renderer/assets/app.js': 'console.log(1)' });
    const response = await serveAppRequest(new Request(`${APP_ORIGIN}/assets/app.js`), deps);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await response.text()).toBe('console.log(1)');
  });

  it('answers 404 for a file that is not there, and never reads outside the renderer', async () => {
    const { deps } = requestDeps({ '/etc/passwd': 'root' });
    expect((await serveAppRequest(new Request(`${APP_ORIGIN}/assets/missing.js`), deps)).status).toBe(404);
    const escape = await serveAppRequest(new Request(`${APP_ORIGIN}/..%2F..%2Fetc/passwd`), deps);
    expect([400, 404]).toContain(escape.status);
    expect(await escape.text()).not.toBe('root');
  });

  it('passes API calls to the server with their method, headers and body', async () => {
    const fetch = vi.fn<AppRequestDeps['fetch']>(async () => Response.json({ ok: true }));
    const { deps } = requestDeps({}, fetch);
    const request = new Request(`${APP_ORIGIN}/api/v1/guest-users/me`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"userName":"Ana"}',
    });
    const response = await serveAppRequest(request, deps);
    expect(await response.json()).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${SERVER}/api/v1/guest-users/me`);
    expect(init.method).toBe('POST');
    expect(init.headers.get('content-type')).toBe('application/json');
    expect(new TextDecoder().decode(init.body)).toBe('{"userName":"Ana"}');
  });

  it('answers a gateway error naming the problem when the server cannot be reached', async () => {
    const { deps } = requestDeps(
      {},
      vi.fn<AppRequestDeps['fetch']>(async () => Promise.reject(new Error('ECONNREFUSED'))),
    );
    const response = await serveAppRequest(new Request(`${APP_ORIGIN}/api/v1/health`), deps);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: 'server-unreachable' } });
  });
});

type Handlers<S extends { id: string; name: string }> = {
  request?: Parameters<SessionLike<S>['setPermissionRequestHandler']>[0];
  check?: Parameters<SessionLike<S>['setPermissionCheckHandler']>[0];
  display?: Parameters<SessionLike<S>['setDisplayMediaRequestHandler']>[0];
};

function fakeSession<S extends { id: string; name: string }>() {
  const h: Handlers<S> = {};
  const session: SessionLike<S> = {
    setPermissionRequestHandler: (f) => void (h.request = f),
    setPermissionCheckHandler: (f) => void (h.check = f),
    setDisplayMediaRequestHandler: (f) => void (h.display = f),
  };
  return { h, session };
}

describe('guardSession', () => {
  const screens = [{ id: 'screen:1', name: 'Entire screen', thumbnail: 'x' }];

  it('grants the microphone to the app pages only', () => {
    const { h, session } = fakeSession<(typeof screens)[number]>();
    guardSession(session, {
      appOrigins: [APP_ORIGIN],
      platform: 'win32',
      screens: async () => screens,
      log: vi.fn(),
    });
    const ask = (url: string) => {
      let granted: boolean | undefined;
      h.request!({}, 'media', (g) => (granted = g), {
        requestingUrl: url,
        isMainFrame: true,
        mediaTypes: ['audio'],
      });
      return granted;
    };
    expect(ask(`${APP_ORIGIN}/web/conversations`)).toBe(true);
    expect(ask('https://evil.example/')).toBe(false);
    expect(h.check!({}, 'media', APP_ORIGIN, { isMainFrame: true, mediaType: 'audio' })).toBe(true);
    expect(h.check!({}, 'geolocation', APP_ORIGIN, { isMainFrame: true })).toBe(false);
  });

  it('gives an app page the whole screen with loopback audio on Windows, and nobody else anything', async () => {
    const { h, session } = fakeSession<(typeof screens)[number]>();
    guardSession(session, {
      appOrigins: [APP_ORIGIN],
      platform: 'win32',
      screens: async () => screens,
      log: vi.fn(),
    });
    const answer = (origin: string) =>
      new Promise((resolve) =>
        h.display!({ securityOrigin: origin, audioRequested: true, videoRequested: true }, resolve),
      );
    // The very source object Electron listed (not a copy) goes back to Electron.
    expect(await answer(APP_ORIGIN)).toEqual({ video: screens[0], audio: 'loopback' });
    expect(((await answer(APP_ORIGIN)) as { video: unknown }).video).toBe(screens[0]);
    expect(await answer('https://evil.example')).toBeNull();
  });

  it('refuses screen capture, and logs why, when the screens cannot be listed', async () => {
    const { h, session } = fakeSession<(typeof screens)[number]>();
    const log = vi.fn();
    guardSession(session, {
      appOrigins: [APP_ORIGIN],
      platform: 'win32',
      screens: async () => Promise.reject(new Error('no display')),
      log,
    });
    const streams = await new Promise((resolve) =>
      h.display!({ securityOrigin: APP_ORIGIN, audioRequested: true, videoRequested: true }, resolve),
    );
    expect(streams).toBeNull();
    expect(log).toHaveBeenCalledWith('warn', 'could not list screens for system audio', expect.any(Error));
  });
});

describe('guardContents', () => {
  function contents() {
    const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>();
    let openHandler: ((d: { url: string }) => { action: 'deny' }) | undefined;
    const c: ContentsLike = {
      on: (event, listener) => void listeners.set(event, listener),
      setWindowOpenHandler: (h) => void (openHandler = h),
    };
    const navigate = (event: string, url: string) => {
      const preventDefault = vi.fn();
      listeners.get(event)!({ preventDefault }, url);
      return preventDefault.mock.calls.length > 0 ? 'blocked' : 'allowed';
    };
    return { c, navigate, open: (url: string) => openHandler!({ url }) };
  }

  it('keeps pages inside the app and never attaches a webview', () => {
    const { c, navigate } = contents();
    const log = vi.fn();
    guardContents(c, { appOrigins: [APP_ORIGIN], openExternal: vi.fn(async () => undefined), log });
    expect(navigate('will-navigate', `${APP_ORIGIN}/web/login`)).toBe('allowed');
    expect(navigate('will-navigate', 'https://evil.example/phish')).toBe('blocked');
    expect(navigate('will-redirect', 'https://evil.example/phish')).toBe('blocked');
    expect(navigate('will-attach-webview', `${APP_ORIGIN}/`)).toBe('blocked');
    expect(log).toHaveBeenCalledWith('warn', 'blocked navigation to https://evil.example');
  });

  it('opens web links in the browser and never a new app window', () => {
    const { c, open } = contents();
    const openExternal = vi.fn(async () => undefined);
    guardContents(c, { appOrigins: [APP_ORIGIN], openExternal, log: vi.fn() });
    expect(open('https://hearken.example/help')).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://hearken.example/help']]);
  });
});

describe('withCspHeader', () => {
  it('adds the policy to the dev server responses, replacing none of the other headers', () => {
    expect(withCspHeader({ 'Content-Type': ['text/html'] }, "default-src 'self'")).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': ["default-src 'self'"],
    });
  });
});
