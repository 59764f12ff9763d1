/**
 * The app's pages are served from a privileged `app://hearken` scheme rather than `file://`:
 * one origin for every window (so the renderer's storage is shared), client-side routes like
 * /cc/conversation work on reload, a CSP header on every page, and the API is proxied to the
 * conversation server so the renderer keeps using same-origin paths (`/api/v1/...`) exactly as
 * in the browser. The socket goes straight to the server (WebSockets are not bound by CORS).
 *
 * Path safety is decided by rules that read the same on every platform, not by one platform's
 * path functions: `..%5C` is an ordinary name to POSIX but a way out of the folder to Windows, so a
 * test on Linux with `posix` alone would never see the Windows escape. A file request is cut into
 * segments at `/` only, each segment must be a plain file name on Windows and POSIX alike, and the
 * file is joined and checked for containment with the path module of the platform that serves it
 * (`win32` or `posix`, passed in so both are tested everywhere).
 */
import { posix, type PlatformPath } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'hearken';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export type AppRequestRoute =
  | { kind: 'asset'; path: string }
  | { kind: 'index' }
  | { kind: 'proxy'; target: string }
  | { kind: 'refused'; status: 400 | 404 };

/** Longer than any asset path the build writes; a longer one is not ours. */
const MAX_PATH_LENGTH = 1024;

/**
 * Names Windows opens as devices in any folder (`C:\app\nul.js` is the NUL device): reading one
 * could hang on a serial port or read a console. The superscript digits count as digits there.
 */
const WINDOWS_DEVICE_RE = /^(con|prn|aux|nul|conin\$|conout\$|(com|lpt)[0-9\u00b9\u00b2\u00b3])(\..*)?$/i;

/**
 * Characters that make a segment more than a file name somewhere: separators of either platform
 * (`/`, `\`), drive and stream markers (`C:`, `file::$DATA`), wildcards, control characters and
 * NUL, and `%` (a name still holding an escape after one decoding is a double-encoded request:
 * whatever decodes it again would see something else).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHAR_RE = /[\u0000-\u001f\u007f\\/:*?"<>|%]/;

/**
 * True when `segment` is a plain file or folder name on Windows and on POSIX: not empty, not `.`
 * or `..`, none of the characters above, no trailing dot or space (Windows drops them, so `..`
 * could be spelled `.. ` or `...`), and not a Windows device name.
 */
export function isSafePathSegment(segment: string): boolean {
  if (segment === '' || segment === '.' || segment === '..') return false;
  if (UNSAFE_CHAR_RE.test(segment)) return false;
  if (segment.endsWith('.') || segment.endsWith(' ')) return false;
  return !WINDOWS_DEVICE_RE.test(segment);
}

/**
 * Where a request to the app scheme goes. `/api/` (as the server will see it) goes to the server;
 * a path without a file extension is a client-side route and gets index.html (no file is looked
 * up by its name, so any name is harmless there); a file path is served only when every segment
 * is a safe name (isSafePathSegment), else it is refused with 400.
 */
export function resolveAppRequest(rawUrl: string, serverUrl: string): AppRequestRoute {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { kind: 'refused', status: 400 };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return { kind: 'refused', status: 404 };
  if (url.pathname.length > MAX_PATH_LENGTH) return { kind: 'refused', status: 400 };
  // Decided on the path the server receives, still encoded: `/api%2F..` is not an API call.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    const base = serverUrl.replace(/\/+$/, '');
    return { kind: 'proxy', target: `${base}${url.pathname}${url.search}` };
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'refused', status: 400 };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(pathname)) return { kind: 'refused', status: 400 };
  // Split at `/` only: a `\` stays inside its segment, where isSafePathSegment refuses it.
  const segments = pathname.split('/').slice(1);
  const last = segments[segments.length - 1] ?? '';
  // A client-side route (`/`, `/web/conversations`, `/cc/conversation/`): always the same file.
  if (last === '' || posix.extname(last) === '') return { kind: 'index' };
  if (!segments.every(isSafePathSegment)) return { kind: 'refused', status: 400 };
  return { kind: 'asset', path: segments.join('/') };
}

/**
 * The file an `asset` or `index` route names inside `root`, joined by `path` (the serving
 * platform's rules: `win32` on Windows, `posix` elsewhere), or undefined when it would not be
 * strictly inside `root`. The segments were checked already; this is the second, independent
 * check, in the serving platform's own terms, that nothing can climb out.
 */
export function appFilePath(
  root: string,
  route: { kind: 'asset'; path: string } | { kind: 'index' },
  path: PlatformPath,
): string | undefined {
  const segments = route.kind === 'index' ? ['index.html'] : route.path.split('/');
  if (!segments.every(isSafePathSegment)) return undefined;
  const base = path.resolve(root);
  const file = path.resolve(base, ...segments);
  const inside = path.relative(base, file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside))
    return undefined;
  return file;
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
