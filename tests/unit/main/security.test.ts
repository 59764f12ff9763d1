import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  isAllowedNavigation,
  isTrustedSender,
  originOf,
  permissionDecision,
  secureWebPreferences,
  windowOpenDecision,
} from '../../../src/main/security';
import { APP_ORIGIN } from '../../../src/main/app-protocol';

const ORIGINS = [APP_ORIGIN];
const SERVER = 'http://127.0.0.1:8080';

describe('secureWebPreferences', () => {
  it('isolates, sandboxes and keeps Node out of every renderer', () => {
    const prefs = secureWebPreferences('/app/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      backgroundThrottling: true,
    });
    expect(secureWebPreferences('p', { backgroundThrottling: false }).backgroundThrottling).toBe(false);
  });
});

describe('contentSecurityPolicy', () => {
  const directive = (csp: string, name: string) =>
    csp
      .split('; ')
      .find((d) => d.startsWith(`${name} `))
      ?.split(' ')
      .slice(1);

  it('allows scripts only from the app and connections to the app and the server', () => {
    const csp = contentSecurityPolicy({ serverUrl: 'https://captions.example.org/' });
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://captions.example.org',
      'wss://captions.example.org',
      'https://captions.example.org:*',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'none'"]);
  });

  it('lets the Vite dev server in during development only', () => {
    const csp = contentSecurityPolicy({ serverUrl: SERVER, devServerUrl: 'http://localhost:5173' });
    expect(directive(csp, 'script-src')).toContain('http://localhost:5173');
    expect(directive(csp, 'connect-src')).toContain('ws://localhost:5173');
    expect(directive(csp, 'connect-src')).toContain('ws://127.0.0.1:8080');
    // The Auth emulator beside a local server.
    expect(directive(csp, 'connect-src')).toContain('http://127.0.0.1:*');
  });
});

describe('navigation and new windows', () => {
  it.each([
    ['app://hearken/web/conversations', true],
    ['app://hearken/cc/conversation?mode=floatingCaptions', true],
    ['app://evil/web', false],
    ['https://example.org/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('navigation to %s allowed: %s', (url, allowed) => {
    expect(isAllowedNavigation(url, ORIGINS)).toBe(allowed);
  });

  it.each([
    ['https://hearken.example/help', true],
    ['http://127.0.0.1:8080/web/conversations?token=abc', true],
    ['file:///C:/Windows/system32/calc.exe', false],
    ['smb://share/x', false],
    ['hearken://login?customToken=a.b.c', false],
  ])('window.open(%s) never opens a window; in the browser: %s', (url, external) => {
    expect(windowOpenDecision(url)).toEqual({ action: 'deny', openExternally: external });
  });

  it('builds origins of custom schemes too', () => {
    expect(originOf('app://hearken/web?x=1')).toBe('app://hearken');
    expect(originOf('http://localhost:5173/cc/conversation')).toBe('http://localhost:5173');
    expect(originOf('::')).toBeUndefined();
  });
});

describe('permissionDecision', () => {
  it.each([
    [{ permission: 'media', origin: APP_ORIGIN, mediaTypes: ['audio'] }, true],
    [{ permission: 'media', origin: APP_ORIGIN, mediaTypes: ['audio', 'video'] }, false],
    [{ permission: 'media', origin: APP_ORIGIN, mediaTypes: ['video'] }, false],
    [{ permission: 'display-capture', origin: APP_ORIGIN }, true],
    [{ permission: 'clipboard-sanitized-write', origin: APP_ORIGIN }, true],
    [{ permission: 'geolocation', origin: APP_ORIGIN }, false],
    [{ permission: 'notifications', origin: APP_ORIGIN }, false],
    [{ permission: 'openExternal', origin: APP_ORIGIN }, false],
    [{ permission: 'media', origin: 'https://evil.example', mediaTypes: ['audio'] }, false],
    [{ permission: 'media', origin: APP_ORIGIN, mediaTypes: ['audio'], isMainFrame: false }, false],
  ])('%j -> %s', (query, granted) => {
    expect(permissionDecision(query, ORIGINS)).toBe(granted);
  });
});

describe('isTrustedSender', () => {
  const ours = new Set([3, 7]);
  it.each([
    [{ webContentsId: 3, frameUrl: 'app://hearken/web/conversations' }, true],
    [{ webContentsId: 7, frameUrl: 'app://hearken/cc/conversation' }, true],
    // A window of ours that was navigated somewhere else.
    [{ webContentsId: 3, frameUrl: 'https://evil.example/' }, false],
    // Not one of our windows (a devtools page, a stray webContents).
    [{ webContentsId: 9, frameUrl: 'app://hearken/web' }, false],
    [{ webContentsId: 3, frameUrl: undefined }, false],
  ])('%j -> %s', (sender, trusted) => {
    expect(isTrustedSender(sender, ours, ORIGINS)).toBe(trusted);
  });
});
