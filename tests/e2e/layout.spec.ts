/// <reference lib="dom" />
/**
 * The conversation screen at every size a person reads it on: from a 320 px phone to a 4K
 * screen, at the smallest and largest caption size, with and without the "Connection lost"
 * notice. The newest caption line is always fully in view above the control bar, the page never
 * grows beyond the window, the invite card's QR code can be scrolled into view and is never
 * under the bar, and "Captions only" gives the captions the whole screen and the way back.
 */
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { expectAccessible } from './axe';
import { launchChromium, microphoneFile } from './browser';
import { CAPTION_TEST_FILE, DEV_DIR } from '../helpers/speech';

const SIZES = [
  [320, 568],
  [390, 844],
  [1024, 768],
  [1280, 800],
  [1920, 1080],
  [3840, 2160],
] as const;

interface Geometry {
  pageHeight: number;
  viewportHeight: number;
  newest: { top: number; bottom: number } | undefined;
  scroller: { top: number; bottom: number };
  bar: { top: number; bottom: number };
}

/** Where the newest caption line, the captions panel and the control bar are on screen. */
function geometry(page: Page): Promise<Geometry> {
  return page.evaluate(() => {
    const box = (el: Element | null | undefined) => {
      const r = el!.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    };
    const last = Array.from(document.querySelectorAll('[data-testid="caption-text"]')).pop();
    // The newest line is the last line box of the last caption's text.
    const rects = last ? Array.from(last.getClientRects()) : [];
    const lastLine = rects.length ? rects[rects.length - 1]! : undefined;
    return {
      pageHeight: document.documentElement.scrollHeight,
      viewportHeight: window.innerHeight,
      newest: lastLine ? { top: lastLine.top, bottom: lastLine.bottom } : undefined,
      scroller: box(document.querySelector('.captions-scroll')),
      bar: box(document.querySelector('[data-testid="control-bar"]')),
    };
  });
}

function expectNewestLineInView(g: Geometry, where: string): void {
  expect(g.pageHeight, `${where}: the page is no taller than the window`).toBeLessThanOrEqual(
    g.viewportHeight + 1,
  );
  expect(g.newest, `${where}: a caption is shown`).toBeDefined();
  expect(g.newest!.top, `${where}: the newest line's top is inside the captions`).toBeGreaterThanOrEqual(
    g.scroller.top - 1,
  );
  expect(g.newest!.bottom, `${where}: the newest line's bottom is inside the captions`).toBeLessThanOrEqual(
    g.scroller.bottom + 1,
  );
  expect(g.scroller.bottom, `${where}: the captions end above the control bar`).toBeLessThanOrEqual(
    g.bar.top + 1,
  );
  expect(g.bar.bottom, `${where}: the control bar is on screen`).toBeLessThanOrEqual(g.viewportHeight + 1);
}

