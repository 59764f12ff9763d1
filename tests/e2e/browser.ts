/**
 * Launches Debian's Chromium for the end-to-end tests, with a WAV file as its microphone.
 */
import { chromium, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API } from '../../src/shared/api';
import { parseWav } from '../../src/shared/wav';
import { readFileSync } from 'node:fs';

export const CHROMIUM = process.env.HEARKEN_CHROMIUM ?? '/usr/bin/chromium';

/** Writes 16-bit mono PCM as a WAV file. */
function writeWav(path: string, samples: Int16Array, sampleRate: number): void {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  writeFileSync(
    path,
    Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]),
  );
}

/**
 * A microphone recording: `leadSeconds` of silence (the time it takes to press record), the
 * speech, then silence so the last line ends. Chromium plays it once from the moment capture
 * starts.
 */
export function microphoneFile(speechWav: string, leadSeconds = 1.5, tailSeconds = 3): string {
  const audio = parseWav(readFileSync(speechWav));
  const rate = audio.sampleRate;
  const out = new Int16Array(Math.round((leadSeconds + tailSeconds) * rate) + audio.samples.length);
  out.set(audio.samples, Math.round(leadSeconds * rate));
  const dir = join('test-results', 'e2e-audio');
  mkdirSync(dir, { recursive: true });
  // Named by its layout too: the same speech with another lead-in is another file.
  const path = join(dir, `mic-${audio.samples.length}-${leadSeconds}-${tailSeconds}.wav`);
  if (!existsSync(path)) writeWav(path, out, rate);
  return path;
}

/** `extraArgs`: more Chromium switches (an autoplay policy, say). */
export async function launchChromium(microphoneWav?: string, extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium)`,
    );
  }
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    ...(microphoneWav ? [`--use-file-for-fake-audio-capture=${microphoneWav}%noloop`] : []),
    ...extraArgs,
  ];
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}

declare global {
  interface Window {
    __hearkenOpenMic?: () => void;
    __hearkenMicOpenings?: number;
  }
}

/**
 * Holds the microphone of every page in `context` shut until `openMicrophone`: getUserMedia
 * waits at a gate, so recording stays PENDING. Starting a conversation starts the microphone at
 * once; tests that set something up before anyone speaks (a friend joining, a caption window
 * opening) open the gate when they are ready.
 */
export async function holdMicrophone(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    const gate = new Promise<void>((open) => {
      window.__hearkenOpenMic = open;
    });
    devices.getUserMedia = async (constraints) => {
      await gate;
      return getUserMedia(constraints);
    };
  });
}

/** Counts the page's getUserMedia calls (`microphoneOpenings`): a dropped connection must not open the microphone again. */
export async function countMicrophoneOpenings(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    window.__hearkenMicOpenings = 0;
    devices.getUserMedia = (constraints) => {
      window.__hearkenMicOpenings = (window.__hearkenMicOpenings ?? 0) + 1;
      return getUserMedia(constraints);
    };
  });
}

export async function microphoneOpenings(page: Page): Promise<number> {
  return page.evaluate(() => window.__hearkenMicOpenings ?? 0);
}

export async function openMicrophone(page: Page): Promise<void> {
  await page.evaluate(() => window.__hearkenOpenMic?.());
}

/** Starts a conversation from the lobby on `page`; returns the room name people type to join. */
export async function startConversation(page: Page): Promise<string> {
  await page.goto('/web/conversations');
  await page.getByTestId('start-conversation').click();
  await expect(page.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
  return (await page.getByTestId('room-name').innerText()).trim();
}

/** Joins a room from the lobby on `page` by typing its name, until its connection is online. */
export async function joinByName(page: Page, roomName: string): Promise<void> {
  await page.goto('/web/conversations');
  await page.getByTestId('join-room-name').fill(roomName);
  await page.getByTestId('join-room-submit').click();
  await expect(page.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
}

/**
 * Serves `context` the server's remote-config flags with `flags` over them, as an operator's
 * HEARKEN_REMOTE_CONFIG would: a test about one audio transport says which it tests
 * (web_use_webrtc: true for WebRTC, false for PCM frames on the socket) whatever the default.
 */
export async function withRemoteFlags(
  context: BrowserContext,
  flags: Record<string, boolean>,
): Promise<void> {
  await context.route(`**${API.remoteConfig}`, async (route) => {
    const response = await route.fetch();
    const served = (await response.json()) as Record<string, boolean>;
    await route.fulfill({ response, json: { ...served, ...flags } });
  });
}
