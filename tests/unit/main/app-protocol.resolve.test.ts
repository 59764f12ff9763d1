import { describe, expect, it } from 'vitest';
import { contentTypeFor, resolveAppRequest, securityHeaders } from '../../../src/main/app-protocol';

const SERVER = 'http://127.0.0.1:8080';

describe('resolveAppRequest', () => {
  it.each([
    ['app://hearken/', { kind: 'index' }],
    ['app://hearken/web/conversations', { kind: 'index' }],
    ['app://hearken/cc/conversation?mode=captionsBox', { kind: 'index' }],
    ['app://hearken/assets/index-abc.js', { kind: 'asset', path: 'assets/index-abc.js' }],
    ['app://hearken/assets/../assets/a.css', { kind: 'asset', path: 'assets/a.css' }],
    ['app://hearken/api/v1/config', { kind: 'proxy', target: `${SERVER}/api/v1/config` }],
    [
      'app://hearken/api/v1/rooms/a_b/transcripts?avaId=x',
      { kind: 'proxy', target: `${SERVER}/api/v1/rooms/a_b/transcripts?avaId=x` },
    ],
    ['app://hearken/%2e%2e/%2e%2e/etc/passwd.txt', { kind: 'asset', path: 'etc/passwd.txt' }],
    ['app://hearken/a%00.js', { kind: 'refused', status: 400 }],
    ['app://hearken/%E0%A4%A', { kind: 'refused', status: 400 }],
    ['app://other/assets/a.js', { kind: 'refused', status: 404 }],
  ])('%s', (url, route) => {
    expect(resolveAppRequest(url, `${SERVER}/`)).toEqual(route);
  });

  it('types what it serves and sends the CSP with it', () => {
    expect(contentTypeFor('assets/x.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('assets/capture.wasm')).toBe('application/wasm');
    expect(contentTypeFor('whatever.bin')).toBe('application/octet-stream');
    expect(securityHeaders("default-src 'self'")).toMatchObject({
      'Content-Security-Policy': "default-src 'self'",
      'X-Content-Type-Options': 'nosniff',
    });
  });
});
