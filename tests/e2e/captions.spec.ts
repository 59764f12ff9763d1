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
import { holdMicrophone, launchChromium, microphoneFile, openMicrophone, withRemoteFlags } from './browser';

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

test('a dropped connection (audio on the socket) pauses recording, and it resumes with captions once the connection is back', async ({
  baseURL,
}) => {
  // Chromium's fake microphone plays on from where it was when capture restarts: a long silent
  // lead-in keeps the speech after the drop and the reconnection (about 3 s here).
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, FILE), 10));
  try {
    const context = await browser.newContext({ baseURL });
    // PCM frames on the socket: WebRTC's own drop is tests/e2e/webrtc-audio.spec.ts's.
    await withRemoteFlags(context, { web_use_webrtc: false });
    const page = await context.newPage();
    await page.goto('/web/conversations');
    await page.getByTestId('start-conversation').click();
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-transport', 'none');

    // The network goes away: the microphone is released, and the user is told it will resume.
    await context.setOffline(true);
    const badge = page.getByTestId('recording-state');
    await expect(badge).toHaveAttribute('data-resuming', 'true');
    await expect(badge).toHaveAttribute('data-state', 'NOT_RECORDING');
    await expect(badge).toContainText('Paused until the connection is back');
    await expect(page.getByTestId('record-toggle')).toHaveText(/Stop recording/);
    // The notice floats over the screen: opaque, so the text below does not show through it.
    const notice = page.locator('[data-testid="notice"][data-intent="warning"]').first();
    await expect(notice).toContainText('Recording paused');
    expect(await notice.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await expectAccessible(page, 'conversation, recording paused by a dropped connection');

    await context.setOffline(false);
    await expect(badge).toHaveAttribute('data-state', 'RECORDING', { timeout: 20_000 });
    await expect(badge).toHaveAttribute('data-resuming', 'false');
    // A final caption of speech (the gap mark is final too, but has no caption text).
    await expect(
      page.locator('[data-testid="caption"][data-final="true"] [data-testid="caption-text"]').first(),
    ).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(2000);
    const text = await finalCaptionText(page);
    expect(wordErrorRate(devReference(FILE), text), `captions "${text}"`).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );

    // What was said while the connection was down is lost, but not silently: the captions say
    // from when to when, to the speaker and to anyone who joins later.
    const gap = page.getByTestId('caption-gap');
    await expect(gap).toHaveCount(1);
    await expect(gap).toContainText(/^No captions from .+ to .+: the connection of Guest \d+ was lost/);
    const link = await page.getByTestId('invite-link').getAttribute('href');
    const reader = await (await browser.newContext()).newPage();
    await reader.goto(link!);
    await expect(reader.getByTestId('caption-gap')).toHaveText((await gap.textContent())!);
    await expectAccessible(reader, 'conversation with a gap in the captions');
  } finally {
    await browser.close();
  }
});
