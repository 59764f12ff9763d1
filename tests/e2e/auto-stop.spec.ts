/// <reference lib="dom" />
/**
 * Auto stop and the screen wake lock in a real browser, on a server of its own whose auto stop
 * comes after AUTO_STOP_SECONDS instead of the spec's 100 s: a free (guest) host alone in their
 * conversation sees captions stop, with a notice that stays, says why, and turns the microphone
 * on again in one tap; their other tab in the room is told why captions stopped; the screen is
 * kept on while the conversation is live. Every screen passes axe-core.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { holdMicrophone, launchChromium, openMicrophone, startConversation } from './browser';
import { startOwnServer } from './own-server';

const AUTO_STOP_SECONDS = 5;

declare global {
  interface Window {
    /** What the page asked of the fake navigator.wakeLock below. */
    __wakeLocks?: { requested: number; held: number };
  }
}

test('a free host alone: the notice stays, says why, turns the microphone on in one tap; the screen stays on', async () => {
  // A server of its own (the shared one keeps the spec's 100 s); Chromium starts meanwhile.
  const [started, launched] = await Promise.allSettled([
    // A fresh database takes a while on a busy machine.
    startOwnServer({ HEARKEN_AUTO_STOP_SECONDS: String(AUTO_STOP_SECONDS) }, 90_000),
    launchChromium(),
  ]);
  const server = started.status === 'fulfilled' ? started.value : undefined;
  const browser = launched.status === 'fulfilled' ? launched.value : undefined;
  try {
    if (!server || !browser)
      throw [started, launched].flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []))[0];
    const context = await browser.newContext({ baseURL: server.url });
    // Headless Chromium's own lock answers unpredictably: a fake that counts what is asked.
    await context.addInitScript(() => {
      const locks = { requested: 0, held: 0 };
      window.__wakeLocks = locks;
      Object.defineProperty(navigator, 'wakeLock', {
        configurable: true,
        value: {
          request: async () => {
            locks.requested += 1;
            locks.held += 1;
            const sentinel = {
              released: false,
              type: 'screen',
              release: async () => {
                if (!sentinel.released) locks.held -= 1;
                sentinel.released = true;
              },
            };
            return sentinel;
          },
        },
      });
    });
    // The microphone waits until the host's other tab is in the room.
    await holdMicrophone(context);
    const host = await context.newPage();
    await startConversation(host);
    await expect.poll(() => host.evaluate(() => window.__wakeLocks)).toEqual({ requested: 1, held: 1 });

    // The host's other tab reads the same room: the same person, so still a solo conversation.
    const tab = await context.newPage();
    await tab.goto(host.url());
    await expect(tab.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    await openMicrophone(host);
    await expect(host.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');

    await expect(host.getByTestId('recording-state')).toHaveAttribute('data-state', 'NOT_RECORDING', {
      timeout: 5 * AUTO_STOP_SECONDS * 1000,
    });
    const notice = host.getByTestId('notice').filter({ hasText: 'Captions stopped after 100 seconds' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Someone who joins to read along keeps it going.');
    const told = tab.getByTestId('notice').filter({ hasText: 'Captions stopped' });
    await expect(told).toContainText('only one person in it');
    await expectAccessible(host, 'conversation with the auto stop notice');
    await expectAccessible(tab, 'conversation of a reader told why captions stopped');

    // Past the 10 s any fading notice lasts: still there.
    await host.waitForTimeout(11_000);
    await expect(notice).toBeVisible();

    // One tap (by keyboard here) and captions go on.
    await notice.getByRole('button', { name: 'Turn the microphone on again' }).focus();
    await host.keyboard.press('Enter');
    await expect(host.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    await expect(notice).toHaveCount(0);
    // Captions started again: the reader's notice has said its piece.
    await expect(told).toHaveCount(0);
    // The screen stayed on throughout: one lock, still held.
    expect(await host.evaluate(() => window.__wakeLocks)).toEqual({ requested: 1, held: 1 });
  } finally {
    await browser?.close();
    await server?.stop();
  }
});
