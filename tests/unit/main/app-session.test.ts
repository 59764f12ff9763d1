import { describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN } from '../../../src/main/app-protocol';
import {
  type AppSessionDeps,
  type GuardedContents,
  type Preventable,
  type SessionLike,
  setUpAppSession,
} from '../../../src/main/app-session';
import type { MainLog } from '../../../src/main/log';

const SERVER = 'https://captions.example.org';
const DEV = 'http://localhost:5173';
type Source = { id: string; name: string; thumbnail: string };
type AppSession = SessionLike<Source>;

/** Electron's session, protocol and app as hooks the test can call, as Chromium would. */
function setUp(options: { platform?: string; devServerUrl?: string; files?: Record<string, string> } = {}) {
  const hooks: {
    app?: (request: Request) => Promise<Response>;
    headers?: {
      filter: { urls: string[] };
      listener: Parameters<AppSession['webRequest']['onHeadersReceived']>[1];
    };
    request?: Parameters<AppSession['setPermissionRequestHandler']>[0];
    check?: Parameters<AppSession['setPermissionCheckHandler']>[0];
    displayMedia?: Parameters<AppSession['setDisplayMediaRequestHandler']>[0];
    contentsCreated?: (event: unknown, contents: GuardedContents) => void;
  } = {};
  const files = options.files ?? {};
  const log = vi.fn<MainLog>();
  const deps: AppSessionDeps<Source> = {
    protocol: { handle: (scheme, handler) => (scheme === 'app' ? (hooks.app = handler) : undefined) },
    session: {
      webRequest: { onHeadersReceived: (filter, listener) => (hooks.headers = { filter, listener }) },
      setPermissionRequestHandler: (h) => (hooks.request = h),
      setPermissionCheckHandler: (h) => (hooks.check = h),
      setDisplayMediaRequestHandler: (h) => (hooks.displayMedia = h),
    },
    app: { on: (_event, listener) => (hooks.contentsCreated = listener) },
    desktopCapturer: {
      getSources: vi.fn(async () => [{ id: 'screen:1:0', name: 'Entire screen', thumbnail: '…' }]),
    },
    shell: { openExternal: vi.fn(async () => {}) },
    fetch: vi.fn(async () => new Response('from the server')),
    readFile: vi.fn(async (path: string) => {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT: ${path}`);
      return new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
    }),
    rendererRoot: options.platform === 'win32' ? 'C:\\Hearken\\renderer' : '/opt/hearken/renderer',
    platform: options.platform ?? 'linux',
    serverUrl: () => SERVER,
    ...(options.devServerUrl ? { devServerUrl: options.devServerUrl } : {}),
    appOrigins: [APP_ORIGIN, ...(options.devServerUrl ? [options.devServerUrl] : [])],
    log,
  };
  setUpAppSession(deps);
  return { hooks, deps, log };
}

const page = '<!doctype html><title>Hearken</title>';

describe('the app:// scheme', () => {
  it('serves a client-side route as index.html, with the content security policy', async () => {
    const { hooks } = setUp({ files: { '/opt/hearken/renderer/index.html': page } });
    const response = await hooks.app!(new Request(`${APP_ORIGIN}/web/conversations`));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(page);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("script-src 'self';");
    // The policy follows the server of the preferences.
    expect(csp).toContain(`connect-src 'self' ${SERVER} wss://captions.example.org`);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('serves files of the renderer by type, and 404 for one that is not there', async () => {
    const { hooks } = setUp({ files: { '/opt/hearken/renderer/assets/index.js': 'run()' } });
    const found = await hooks.app!(new Request(`${APP_ORIGIN}/assets/index.js`));
    expect(found.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(await found.text()).toBe('run()');
    expect((await hooks.app!(new Request(`${APP_ORIGIN}/assets/missing.js`))).status).toBe(404);
  });

  it('joins the path by the rules of the platform serving it', async () => {
    const { hooks, deps } = setUp({
      platform: 'win32',
      files: { 'C:\\Hearken\\renderer\\assets\\a.css': 'p{}' },
    });
    const response = await hooks.app!(new Request(`${APP_ORIGIN}/assets/a.css`));
    expect(await response.text()).toBe('p{}');
    expect(deps.readFile).toHaveBeenCalledWith('C:\\Hearken\\renderer\\assets\\a.css');
  });

  it('refuses what app-protocol.ts refuses, without reading a file', async () => {
    const { hooks, deps } = setUp();
    expect((await hooks.app!(new Request(`${APP_ORIGIN}/assets/..%5C..%5Csecret.js`))).status).toBe(400);
    expect((await hooks.app!(new Request('app://elsewhere/index.js'))).status).toBe(404);
    expect(deps.readFile).not.toHaveBeenCalled();
  });

  it('passes /api calls to the server, with their method, headers and body', async () => {
    const { hooks, deps } = setUp();
    const post = await hooks.app!(
      new Request(`${APP_ORIGIN}/api/v1/rooms?lang=en`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"title":"Standup"}',
      }),
    );
    expect(await post.text()).toBe('from the server');
    const [target, init] = vi.mocked(deps.fetch).mock.calls[0]!;
    expect(target).toBe(`${SERVER}/api/v1/rooms?lang=en`);
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(new TextDecoder().decode(init.body as ArrayBuffer)).toBe('{"title":"Standup"}');
    await hooks.app!(new Request(`${APP_ORIGIN}/api/v1/users/me`));
    expect(vi.mocked(deps.fetch).mock.calls[1]![1]).not.toHaveProperty('body');
  });

  it('answers a gateway error in the API shape when the server cannot be reached', async () => {
    const { hooks, deps } = setUp();
    vi.mocked(deps.fetch).mockRejectedValueOnce(new Error('ECONNREFUSED'));
    const response = await hooks.app!(new Request(`${APP_ORIGIN}/api/v1/users/me`));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: { code: 'server-unreachable', content: { message: 'ECONNREFUSED' } },
    });
  });
});

