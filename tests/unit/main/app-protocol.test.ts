import { posix, win32, type PlatformPath } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appFilePath, isSafePathSegment, resolveAppRequest } from '../../../src/main/app-protocol';

const SERVER = 'https://captions.example.org';
const ROOTS: [string, PlatformPath, string][] = [
  ['POSIX', posix, '/opt/Hearken/resources/app.asar/.vite/renderer/main_window'],
  ['Windows', win32, 'C:\\Program Files\\Hearken\\resources\\app.asar\\.vite\\renderer\\main_window'],
];

/** The file a request would read on a platform, or undefined when nothing is read from disk. */
function fileFor(url: string, path: PlatformPath, root: string): string | undefined {
  const route = resolveAppRequest(url, SERVER);
  if (route.kind !== 'asset' && route.kind !== 'index') return undefined;
  return appFilePath(root, route, path);
}

function strictlyInside(file: string, root: string, path: PlatformPath): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

// Each one, as an attacker (a page, a link, a hand-typed URL) would send it.
const ATTACKS = [
  'app://hearken/..%5C..%5Csecret.txt',
  'app://hearken/assets/..%5C..%5C..%5CWindows%5Cwin.ini',
  'app://hearken/assets/..%5c..%5c..%5cUsers%5cme%5c.ssh%5cid_rsa.pub',
  'app://hearken/..\\..\\secret.txt',
  'app://hearken/assets/..\\..\\..\\secret.txt',
  'app://hearken/..%2F..%2Fsecret.txt',
  'app://hearken/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
  'app://hearken/assets/%2e%2e%5c%2e%2e%5csecret.txt',
  'app://hearken/C:%5CWindows%5Cwin.ini',
  'app://hearken/C:/Windows/win.ini',
  'app://hearken/C:secret.txt',
  'app://hearken/c%3A%5Csecret.txt',
  'app://hearken/%5C%5Cserver%5Cshare%5Csecret.txt',
  'app://hearken/%5C%5C%3F%5CC:%5Csecret.txt',
  'app://hearken//server/share/secret.txt',
  'app://hearken/%2F%2Fserver%2Fshare%2Fsecret.txt',
  'app://hearken/%2Fetc%2Fpasswd.txt',
  'app://hearken/a%00.js',
  'app://hearken/index.html%00.png',
  'app://hearken/%252e%252e%255c%252e%252e%255csecret.txt',
  'app://hearken/%252e%252e/secret.txt',
  'app://hearken/%C0%AE%C0%AE/secret.txt',
  'app://hearken/..%20/..%20/secret.txt',
  'app://hearken/.../secret.txt',
  'app://hearken/assets/index.html.',
  'app://hearken/assets/index.js::$DATA',
  'app://hearken/assets/nul.js',
  'app://hearken/CON.txt',
  'app://hearken/assets/com1.wav',
  'app://hearken/assets/lpt%C2%B9.css',
  'app://hearken/assets/a%0A.js',
];

describe('resolveAppRequest attack paths', () => {
  it.each(ATTACKS)('%s is never served from outside the web root', (url) => {
    for (const [, path, root] of ROOTS) {
      const file = fileFor(url, path, root);
      if (file !== undefined) expect(strictlyInside(file, root, path)).toBe(true);
    }
  });

  it.each(ATTACKS.filter((url) => /\.[a-z0-9]+(\.|::\$DATA)?$/i.test(url)))(
    '%s is refused outright, not read',
    (url) => {
      expect(resolveAppRequest(url, SERVER)).toEqual({ kind: 'refused', status: 400 });
    },
  );

  it('keeps serving the files and routes of the app', () => {
    expect(resolveAppRequest('app://hearken/assets/index-Ab_9.js', SERVER)).toEqual({
      kind: 'asset',
      path: 'assets/index-Ab_9.js',
    });
    expect(resolveAppRequest('app://hearken/assets/blueprint-icons-16.woff2', SERVER)).toEqual({
      kind: 'asset',
      path: 'assets/blueprint-icons-16.woff2',
    });
    expect(resolveAppRequest('app://hearken/cc/conversation/', SERVER)).toEqual({ kind: 'index' });
    // A route never reads a file by its name, so even a strange one is only index.html.
    expect(resolveAppRequest('app://hearken/web/%25odd%3A', SERVER)).toEqual({ kind: 'index' });
  });

  it('decides the proxy on the path the server receives', () => {
    expect(resolveAppRequest('app://hearken/api/v1/config', SERVER)).toEqual({
      kind: 'proxy',
      target: `${SERVER}/api/v1/config`,
    });
    expect(resolveAppRequest('app://hearken/api%2Fv1%2Fsecret.json', SERVER)).toEqual({
      kind: 'asset',
      path: 'api/v1/secret.json',
    });
  });

  it('refuses a path longer than any the build writes', () => {
    expect(resolveAppRequest(`app://hearken/${'a/'.repeat(600)}x.js`, SERVER)).toEqual({
      kind: 'refused',
      status: 400,
    });
  });
});

