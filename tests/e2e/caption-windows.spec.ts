/// <reference lib="dom" />
/**
 * The desktop caption mode's pages (/cc/conversation) in Chromium, fed by a real conversation:
 * a host speaks a recorded dev utterance through Chromium's fake microphone, and another page
 * shows that room as floating captions, then as the captions box, with a desktop theme and
 * the user's text size applied, the bubble of controls hiding after 3 s, and axe-core clean.
 * In the desktop app these pages are the caption windows (tests/e2e/electron-smoke.spec.ts
 * checks the windows themselves where an Electron binary exists).
 */
import { expectAccessible } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { CAPTION_BUBBLE_HIDE_MS, captionViewSearch, type DesktopTheme } from '../../src/shared/desktop';
import { CAPTION_TEST_FILE, DEV_DIR } from '../helpers/speech';
import { holdMicrophone, launchChromium, microphoneFile, openMicrophone } from './browser';

async function finalTexts(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="caption"][data-final="true"] [data-testid="caption-text"]')
    .allInnerTexts();
}

function captionPath(roomId: string, mode: 'floatingCaptions' | 'captionsBox', theme: DesktopTheme): string {
  return `/cc/conversation${captionViewSearch({ mode, roomId, offline: false, theme })}`;
}

const css = (page: Page, testId: string, property: string) =>
  page.getByTestId(testId).evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

