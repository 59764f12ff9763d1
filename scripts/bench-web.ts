/**
 * What the web client costs a guest: the built client served as `npm start` serves it (the Auth
 * emulator and the server, from dist/web: run `npm run build` first), loaded in Debian's Chromium.
 *
 * 1. the landing page (/web, a cold cache): bytes on the wire and requests until it is idle;
 * 2. a room page: a speaker (fake microphone playing a recorded utterance) starts a conversation
 *    and is captioned; then a guest with a cold cache opens the invite link (what scanning the QR
 *    code does): bytes, requests and time until the first caption is on screen;
 * 3. the same guest opening the link again (a warm cache: what revalidation and immutable assets
 *    save);
 * 4. the cold room page again on a throttled phone connection (Lighthouse's "slow 4G": 150 ms
 *    round trip, 1.6 Mbit/s down, 750 kbit/s up), where the bytes turn into seconds.
 *
 * Bytes on the wire are Chromium's own count (CDP Network.loadingFinished encodedDataLength:
 * headers and the compressed body) of every HTTP response, API calls included; the socket's
 * frames are not HTTP and are not counted. Prints one line per figure, the files of the cold room
 * page, and last one JSON object of the figures.
 *
 *   npm run bench:web [-- --file 1089-134686-0000.wav]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { launchChromium, microphoneFile } from '../tests/e2e/browser';
import { PARENT_PID_ENV } from '../src/server/parent-watch';
import { speechDir } from './lib/speech-dir';

const { values } = parseArgs({
  options: { file: { type: 'string', default: '1089-134686-0000.wav' } },
});
const ROOT = resolve(import.meta.dirname, '..');
const SLOW_4G = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CAPTION = '[data-testid="caption"]';

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** `npm start` without building (HEARKEN_SKIP_BUILD): the emulator and the server, as users get them. */
async function startHearken(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!existsSync(join(ROOT, 'dist/web/index.html'))) throw new Error('dist/web is not built: npm run build');
  const [port, authPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'hearken-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      HEARKEN_SKIP_BUILD: '1',
      HEARKEN_NO_MODEL_DOWNLOAD: '1',
      HEARKEN_PORT: String(port),
      HEARKEN_AUTH_EMULATOR_PORT: String(authPort),
      HEARKEN_DATA_DIR: dataDir,
      HEARKEN_LOG_LEVEL: 'warn',
      HEARKEN_TIER_BASIC: 'pocketsphinx',
      HEARKEN_TIER_PREMIUM: 'pocketsphinx',
      [PARENT_PID_ENV]: String(process.pid),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((ready, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`Hearken did not start in 120 s:\n${out}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Hearken is running')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Hearken exited with code ${code}:\n${out}`));
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => {
          process.off('exit', killChild);
          rmSync(dataDir, { recursive: true, force: true });
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}

interface Resource {
  url: string;
  bytes: number;
  encoding: string;
  fromCache: boolean;
}

/** Chromium's own count of what crossed the network for one page, from its DevTools protocol. */
class WireMeter {
  private readonly byId = new Map<string, Resource>();

  static async attach(page: Page, throttle?: typeof SLOW_4G): Promise<WireMeter> {
    const cdp = await page.context().newCDPSession(page);
    const meter = new WireMeter();
    meter.listen(cdp);
    await cdp.send('Network.enable');
    if (throttle) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...throttle });
    return meter;
  }

  private listen(cdp: CDPSession): void {
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!e.request.url.startsWith('http')) return;
      this.byId.set(e.requestId, { url: e.request.url, bytes: 0, encoding: '', fromCache: false });
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const r = this.byId.get(e.requestId);
      if (r) r.fromCache = true;
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = this.byId.get(e.requestId);
      if (!r) return;
      const headers = e.response.headers as Record<string, string>;
      r.encoding = headers['content-encoding'] ?? headers['Content-Encoding'] ?? '';
      if (e.response.fromDiskCache || e.response.fromPrefetchCache) r.fromCache = true;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = this.byId.get(e.requestId);
      if (r) r.bytes = e.encodedDataLength;
    });
  }

  /** Requests that went to the server (a cache hit costs nothing on the wire). */
  onWire(): Resource[] {
    return [...this.byId.values()].filter((r) => !r.fromCache);
  }

  totals(): { bytes: number; requests: number } {
    const wire = this.onWire();
    return { bytes: wire.reduce((sum, r) => sum + r.bytes, 0), requests: wire.length };
  }
}

/** Waits until no request has started or finished for `quietMs`. */
async function networkQuiet(page: Page, quietMs = 700): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  await page.waitForTimeout(quietMs);
}