test('the newest caption line is in view at every size, caption size and notice', async ({ baseURL }) => {
  test.setTimeout(240_000);
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, CAPTION_TEST_FILE)));
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/web/conversations');
    await page.getByTestId('start-conversation').click();
    await expect(page.locator('[data-testid="caption"][data-final="true"]').first()).toBeVisible({
      timeout: 60_000,
    });

    // The focus lands on the screen's heading, not the page body.
    await expect(page.getByTestId('room-title')).toBeFocused();

    for (const fontSize of [13, 60]) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('font-size').fill(String(fontSize));
      await page.getByTestId('font-size').press('Enter');
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        // Until the layout has settled after the resize (a loaded machine takes longer than a
        // frame or two); a layout that stays wrong still fails.
        await expect(async () =>
          expectNewestLineInView(await geometry(page), `${width}x${height} at ${fontSize} px`),
        ).toPass({ timeout: 5_000 });
      }
    }

    // "Connection lost" takes room from the captions, not from the newest line.
    await page.setViewportSize({ width: 1024, height: 768 });
    await context.setOffline(true);
    await expect(page.getByTestId('offline-notice')).toBeVisible({ timeout: 20_000 });
    await expect(async () =>
      expectNewestLineInView(await geometry(page), '1024x768 with the connection notice'),
    ).toPass({ timeout: 5_000 });
    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toHaveCount(0, { timeout: 30_000 });

    // The invite card: the room name on one line, and the QR code can be scrolled fully into
    // view, above the control bar.
    await page.setViewportSize({ width: 1280, height: 800 });
    const name = page.getByTestId('room-name');
    const nameLines = await name.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    });
    expect(nameLines, 'the room name is on one line').toBe(1);
    const qr = page.getByTestId('invite-qr');
    await qr.scrollIntoViewIfNeeded();
    const qrBox = (await qr.boundingBox())!;
    const bar = (await page.getByTestId('control-bar').boundingBox())!;
    expect(qrBox.y + qrBox.height, 'the QR code is above the control bar').toBeLessThanOrEqual(bar.y + 1);
    expect(qrBox.y, 'the QR code is on screen').toBeGreaterThanOrEqual(0);

    // Copying the link says so on the button.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('copy-invite-link').click();
    await expect(page.getByTestId('copy-invite-link')).toHaveText('Link copied');
    await expect(page.getByTestId('copy-status')).toHaveText('Invite link copied.');

    // Captions only: the captions fill the screen; the way back is a button or Escape.
    for (const [width, height] of [
      [390, 844],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('captions-only-open').click();
      const only = page.getByTestId('captions-only');
      await expect(only).toBeVisible();
      await expect(page.getByTestId('control-bar')).toHaveCount(0);
      const box = (await only.boundingBox())!;
      expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, width, height]);
      await expect(page.getByRole('region', { name: 'Captions' })).toBeFocused();
      await expectAccessible(page, `captions only at ${width}x${height}`);
      if (width < 768) await page.getByTestId('captions-only-exit').click();
      else await page.keyboard.press('Escape');
      await expect(page.getByTestId('control-bar')).toBeVisible();
      await expect(page.getByTestId('captions-only-open')).toBeFocused();
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'conversation on a phone');
  } finally {
    await browser.close();
  }
});

test('on a phone, reading settings are one tap from the control bar, by keyboard too', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/web/conversations');
    await page.getByTestId('start-conversation').click();
    await expect(page.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');

    const open = page.getByTestId('control-bar').getByRole('button', { name: 'Reading settings' });
    const openBox = (await open.boundingBox())!;
    expect(openBox.y + openBox.height, 'the button is on screen').toBeLessThanOrEqual(844);
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reading settings' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Caption size (pixels)')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Read captions in' })).toBeVisible();
    const dark = dialog.getByRole('checkbox', { name: 'Dark theme' });
    await expectAccessible(page, 'reading settings on a phone');
    await dark.focus();
    await page.keyboard.press('Space');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  } finally {
    await browser.close();
  }
});

test('in Captions only, the offline notice takes its own room above the captions, covering none', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/web/conversations');
    await page.getByTestId('start-conversation').click();
    await expect(page.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    for (const text of ['First line of the talk.', 'Second line of the talk.']) {
      await page.getByRole('textbox', { name: 'Type a message' }).fill(text);
      await page.keyboard.press('Enter');
      await expect(page.locator('[data-testid="caption"]', { hasText: text })).toHaveCount(1);
    }
    await page.getByTestId('captions-only-open').click();
    await expect(page.getByTestId('captions-only')).toBeVisible();

    await context.setOffline(true);
    const notice = page.getByTestId('captions-only').getByTestId('offline-notice');
    await expect(notice).toBeVisible({ timeout: 20_000 });
    const box = (await notice.boundingBox())!;
    for (const line of await page.getByTestId('caption').all()) {
      const l = (await line.boundingBox())!;
      const overlaps = l.y < box.y + box.height && box.y < l.y + l.height;
      expect(overlaps, `"${await line.innerText()}" is under the offline notice`).toBe(false);
    }
    await expectAccessible(page, 'Captions only, offline');
    await context.setOffline(false);
  } finally {
    await browser.close();
  }
});