describe('appFilePath', () => {
  it.each(ROOTS)('joins a file of the app inside the root on %s', (_name, path, root) => {
    expect(appFilePath(root, { kind: 'asset', path: 'assets/a.js' }, path)).toBe(
      path.join(root, 'assets', 'a.js'),
    );
    expect(appFilePath(root, { kind: 'index' }, path)).toBe(path.join(root, 'index.html'));
  });

  it.each(ROOTS)('refuses a route it did not make itself on %s', (_name, path, root) => {
    for (const bad of [
      '..\\..\\secret',
      '../secret',
      'C:\\secret',
      '\\\\srv\\share\\x',
      '/etc/passwd',
      'a//b',
    ]) {
      expect(appFilePath(root, { kind: 'asset', path: bad }, path)).toBeUndefined();
    }
  });

  it('would let `..\\` out on Windows only: why segments are checked on every platform', () => {
    // The very join the old code did: harmless on POSIX, an escape on Windows.
    const [, , winRoot] = ROOTS[1]!;
    expect(strictlyInside(posix.join('/srv/app', '..\\..\\secret'), '/srv/app', posix)).toBe(true);
    expect(strictlyInside(win32.join(winRoot, '..\\..\\secret'), winRoot, win32)).toBe(false);
  });
});

describe('isSafePathSegment', () => {
  it.each(['index.html', 'a-b_c.js', 'icon@2x.png', 'x.woff2', '.well-known'])('%s is a plain name', (s) => {
    expect(isSafePathSegment(s)).toBe(true);
  });
  it.each([
    '',
    '.',
    '..',
    '...',
    '.. ',
    'a\\b',
    'a/b',
    'C:',
    'a:b',
    'a*',
    'a?',
    'a|b',
    'a%2e',
    'a\0',
    'x.',
    'x ',
    'nul',
    'Aux.js',
    'COM9',
    'lpt\u00b3.txt',
    'conout$',
  ])('%j is not', (s) => {
    expect(isSafePathSegment(s)).toBe(false);
  });
});

describe('app:// paths under a seeded fuzz', () => {
  it('never leave the web root on Windows or POSIX', () => {
    const pieces = [
      '..',
      '.',
      '%2e',
      '%2E%2E',
      '%5C',
      '%5c',
      '%2F',
      '\\',
      '/',
      'C:',
      'c%3a',
      '%00',
      '%25',
      '%252e',
      'a',
      'x.js',
      ' ',
      '%20',
      '...',
      'nul',
      '%C0%AE',
      '?',
      '#',
    ];
    let seed = 0x9e3779b9;
    const next = () => {
      // xorshift32: deterministic, so a failure is reproducible.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 0x1_0000_0000;
    };
    let served = 0;
    for (let run = 0; run < 3000; run++) {
      const length = 1 + Math.floor(next() * 8);
      let path = '';
      for (let i = 0; i < length; i++) path += pieces[Math.floor(next() * pieces.length)];
      const url = `app://hearken/${path}${next() < 0.5 ? '.js' : ''}`;
      for (const [, platformPath, root] of ROOTS) {
        const file = fileFor(url, platformPath, root);
        if (file === undefined) continue;
        served++;
        expect(strictlyInside(file, root, platformPath), url).toBe(true);
      }
    }
    // The fuzz reaches the file branch, not only the refusals.
    expect(served).toBeGreaterThan(100);
  });
});
