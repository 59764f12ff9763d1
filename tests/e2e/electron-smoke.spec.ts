/// <reference lib="dom" />
/**
 * Smoke test of the desktop app itself: Playwright launches Electron on the built main entry
 * (.vite/build/main.cjs, built by `npm run build:desktop`), which opens the floating captions,
 * and checks the real window's flags and the page's isolation. It runs wherever an Electron
 * binary exists; where none can be had (these machines cannot download it) it is skipped with
 * the reason printed. The same logic is tested without Electron: window options and flags in
 * tests/unit/main/windows/caption-windows.test.ts, the caption pages in tests/e2e/caption-windows.spec.ts.
 */
import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { displayProblem, findElectronBinary } from './electron';

const binary = findElectronBinary();
const problem = binary.path ? displayProblem() : binary.why;
if (problem) console.log(`[electron smoke test] skipped: ${problem}`);

test.skip(problem !== undefined, problem ?? '');

test('the built app opens floating captions above everything, isolated and sandboxed', async ({
  baseURL,
}) => {
  expect(existsSync('.vite/build/main.cjs'), 'run npm run build:desktop first').toBe(true);
  const userData = mkdtempSync(join(tmpdir(), 'hearken-electron-'));
  const app = await electron.launch({
    executablePath: binary.path!,
    args: [resolve('.'), `--user-data-dir=${userData}`],
    env: {
      ...process.env,
      HEARKEN_OPEN_CAPTIONS: 'floatingCaptions',
      HEARKEN_SERVER_URL: baseURL ?? 'http://127.0.0.1:8787',
    },
  });
  try {
    const page = await app.waitForEvent('window', {
      predicate: (w) => w.url().includes('/cc/conversation'),
      timeout: 30_000,
    });
    await expect(page.getByTestId('caption-window')).toHaveAttribute('data-mode', 'floatingCaptions');

    const windows = await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().map((w) => ({
        url: w.webContents.getURL(),
        alwaysOnTop: w.isAlwaysOnTop(),
        allWorkspaces: w.isVisibleOnAllWorkspaces(),
        resizable: w.isResizable(),
        maximizable: w.isMaximizable(),
      })),
    );
    const floating = windows.find((w) => w.url.includes('/cc/conversation'));
    expect(floating, JSON.stringify(windows)).toBeDefined();
    expect(floating!.url.startsWith('app://hearken/cc/conversation?mode=floatingCaptions')).toBe(true);
    expect(floating!.alwaysOnTop).toBe(true);
    expect(floating!.allWorkspaces).toBe(true);
    expect(floating!.resizable).toBe(true);
    expect(floating!.maximizable).toBe(false);

    // The page sees the bridge and nothing of Node (no require, no process: sandboxed, no Node integration).
    expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe(
      'undefined',
    );
    expect(await page.evaluate(() => typeof (globalThis as unknown as { process?: unknown }).process)).toBe(
      'undefined',
    );
    expect(
      await page.evaluate(() =>
        Object.keys((window as unknown as Record<string, object>).hearkenDesktop ?? {}).sort(),
      ),
    ).toEqual(['invoke', 'on']);
    // Navigation away from the app is refused.
    await page.evaluate(() => {
      window.location.href = 'https://example.org/';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toContain('app://hearken/cc/conversation');
  } finally {
    await app.close();
    rmSync(userData, { recursive: true, force: true });
  }
});
