/// <reference lib="dom" />
/**
 * The light web client: a guest who opens a room's invite link (what scanning its QR code does)
 * gets the page's code compressed and cacheable, never downloads what only accounts, settings,
 * history, the desktop app or Firebase sign-in need, and still sees the captions. Which chunk
 * holds which module is read from the build's own manifest (dist/web/.vite/manifest.json), so
 * the check follows the build rather than guessed file names. Then a screen that was split off
 * (sign-in) still opens, loading its chunk and the SDK then.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEV_DIR, CAPTION_TEST_FILE } from '../helpers/speech';
import { expectAccessible } from './axe';
import { holdMicrophone, launchChromium, microphoneFile, openMicrophone, startConversation } from './browser';

interface ManifestChunk {
  file: string;
  css?: string[];
}

/** Modules a guest joining a room must not load, by their path in the manifest. */
const NOT_FOR_GUESTS: Record<string, RegExp> = {
  'Firebase SDK': /node_modules\/(?:firebase|@firebase)\//,
  'sign-in screens': /features\/sign-in\/components\/LoginPage/,
  'account settings': /features\/account-settings\//,
  dashboards: /features\/dashboards\//,
  onboarding: /features\/onboarding\//,
  history: /features\/history\/components\/HistoryPage/,
  'desktop app': /features\/desktop\/(?:sagas|desktop-deps)/,
  'caption windows': /features\/caption-window\//,
  'transcript export': /features\/transcript\/components\/TranscriptPage/,
  // The workspace admin's screens and their chart library (recharts is bundled in that chunk).
  'workspace and its charts': /features\/workspace\//,
  'every Blueprint icon': /@blueprintjs\/icons\/lib\/esm\/paths-loaders\//,
  'French (for an English reader)': /i18n\/fr\.ts$/,
};

function forbiddenFiles(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join('dist/web/.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Map<string, string>();
  for (const [what, pattern] of Object.entries(NOT_FOR_GUESTS)) {
    const chunks = Object.entries(manifest).filter(([source]) => pattern.test(source));
    expect(chunks.length, `the build has a chunk for the ${what}`).toBeGreaterThan(0);
    for (const [, chunk] of chunks) {
      files.set(`/${chunk.file}`, what);
      for (const css of chunk.css ?? []) files.set(`/${css}`, what);
    }
  }
  return files;
}

/** Every same-origin path the page asks for, and the responses' headers. */
function recordRequests(page: Page) {
  const paths: string[] = [];
  const headers = new Map<string, Record<string, string>>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http')) paths.push(url.pathname);
  });
  page.on('response', (response) => {
    headers.set(new URL(response.url()).pathname, response.headers());
  });
  return { paths, headers };
}

test('a guest who opens the invite link loads only the room’s code, compressed and cacheable, and sees the captions', async ({
  baseURL,
}) => {
  const forbidden = forbiddenFiles();
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, CAPTION_TEST_FILE)));
  try {
    const hostContext = await browser.newContext({ baseURL });
    await holdMicrophone(hostContext);
    const host = await hostContext.newPage();
    await startConversation(host);
    const link = await host.getByTestId('invite-link').getAttribute('href');
    expect(link).toContain('token=');

    const guestContext = await browser.newContext({ baseURL });
    const guest = await guestContext.newPage();
    const requests = recordRequests(guest);
    await guest.goto(link!);
    await expect(guest.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');

    await openMicrophone(host);
    await expect(guest.locator('[data-testid="caption"]').first()).toBeVisible({ timeout: 30_000 });
    await expect(guest.locator('[data-testid="caption"][data-final="true"]').first()).toBeVisible({
      timeout: 30_000,
    });
    await expectAccessible(guest, 'conversation (guest from the invite link)');

    const loaded = requests.paths.filter((path) => forbidden.has(path));
    expect(
      loaded.map((path) => `${path} (${forbidden.get(path)})`),
      'chunks a guest should not load',
    ).toEqual([]);

    // The page's own script and style came compressed, and are cached for a year.
    const assets = requests.paths.filter((path) => /^\/assets\/.+\.(?:js|css)$/.test(path));
    expect(assets.length).toBeGreaterThan(0);
    for (const path of assets) {
      const response = requests.headers.get(path)!;
      expect(response['cache-control'], path).toBe('public, max-age=31536000, immutable');
      if (Number(response['content-length'] ?? 0) > 1024 || response['content-encoding']) {
        expect(response['content-encoding'], path).toMatch(/^(?:br|gzip)$/);
      }
    }
    const page = requests.headers.get(new URL(link!, baseURL).pathname)!;
    expect(page['cache-control']).toBe('no-cache');

    // A French phone: the page starts in French, French arriving as its own chunk (which imports
    // the entry chunk: the entry must not wait on it at a top-level await, or nothing starts).
    const frenchContext = await browser.newContext({ baseURL, locale: 'fr-FR' });
    const french = await frenchContext.newPage();
    const frenchRequests = recordRequests(french);
    await french.goto(link!);
    await expect(french.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(french.locator('[data-testid="caption"]').first()).toBeVisible();
    expect(
      frenchRequests.paths.some((path) => forbidden.get(path) === 'French (for an English reader)'),
    ).toBe(true);
    await frenchContext.close();

    // A screen split off from the guest's code still opens: its chunk (and the SDK) load now.
    await guest.goto('/web/login');
    await expect(guest.getByTestId('email')).toBeVisible();
    expect(requests.paths.some((path) => forbidden.get(path) === 'sign-in screens')).toBe(true);
    await expect.poll(() => requests.paths.some((path) => forbidden.get(path) === 'Firebase SDK')).toBe(true);
    await expectAccessible(guest, 'sign-in (loaded on demand)');
  } finally {
    await browser.close();
  }
});
