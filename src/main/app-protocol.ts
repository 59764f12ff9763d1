/**
 * The app's pages are served from a privileged `app://hearken` scheme rather than `file://`:
 * one origin for every window (so the renderer's storage is shared), client-side routes like
 * /cc/conversation work on reload, a CSP header on every page, and the API is proxied to the
 * conversation server so the renderer keeps using same-origin paths (`/api/v1/...`) exactly as
 * in the browser. The socket goes straight to the server (WebSockets are not bound by CORS).
 */
import { posix } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'hearken';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export type AppRequestRoute =
  | { kind: 'asset'; path: string }
  | { kind: 'index' }
  | { kind: 'proxy'; target: string }
  | { kind: 'refused'; status: 400 | 404 };

/**
 * Where a request to the app scheme goes. Files are looked up inside the renderer folder only
 * (a `..` cannot climb out of it); a path without a file extension is a client-side route and
 * gets index.html; `/api/` goes to the server.
 */
export function resolveAppRequest(rawUrl: string, serverUrl: string): AppRequestRoute {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { kind: 'refused', status: 400 };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return { kind: 'refused', status: 404 };
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'refused', status: 400 };
  }
  if (pathname.includes('\0')) return { kind: 'refused', status: 400 };
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    const base = serverUrl.replace(/\/+$/, '');
    return { kind: 'proxy', target: `${base}${url.pathname}${url.search}` };
  }
  const normalized = posix.normalize(pathname);
  if (!normalized.startsWith('/') || normalized.split('/').includes('..'))
    return { kind: 'refused', status: 400 };
  if (normalized === '/' || posix.extname(normalized) === '') return { kind: 'index' };
  return { kind: 'asset', path: normalized.slice(1) };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.wav': 'audio/wav',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(path: string): string {
  return TYPES[posix.extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers of every page and asset the scheme serves. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