async function landing(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  const meter = await WireMeter.attach(page);
  const t0 = Date.now();
  await page.goto('/web');
  await page.getByTestId('start-conversation').waitFor({ state: 'visible' });
  const interactiveMs = Date.now() - t0;
  await networkQuiet(page);
  await context.close();
  return { ...meter.totals(), interactiveMs };
}

/** A guest opens the invite link; returns the figures until the first caption is on screen. */
async function guestJoins(browser: Browser, url: string, link: string, throttle?: typeof SLOW_4G) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  const cold = await WireMeter.attach(page, throttle);
  const t0 = Date.now();
  await page.goto(link);
  await page.locator(CAPTION).first().waitFor({ state: 'visible', timeout: 120_000 });
  const firstCaptionMs = Date.now() - t0;
  const atFirstCaption = cold.totals();
  const files = cold.onWire().map((r) => ({ ...r }));
  await networkQuiet(page);
  const idle = cold.totals();
  // The same guest again (a reload of the link: the cache is warm).
  const again = await context.newPage();
  const warm = await WireMeter.attach(again, throttle);
  const t1 = Date.now();
  await again.goto(link);
  await again.locator(CAPTION).first().waitFor({ state: 'visible', timeout: 120_000 });
  const warmFirstCaptionMs = Date.now() - t1;
  const warmTotals = warm.totals();
  await context.close();
  return {
    atFirstCaption,
    firstCaptionMs,
    idle,
    files,
    warm: { ...warmTotals, firstCaptionMs: warmFirstCaptionMs },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A free port can be taken before the server binds it (the emulator opens ports too), and the
 * emulator can miss its start deadline on a loaded machine: try again, saying so.
 */
async function startWithRetries(attempts = 3): Promise<Awaited<ReturnType<typeof startHearken>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startHearken();
    } catch (error) {
      const transient = /EADDRINUSE|not ready in time/.test(String(error));
      if (attempt >= attempts || !transient) throw error;
      console.error(
        `Hearken did not start (attempt ${attempt}), trying again: ${String(error).split('\n')[0]}`,
      );
    }
  }
}

const hearken = await startWithRetries();
const mic = microphoneFile(join(speechDir(), 'dev', values.file));
const browser = await launchChromium(mic);
try {
  const landingFigures = await landing(browser, hearken.url);
  console.log(
    `landing page (/web, cold): ${landingFigures.bytes} bytes (${kb(landingFigures.bytes)}) in ${landingFigures.requests} requests; start button after ${landingFigures.interactiveMs} ms`,
  );

  // The speaker: starting a conversation starts the microphone, which plays the recording.
  const speakerContext = await browser.newContext({ baseURL: hearken.url });
  const speaker = await speakerContext.newPage();
  await speaker.goto('/web/conversations');
  await speaker.getByTestId('start-conversation').click();
  await speaker.locator(`${CAPTION}[data-final="true"]`).first().waitFor({ timeout: 120_000 });
  const link = await speaker.getByTestId('invite-link').getAttribute('href');
  if (!link) throw new Error('the invite card has no link');

  const room = await guestJoins(browser, hearken.url, link);
  console.log(
    `room page (guest opens the invite link, cold): ${room.atFirstCaption.bytes} bytes (${kb(room.atFirstCaption.bytes)}) in ${room.atFirstCaption.requests} requests before the first caption, shown after ${room.firstCaptionMs} ms`,
  );
  console.log(
    `room page, until idle: ${room.idle.bytes} bytes (${kb(room.idle.bytes)}) in ${room.idle.requests} requests`,
  );
  console.log(
    `room page again (warm cache): ${room.warm.bytes} bytes (${kb(room.warm.bytes)}) in ${room.warm.requests} requests; first caption after ${room.warm.firstCaptionMs} ms`,
  );
  console.log('files of the cold room page, before the first caption:');
  for (const file of room.files) {
    const path = new URL(file.url).pathname;
    console.log(`  ${String(file.bytes).padStart(8)}  ${file.encoding || 'identity'}  ${path}`);
  }

  const slow = await guestJoins(browser, hearken.url, link, SLOW_4G);
  console.log(
    `room page on slow 4G (150 ms RTT, 1.6 Mbit/s): first caption after ${slow.firstCaptionMs} ms cold, ${slow.warm.firstCaptionMs} ms warm`,
  );
  await speakerContext.close();

  console.log(
    JSON.stringify({
      landing: landingFigures,
      room: {
        bytes: room.atFirstCaption.bytes,
        requests: room.atFirstCaption.requests,
        firstCaptionMs: room.firstCaptionMs,
        idleBytes: room.idle.bytes,
        idleRequests: room.idle.requests,
        warm: room.warm,
      },
      slow4g: { firstCaptionMs: slow.firstCaptionMs, warmFirstCaptionMs: slow.warm.firstCaptionMs },
    }),
  );
} finally {
  await browser.close();
  await hearken.stop();
}