describe('the dev server', () => {
  it('gets the same policy through a response header, keeping the other headers', () => {
    const { hooks } = setUp({ devServerUrl: DEV });
    expect(hooks.headers!.filter).toEqual({ urls: [`${DEV}/*`] });
    const callback = vi.fn();
    hooks.headers!.listener({ responseHeaders: { 'Cache-Control': ['no-cache'] } }, callback);
    const headers = callback.mock.calls[0]![0].responseHeaders;
    expect(headers['Cache-Control']).toEqual(['no-cache']);
    expect(headers['Content-Security-Policy'][0]).toContain(`script-src 'self' ${DEV} 'unsafe-inline'`);
  });

  it('is not hooked in a build', () => {
    expect(setUp().hooks.headers).toBeUndefined();
  });
});

describe('permissions', () => {
  const ask = (hooks: ReturnType<typeof setUp>['hooks'], permission: string, details: object) => {
    const callback = vi.fn();
    hooks.request!({}, permission, callback, { isMainFrame: true, requestingUrl: '', ...details });
    return callback.mock.calls[0]![0] as boolean;
  };

  it('grants the microphone to our pages only, and never the camera', () => {
    const { hooks } = setUp();
    expect(ask(hooks, 'media', { requestingUrl: `${APP_ORIGIN}/web/x`, mediaTypes: ['audio'] })).toBe(true);
    expect(
      ask(hooks, 'media', { requestingUrl: `${APP_ORIGIN}/web/x`, mediaTypes: ['audio', 'video'] }),
    ).toBe(false);
    expect(ask(hooks, 'media', { requestingUrl: 'https://evil.example/', mediaTypes: ['audio'] })).toBe(
      false,
    );
    expect(ask(hooks, 'media', { requestingUrl: `${APP_ORIGIN}/web/x`, isMainFrame: false })).toBe(false);
    expect(ask(hooks, 'geolocation', { requestingUrl: `${APP_ORIGIN}/web/x` })).toBe(false);
  });

  it('answers permission checks by the same rule', () => {
    const { hooks } = setUp();
    const check = (origin: string, mediaType?: string) =>
      hooks.check!({}, 'media', origin, { isMainFrame: true, ...(mediaType ? { mediaType } : {}) });
    expect(check(APP_ORIGIN, 'audio')).toBe(true);
    expect(check(APP_ORIGIN, 'video')).toBe(false);
    expect(check('https://evil.example', 'audio')).toBe(false);
  });
});

describe('screen capture (system audio on Windows)', () => {
  const request = (hooks: ReturnType<typeof setUp>['hooks'], securityOrigin = APP_ORIGIN) =>
    new Promise((answer) =>
      hooks.displayMedia!({ securityOrigin, audioRequested: true, videoRequested: true }, answer),
    );

  it('answers our page on Windows with the screen and loopback audio', async () => {
    const { hooks } = setUp({ platform: 'win32' });
    expect(await request(hooks)).toEqual({
      video: { id: 'screen:1:0', name: 'Entire screen', thumbnail: '…' },
      audio: 'loopback',
    });
    expect(await request(hooks, 'https://evil.example')).toBeNull();
  });

  it('answers nothing elsewhere, or when the screens cannot be listed', async () => {
    expect(await request(setUp({ platform: 'linux' }).hooks)).toBeNull();
    const { hooks, deps, log } = setUp({ platform: 'win32' });
    const failure = new Error('no screens');
    vi.mocked(deps.desktopCapturer.getSources).mockRejectedValueOnce(failure);
    expect(await request(hooks)).toBeNull();
    expect(log).toHaveBeenCalledWith('warn', 'could not list screens for system audio', failure);
  });
});

describe('navigation and new windows', () => {
  function contents() {
    const listeners = new Map<string, ((event: Preventable, url: string) => void)[]>();
    let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
    const fake: GuardedContents = {
      on: (event: string, listener: (event: Preventable, url: string) => void) =>
        void listeners.set(event, [...(listeners.get(event) ?? []), listener]),
      setWindowOpenHandler: (h) => (openHandler = h),
    };
    const fire = (event: string, url = '') => {
      const preventDefault = vi.fn();
      for (const l of listeners.get(event) ?? []) l({ preventDefault }, url);
      return preventDefault.mock.calls.length > 0;
    };
    return { fake, fire, open: (url: string) => openHandler!({ url }) };
  }

  it('keeps every window on our pages', () => {
    const { hooks, log } = setUp();
    const c = contents();
    hooks.contentsCreated!({}, c.fake);
    expect(c.fire('will-navigate', `${APP_ORIGIN}/web/account`)).toBe(false);
    expect(c.fire('will-navigate', 'https://evil.example/phish')).toBe(true);
    expect(log).toHaveBeenCalledWith('warn', 'blocked navigation to https://evil.example');
    expect(c.fire('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(c.fire('will-attach-webview')).toBe(true);
  });

  it('never opens a new window: web links go to the browser, anything else nowhere', async () => {
    const { hooks, deps } = setUp();
    const c = contents();
    hooks.contentsCreated!({}, c.fake);
    expect(c.open('https://hearken.example/help')).toEqual({ action: 'deny' });
    expect(c.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(deps.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(deps.shell.openExternal).toHaveBeenCalledWith('https://hearken.example/help');
  });
});
