/// <reference lib="dom" />
/**
 * The spec's desktop pages and the voiced-reply fallback (issue 28), in Chromium with axe-core:
 * - `download` without an update feed says so clearly (the shared server has none), and with one
 *   (a second server whose HEARKEN_UPDATE_FEED is a feed this test serves) lists each platform's
 *   build with its version, size and link, in English and in French;
 * - `/convo-v2/launch-app` opens the app by `hearken://open` (which no app answers here) and then
 *   offers the other ways, reached by keyboard;
 * - a voiced reply on a server that cannot speak (HEARKEN_TTS_ENGINE=off) is read by the page's
 *   speechSynthesis at rate 0.7. Chromium here may have no voices at all, so the page's
 *   speechSynthesis is a stub (an init script) that records what it is asked and says "end":
 *   what is shown is the app's decision and call, not the sound.
 */
import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAccessible } from './axe';
import { launchChromium } from './browser';
import { startOwnServer } from './own-server';
import { LAUNCH_APP_FALLBACK_MS } from '../../src/renderer/features/desktop-download/launch';
import { TTS_SPEECH_SYNTHESIS_RATE } from '../../src/shared/tts';

/** A second server starts beside the shared one on two shared cores: it may take a while. */
const OWN_SERVER_START_MS = 90_000;

test('the download page says clearly when this server has no update feed', async ({ baseURL }) => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto('/download');
    await expect(page.getByRole('heading', { level: 1, name: 'Download the desktop app' })).toBeVisible();
    await expect(page.getByTestId('download-no-feed')).toContainText('no update feed is configured');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectAccessible(page, 'download without a feed');
  } finally {
    await browser.close();
  }
});

