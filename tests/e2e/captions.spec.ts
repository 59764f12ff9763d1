/// <reference lib="dom" />
/**
 * Live captions in a real browser: the host's Chromium hears a recorded dev utterance through its
 * (fake) microphone, starts a conversation and sees the captions; a friend in a second browser
 * context joins by room name and sees the same captions; every screen passes axe-core.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { join } from 'node:path';
import { wordErrorRate } from '../../src/shared/wer';
import { DEV_DIR, devReference, CAPTION_TEST_FILE, POCKETSPHINX_MEASURED_DEV_WER } from '../helpers/speech';
import {
  countMicrophoneOpenings,
  holdMicrophone,
  launchChromium,
  microphoneFile,
  microphoneOpenings,
  openMicrophone,
  withRemoteFlags,
} from './browser';

const FILE = CAPTION_TEST_FILE;

async function finalCaptionText(page: Page): Promise<string> {
  const texts = await page
    .locator('[data-testid="caption"][data-final="true"] [data-testid="caption-text"]')
    .allInnerTexts();
  return texts.join(' ').trim();
}

test('a host speaks, sees captions of the recording, and a friend who joins by room name sees the same', async ({
  baseURL,
}) => {
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, FILE)));
  try {
    const hostContext = await browser.newContext({ baseURL });
    await holdMicrophone(hostContext);
    const host = await hostContext.newPage();
    await host.goto('/web/conversations');
    await expect(host.getByTestId('start-conversation')).toBeVisible();
    await expectAccessible(host, 'conversations (start or join)');

    // Starting the conversation starts the microphone, with no second press (held at the gate
    // until the friend is in).
    await host.getByTestId('start-conversation').click();
    await expect(host.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    await expect(host.getByTestId('recording-state')).toHaveAttribute('data-state', 'PENDING');
    const roomName = (await host.getByTestId('room-name').innerText()).trim();
    expect(roomName).toMatch(/^[a-z]+-[a-z]+-\d\d$/);

    // The friend joins by typing the room name, before anyone speaks.
    const friendContext = await browser.newContext({ baseURL });
    const friend = await friendContext.newPage();
    await friend.goto('/web/conversations');
    await friend.getByTestId('join-room-name').fill(roomName);
    await friend.getByTestId('join-room-submit').click();
    await expect(friend.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');

    // Every state of every caption line the host's page shows: its firm words and its tail.
    await host.evaluate(() => {
      const seen: { id: string; firm: string; tail: string; hidden: string | null }[] = [];
      (window as unknown as { firmSeen: typeof seen }).firmSeen = seen;
      const record = () => {
        for (const line of Array.from(document.querySelectorAll('[data-testid="caption"]'))) {
          const text = line.querySelector('[data-testid="caption-text"]');
          if (!text) continue;
          const tail = text.querySelector('[data-testid="caption-tentative"]');
          const all = text.textContent ?? '';
          const tailText = tail?.textContent ?? '';
          seen.push({
            id: line.getAttribute('data-id') ?? '',
            firm: all.slice(0, all.length - tailText.length),
            tail: tailText,
            hidden: tail?.getAttribute('aria-hidden') ?? null,
          });
        }
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await openMicrophone(host);
    await expect(host.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    await expectAccessible(host, 'conversation while recording');

    // Partial captions appear while the speaker talks, then the line becomes final.
    await expect(host.locator('[data-testid="caption"]').first()).toBeVisible({ timeout: 20_000 });
    await expect(host.locator('[data-testid="caption"][data-final="true"]').first()).toBeVisible({
      timeout: 30_000,
    });
    // Let the recording's silence end any line still open.
    await host.waitForTimeout(2000);
    await expect(host.locator('[data-testid="caption"][data-final="false"]')).toHaveCount(0, {
      timeout: 15_000,
    });

    // Firm words (issue 25): a tentative tail was shown, hidden from screen readers, and each
    // line's firm words only ever grew at their end: what a reader has read never changed.
    const firmSeen = await host.evaluate(
      () =>
        (
          window as unknown as {
            firmSeen: { id: string; firm: string; tail: string; hidden: string | null }[];
          }
        ).firmSeen,
    );
    const tails = firmSeen.filter((s) => s.tail.trim() !== '');
    expect(tails.length, 'a tentative tail was shown').toBeGreaterThan(0);
    expect(tails.every((s) => s.hidden === 'true')).toBe(true);
    const firmWordsOf = (text: string) =>
      text
        .toLowerCase()
        .replace(/[.?!]$/, '')
        .split(/\s+/)
        .filter(Boolean);
    const lastFirm = new Map<string, string[]>();
    for (const state of firmSeen) {
      const words = firmWordsOf(state.firm);
      const before = lastFirm.get(state.id) ?? [];
      expect(words.slice(0, before.length), `firm words of ${state.id} kept`).toEqual(before);
      lastFirm.set(state.id, words);
    }

    const hostText = await finalCaptionText(host);
    const wer = wordErrorRate(devReference(FILE), hostText);
    expect(wer, `captions "${hostText}"`).toBeLessThanOrEqual(POCKETSPHINX_MEASURED_DEV_WER);

    await expect.poll(() => finalCaptionText(friend)).toBe(hostText);
    await expectAccessible(friend, 'conversation (friend)');

    // A third person opens the invite link instead: it joins the same room, captions included.
    const link = await host.getByTestId('invite-link').getAttribute('href');
    expect(link).toContain('token=');
    const linkContext = await browser.newContext({ baseURL });
    const viaLink = await linkContext.newPage();
    await viaLink.goto(link!);
    await expect(viaLink.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    await expect.poll(() => finalCaptionText(viaLink)).toBe(hostText);
    await expect(viaLink.locator('[data-testid="caption"]').first()).toHaveAttribute(
      'data-author-id',
      (await host.locator('[data-testid="caption"]').first().getAttribute('data-author-id')) ?? '',
    );

    // The host ends the conversation while still recording: both see the transcript, and the
    // host is not shown a protocol error for the audio that was on its way (issue 10, item 1).
    await expect(host.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    await host.getByTestId('end-conversation').click();
    // The host is asked first whether it ends for everyone.
    await host.getByTestId('confirm-end-confirm').click();
    await expect(host.getByTestId('transcript-view')).toBeVisible();
    await expect(friend.getByTestId('transcript-view')).toBeVisible();
    await expect(host.getByTestId('transcript-view')).toContainText(
      hostText.split(' ').slice(0, 3).join(' '),
    );
    await expectAccessible(host, 'transcript');
    // Frames in flight reach the server after the end; give any error about them time to show.
    await host.waitForTimeout(2000);
    await expect(host.locator('[data-testid="notice"][data-intent="danger"]')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test('captions honour the chosen font size', async ({ baseURL }) => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto('/web/conversations');
    await page.getByTestId('start-conversation').click();
    await expect(page.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    const input = page.getByTestId('font-size');
    await input.fill('48');
    await input.press('Enter');
    const size = await page.getByTestId('captions').evaluate((el) => getComputedStyle(el).fontSize);
    expect(size).toBe('48px');
  } finally {
    await browser.close();
  }
});

test('the network drops for 10 s mid-sentence (audio on the socket): the microphone keeps listening, and the words said meanwhile are captioned late', async ({
  baseURL,
}) => {
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, FILE), 2, 6));
  try {
    const context = await browser.newContext({ baseURL });
    // PCM frames on the socket: WebRTC's own drop is tests/e2e/webrtc-audio.spec.ts's.
    await withRemoteFlags(context, { web_use_webrtc: false });
    await countMicrophoneOpenings(context);
    const page = await context.newPage();
    await page.goto('/web/conversations');
    await page.getByTestId('start-conversation').click();
    const badge = page.getByTestId('recording-state');
    await expect(badge).toHaveAttribute('data-state', 'RECORDING');
    await expect(badge).toHaveAttribute('data-transport', 'none');
    // The sentence is under way: its first words are on screen.
    await expect(page.locator('[data-testid="caption"] [data-testid="caption-text"]').first()).toBeVisible({
      timeout: 20_000,
    });

    // The network goes away for 10 s: the microphone stays on, its audio kept.
    await context.setOffline(true);
    await expect(badge).toHaveAttribute('data-resuming', 'true');
    await expect(badge).toHaveAttribute('data-state', 'RECORDING');
    await expect(badge).toContainText('Listening offline');
    await expect(page.getByTestId('record-toggle')).toHaveText(/Stop recording/);
    const notice = page.locator('[data-testid="notice"][data-intent="warning"]').first();
    await expect(notice).toContainText('Your microphone keeps listening');
    await expectAccessible(page, 'conversation, the connection lost while the microphone listens');
    await page.waitForTimeout(10_000);
    await context.setOffline(false);
    await expect(badge).toHaveAttribute('data-resuming', 'false', { timeout: 20_000 });

    // What was said while offline is captioned, marked late, and the sentence is whole.
    const late = page.getByTestId('caption-late');
    await expect(late.first()).toBeVisible({ timeout: 30_000 });
    await expect(late.first()).toHaveText('captioned late');
    await page.waitForTimeout(4000);
    const text = await finalCaptionText(page);
    expect(wordErrorRate(devReference(FILE), text), `captions "${text}"`).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );
    // Nothing was lost, so nothing is marked lost; and the microphone was opened once.
    await expect(page.getByTestId('caption-gap')).toHaveCount(0);
    expect(await microphoneOpenings(page)).toBe(1);
    await expect(badge).toHaveAttribute('data-state', 'RECORDING');
    await expectAccessible(page, 'conversation with captions captioned late');

    // Someone who joins afterwards reads the same lines, with the same mark.
    const link = await page.getByTestId('invite-link').getAttribute('href');
    const reader = await (await browser.newContext()).newPage();
    await reader.goto(link!);
    await expect(reader.getByTestId('caption-late')).toHaveCount(await late.count());
  } finally {
    await browser.close();
  }
});