test('floating captions and the captions box show a live conversation, themed, sized and accessible', async ({
  baseURL,
}) => {
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, CAPTION_TEST_FILE)));
  try {
    const hostContext = await browser.newContext({ baseURL });
    await holdMicrophone(hostContext);
    const host = await hostContext.newPage();
    await host.goto('/web/conversations');
    await host.getByTestId('start-conversation').click();
    await expect(host.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    const roomId = decodeURIComponent(new URL(host.url()).pathname.split('/').pop()!);

    // The caption window opens on the room before anyone speaks, as the desktop app opens it: a
    // window of the same app, so the same person (the desktop's windows share one session).
    const viewer = await hostContext.newPage();
    await viewer.setViewportSize({ width: 960, height: 220 });
    const starry: DesktopTheme = { name: 'starryNight', variant: 'dark', bold: true };
    await viewer.goto(captionPath(roomId, 'floatingCaptions', starry));
    const window = viewer.getByTestId('caption-window');
    await expect(window).toHaveAttribute('data-caption-theme', 'starryNight');
    await expect(window).toHaveAttribute('data-variant', 'dark');
    await expect(viewer.getByTestId('floating-captions')).toContainText('Captions appear here');
    // Transparent around the caption panel, so only the captions cover the meeting below.
    expect(await viewer.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    );
    await expectAccessible(viewer, 'floating captions, waiting');

    await openMicrophone(host);
    await expect(host.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');

    // Partials reach the floating captions while the host speaks, then the line becomes final.
    await expect(viewer.locator('[data-testid="caption"]').first()).toBeVisible({ timeout: 30_000 });
    await expect(viewer.locator('[data-testid="caption"][data-final="true"]').first()).toBeVisible({
      timeout: 40_000,
    });
    await expect(host.locator('[data-testid="caption"][data-final="false"]')).toHaveCount(0, {
      timeout: 20_000,
    });
    const hostFinals = await finalTexts(host);
    expect(hostFinals.length).toBeGreaterThan(0);
    // Floating captions show the last lines only, and those are the host's.
    await expect.poll(() => finalTexts(viewer)).toEqual(hostFinals.slice(-3));
    expect(await viewer.locator('[data-testid="caption"]').count()).toBeLessThanOrEqual(3);

    // The theme: Starry Night, dark, bold, on a panel that is nearly opaque.
    expect(await css(viewer, 'floating-captions', 'background-color')).toBe('rgba(20, 22, 58, 0.94)');
    const text = viewer.locator('[data-testid="caption-text"]').last();
    expect(await text.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(245, 243, 255)');
    expect(await text.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');

    // The bubble shows on pointer movement; larger text applies at once.
    const bubble = viewer.getByTestId('caption-bubble');
    await expect(bubble).toHaveAttribute('data-shown', 'false');
    await viewer.mouse.move(200, 120);
    await viewer.mouse.move(220, 130);
    await expect(bubble).toHaveAttribute('data-shown', 'true');
    const before = Number.parseFloat(await css(viewer, 'floating-captions', 'font-size'));
    await viewer.getByTestId('font-larger').click();
    await viewer.getByTestId('font-larger').click();
    expect(Number.parseFloat(await css(viewer, 'floating-captions', 'font-size'))).toBe(before + 8);
    // Away from the controls, it hides 3 s after the last movement.
    await viewer.mouse.move(40, 180);
    const movedAt = Date.now();
    await expect(bubble).toHaveAttribute('data-shown', 'false', { timeout: CAPTION_BUBBLE_HIDE_MS + 2000 });
    expect(Date.now() - movedAt).toBeGreaterThanOrEqual(CAPTION_BUBBLE_HIDE_MS - 200);
    await expectAccessible(viewer, 'floating captions with captions');

    // Keyboard: the captions panel takes focus and brings the controls back.
    await viewer.keyboard.press('Tab');
    await expect(bubble).toHaveAttribute('data-shown', 'true');

    // The other mode, from the bubble: the whole conversation in the captions box, same size.
    await viewer.getByTestId('switch-mode').click();
    await expect(viewer).toHaveURL(/mode=captionsBox/);
    await expect(viewer.getByTestId('captions-box')).toBeVisible();
    await expect.poll(() => finalTexts(viewer)).toEqual(hostFinals);
    expect(Number.parseFloat(await css(viewer, 'captions', 'font-size'))).toBe(before + 8);
    await expectAccessible(viewer, 'captions box');

    // A light theme: Fog, light, not bold.
    await viewer.goto(captionPath(roomId, 'captionsBox', { name: 'fog', variant: 'light', bold: false }));
    await expect.poll(() => finalTexts(viewer)).toEqual(hostFinals);
    expect(await css(viewer, 'captions-box', 'background-color')).toBe('rgb(238, 241, 244)');
    const boxText = viewer.locator('[data-testid="caption-text"]').last();
    expect(await boxText.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(31, 38, 44)');
    expect(await boxText.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('400');
    await expectAccessible(viewer, 'captions box, fog light');

    // The captions box as docked beside a meeting (420 x 700, Ocean light): its title bar covers
    // no caption, the newest line sits at the bottom where the eye rests, and the speaker's name
    // shows once for lines in a row of the same speaker (each line still says it to screen readers).
    await viewer.setViewportSize({ width: 420, height: 700 });
    await viewer.goto(
      captionPath(roomId, 'captionsBox', { name: 'oceanBlue', variant: 'light', bold: false }),
    );
    await expect.poll(() => finalTexts(viewer)).toEqual(hostFinals);
    const layout = await viewer.evaluate(() => {
      const rect = (el: Element | null) => el!.getBoundingClientRect();
      const header = rect(document.querySelector('.captions-box-header'));
      const scroller = rect(document.querySelector('.captions-scroll'));
      const captions = Array.from(document.querySelectorAll('[data-testid="caption"]')).map((c) => rect(c));
      const names = Array.from(document.querySelectorAll('[data-testid="caption"] .caption-author'));
      return {
        headerBottom: header.bottom,
        scrollerTop: scroller.top,
        scrollerBottom: scroller.bottom,
        firstCaptionTop: captions[0]!.top,
        lastCaptionBottom: captions[captions.length - 1]!.bottom,
        shownNames: names.filter((n) => !n.classList.contains('visually-hidden')).length,
        namesForScreenReaders: names.map((n) => n.textContent),
      };
    });
    expect(layout.scrollerTop).toBeGreaterThanOrEqual(layout.headerBottom - 1);
    expect(layout.firstCaptionTop).toBeGreaterThanOrEqual(layout.scrollerTop);
    // At the bottom: no more than the panel's padding and a line's margin below the newest line.
    expect(layout.scrollerBottom - layout.lastCaptionBottom).toBeLessThan(48);
    expect(layout.shownNames).toBe(1);
    expect(layout.namesForScreenReaders.every((n) => n && n.length > 0)).toBe(true);
    expect(layout.namesForScreenReaders).toHaveLength(hostFinals.length);

    await host.getByTestId('record-toggle').click();
  } finally {
    await browser.close();
  }
});