/** A feed as the S3 publisher lays it out: RELEASES.json per Mac chip, RELEASES for Windows, the files. */
async function serveFeed(): Promise<{ server: Server; base: string }> {
  const files: Record<string, { body: string; size?: number }> = {};
  const server = createServer((request, response) => {
    const file = files[decodeURIComponent(request.url ?? '')];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const headers = { 'content-length': String(file.size ?? Buffer.byteLength(file.body)) };
    response.writeHead(200, headers);
    // A HEAD says the size without sending the file.
    response.end(request.method === 'HEAD' ? undefined : file.body);
  });
  await new Promise<void>((done) =>
    server.listen(Number(process.env.HEARKEN_E2E_PORT ?? 8787) + 2, '127.0.0.1', done),
  );
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hearken`;
  for (const arch of ['arm64', 'x64']) {
    const zip = `${base}/darwin/${arch}/Hearken-darwin-${arch}-2.2.0.zip`;
    files[`/hearken/darwin/${arch}/RELEASES.json`] = {
      body: JSON.stringify({
        currentRelease: '2.2.0',
        releases: [{ version: '2.2.0', updateTo: { version: '2.2.0', name: 'Hearken v2.2.0', url: zip } }],
      }),
    };
    files[new URL(zip).pathname] = { body: '', size: arch === 'arm64' ? 98_200_000 : 101_500_000 };
  }
  files['/hearken/win32/x64/RELEASES'] = {
    body: 'FEDCBA9876543210FEDCBA9876543210FEDCBA98 Hearken-2.2.0-full.nupkg 102000000\n',
  };
  files['/hearken/win32/x64/Hearken-2.2.0 Setup.exe'] = { body: '', size: 104_000_000 };
  return { server, base };
}

test('the download page lists each platform’s build from the update feed, in English and French', async () => {
  const feed = await serveFeed();
  const own = await startOwnServer({ HEARKEN_UPDATE_FEED: feed.base }, OWN_SERVER_START_MS).catch(
    (error: unknown) => {
      feed.server.close();
      throw error;
    },
  );
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL: own.url })).newPage();
    await page.goto('/download');
    const table = page.getByRole('table', { name: 'Desktop builds, one for each platform' });
    await expect(table).toBeVisible();
    const mac = page.getByTestId('build-darwin-arm64');
    await expect(mac).toContainText('2.2.0');
    await expect(mac).toContainText('98.2 MB');
    await expect(page.getByTestId('build-win32-x64')).toContainText('104 MB');
    const link = page.getByRole('link', { name: 'Download for Windows (64-bit Intel or AMD)' });
    await expect(link).toHaveAttribute('href', `${feed.base}/win32/x64/Hearken-2.2.0%20Setup.exe`);
    await expectAccessible(page, 'download with a feed');

    await page.getByTestId('footer-language-select').selectOption('fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Télécharger l’application de bureau');
    await expect(page.getByTestId('build-darwin-arm64')).toContainText('98,2');
    await expect(
      page.getByRole('link', { name: 'Télécharger pour Windows (Intel ou AMD 64 bits)' }),
    ).toBeVisible();
    await expectAccessible(page, 'download with a feed, in French');
  } finally {
    await browser.close();
    await own.stop();
    feed.server.close();
  }
});

test('launch-app opens the desktop app by its link, then offers the other ways by keyboard', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto('/convo-v2/launch-app');
    // The link is followed in a hidden frame, so the page stays usable whatever the browser does.
    await expect(page.getByTestId('launch-app-frame')).toHaveAttribute('src', 'hearken://open');
    await expect(page.getByRole('heading', { level: 1, name: 'Opening the desktop app' })).toBeVisible();
    // No app answers hearken:// here: after the short wait the page offers the other ways.
    await expect(page.getByTestId('launch-app-fallback')).toHaveCount(0);
    await expect(page.getByTestId('launch-app-fallback')).toContainText('did not open', {
      timeout: LAUNCH_APP_FALLBACK_MS + 5000,
    });
    await expect(page.getByRole('link', { name: 'Open the app again' })).toHaveAttribute(
      'href',
      'hearken://open',
    );
    await expect(page.getByRole('link', { name: 'Download the desktop app' })).toHaveAttribute(
      'href',
      '/download',
    );
    await expectAccessible(page, 'launch-app fallback');
    // By keyboard, from the page's start: Tab reaches "Continue in the browser", Enter follows it.
    const onward = page.getByRole('link', { name: 'Continue in the browser' });
    await page.getByRole('heading', { level: 1 }).click();
    for (let i = 0; i < 30 && !(await onward.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(onward).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/web\/conversations$/);
  } finally {
    await browser.close();
  }
});

test('a server that cannot speak: the browser’s own voice reads the reply at rate 0.7, listed as such', async () => {
  const own = await startOwnServer({ HEARKEN_TTS_ENGINE: 'off' }, OWN_SERVER_START_MS);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: own.url });
    // The page's speechSynthesis, recorded: it "speaks" for 300 ms, then says end.
    await context.addInitScript(() => {
      const spoken: { text: string; rate: number; lang: string }[] = [];
      (window as unknown as { spoken: typeof spoken }).spoken = spoken;
      Object.defineProperty(window, 'speechSynthesis', {
        configurable: true,
        value: {
          speak(u: SpeechSynthesisUtterance) {
            spoken.push({ text: u.text, rate: u.rate, lang: u.lang });
            setTimeout(() => u.dispatchEvent(new Event('end')), 300);
          },
          cancel() {},
        },
      });
    });
    const page = await context.newPage();
    await page.goto('/web/conversations');
    await page.getByTestId('start-conversation').click();
    await expect(page.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    const speakAloud = page.getByRole('checkbox', { name: 'Speak aloud' });
    await speakAloud.focus();
    await page.keyboard.press('Space');
    await expect(speakAloud).toBeChecked();
    await page.keyboard.press('Alt+m');
    await page.keyboard.type('See you on Friday');
    await page.keyboard.press('Enter');
    const items = page.getByRole('list', { name: 'Your last voiced replies' });
    await expect(items.getByRole('listitem')).toHaveText(
      /See you on Friday.*spoken, by this browser’s voice/,
      {
        timeout: 10_000,
      },
    );
    const spoken = await page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken);
    expect(spoken).toEqual([{ text: 'See you on Friday', rate: expect.any(Number), lang: 'en-US' }]);
    // Chromium keeps the rate as a 32-bit float.
    expect((spoken as { rate: number }[])[0]!.rate).toBeCloseTo(TTS_SPEECH_SYNTHESIS_RATE, 5);
    // The server's refusal is not shown: the reply was spoken after all.
    await expect(page.getByTestId('voiced-reply-error')).toHaveText('');
    await expectAccessible(page, 'conversation after a reply read by the browser');
  } finally {
    await browser.close();
    await own.stop();
  }
});
