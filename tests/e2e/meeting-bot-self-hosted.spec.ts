/**
 * The self-hosted meeting bot in a real WebRTC meeting: the tests serve a small meeting
 * (tests/helpers/test-meeting) with a waiting room. Its host joins listening only; the Hearken
 * host sends the bot to the meeting's link; the bot waits until the meeting's host lets it in;
 * a second participant, whose browser plays a dev recording as its microphone, joins; the
 * Hearken room shows that speech as captions, credited to the meeting, within the engine's
 * measured WER. When the meeting's host leaves, the panel says the host ended the meeting.
 */
import { type Browser, type BrowserContext, expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { wordErrorRate } from '../../src/shared/wer';
import { TEST_MEETING_TEXTS } from '../../src/server/meeting-bot/self-hosted/page-drivers';
import { CAPTION_TEST_FILE, DEV_DIR, POCKETSPHINX_MEASURED_DEV_WER, devReference } from '../helpers/speech';
import { startTestMeetingServer, type TestMeetingServer } from '../helpers/test-meeting/server';
import { expectAccessible } from './axe';
import { holdMicrophone, launchChromium, microphoneFile, startConversation } from './browser';

const FILE = CAPTION_TEST_FILE;

declare global {
  interface Window {
    __loudestHeard?: number;
  }
}

/**
 * Listens to what this page receives from the meeting: the loudest sample of any remote audio
 * track since the test last reset it (Chromium hands a remote track to Web Audio only while a
 * media element plays it, hence the muted element).
 */
async function listenToTheMeeting(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__loudestHeard = 0;
    const Native = window.RTCPeerConnection;
    class Listening extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        this.addEventListener('track', (event) => {
          if (event.track.kind !== 'audio') return;
          const audio = new AudioContext();
          const stream = new MediaStream([event.track]);
          const element = new Audio();
          element.muted = true;
          element.srcObject = stream;
          void element.play().catch(() => undefined);
          const analyser = audio.createAnalyser();
          audio.createMediaStreamSource(stream).connect(analyser);
          const samples = new Float32Array(analyser.fftSize);
          setInterval(() => {
            analyser.getFloatTimeDomainData(samples);
            for (const v of samples)
              window.__loudestHeard = Math.max(window.__loudestHeard ?? 0, Math.abs(v));
          }, 20);
        });
      }
    }
    window.RTCPeerConnection = Listening;
  });
}

async function joinMeeting(page: Page, url: string, name: string, withMicrophone: boolean): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Your name').fill(name);
  if (!withMicrophone) await page.getByLabel('Join with microphone').uncheck();
  await page.getByRole('button', { name: 'Join' }).click();
}

test('the self-hosted bot waits to be let into a WebRTC meeting and captions what is said there', async ({
  baseURL,
}) => {
  const browsers: Browser[] = [];
  let meetings: TestMeetingServer | undefined;
  try {
    meetings = await startTestMeetingServer();
    const meetingUrl = meetings.newMeetingUrl();

    const meetingHostBrowser = await launchChromium();
    browsers.push(meetingHostBrowser);
    const meetingHostContext = await meetingHostBrowser.newContext();
    await listenToTheMeeting(meetingHostContext);
    const meetingHost = await meetingHostContext.newPage();
    await joinMeeting(meetingHost, meetingUrl, 'Meeting host', false);
    await expect(meetingHost.getByRole('status')).toHaveText(TEST_MEETING_TEXTS.inCall);

    const hearkenBrowser = await launchChromium();
    browsers.push(hearkenBrowser);
    const context = await hearkenBrowser.newContext({ baseURL });
    // The Hearken host does not speak: only the meeting's sound is captioned.
    await holdMicrophone(context);
    const host = await context.newPage();
    await startConversation(host);
    const link = host.getByRole('textbox', { name: 'Meeting link' });
    await link.fill(meetingUrl);
    await link.press('Enter');
    await expect(host.getByTestId('meeting-bot-status')).toHaveText(/Waiting for the meeting’s host/, {
      timeout: 30_000,
    });

    // The meeting's host lets the bot in from the waiting room.
    await meetingHost.getByRole('button', { name: 'Admit Hearken captions' }).click({ timeout: 30_000 });
    await expect(host.getByTestId('meeting-bot-status')).toHaveText('Captioning the meeting', {
      timeout: 30_000,
    });
    await expectAccessible(host, 'meeting bot panel while the self-hosted bot captions');

    const speakerBrowser = await launchChromium(microphoneFile(join(DEV_DIR, FILE)));
    browsers.push(speakerBrowser);
    const speaker = await (await speakerBrowser.newContext()).newPage();
    await joinMeeting(speaker, meetingUrl, 'Speaker', true);
    await expect(speaker.getByRole('status')).toHaveText(TEST_MEETING_TEXTS.waiting);
    await meetingHost.getByRole('button', { name: 'Admit Speaker' }).click();
    await expect(speaker.getByRole('status')).toHaveText(TEST_MEETING_TEXTS.inCall);

    const meetingId = new URL(meetingUrl).pathname.split('/').pop() as string;
    const finals = host.locator(
      `[data-testid="caption"][data-final="true"][data-author="Test meeting ${meetingId}"]`,
    );
    await expect(finals.first()).toBeVisible({ timeout: 45_000 });
    // The recording's trailing silence ends the last line.
    await expect(host.locator('[data-testid="caption"][data-final="false"]')).toHaveCount(0, {
      timeout: 30_000,
    });
    const text = (await finals.locator('[data-testid="caption-text"]').allInnerTexts()).join(' ').trim();
    expect(wordErrorRate(devReference(FILE), text), `captions "${text}"`).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );

    // A typed reply is spoken into the meeting by the bot: the meeting's host hears it, where a
    // moment before (the recording over, the bot silent) there was nothing to hear.
    const speak = host.getByRole('textbox', { name: 'Say in the meeting' });
    await expect(speak).toBeVisible();
    await meetingHost.evaluate(() => {
      window.__loudestHeard = 0;
    });
    await meetingHost.waitForTimeout(1000);
    expect(
      await meetingHost.evaluate(() => window.__loudestHeard ?? 0),
      'silence before the reply',
    ).toBeLessThan(0.02);
    await speak.fill('Hello everyone, I am following the meeting with captions.');
    await speak.press('Enter');
    await expect(host.getByTestId('meeting-bot-speak-help')).toHaveText('Sent to the meeting.');
    await expect
      .poll(() => meetingHost.evaluate(() => window.__loudestHeard ?? 0), { timeout: 15_000 })
      .toBeGreaterThan(0.05);
    await expect(
      host.getByTestId('captions').getByText('Hello everyone, I am following the meeting with captions.'),
    ).toBeVisible();
    await expectAccessible(host, 'meeting bot panel with a reply for the meeting');

    // The meeting's host leaves: the meeting ends for everyone, the bot with it.
    await meetingHost.getByRole('button', { name: 'Leave' }).click();
    await expect(host.getByTestId('meeting-bot-error')).toHaveText('The host ended the meeting.', {
      timeout: 30_000,
    });
    await expect(host.getByRole('button', { name: 'Connect bot' })).toBeVisible();
  } finally {
    for (const browser of browsers) await browser.close();
    await meetings?.close();
  }
});
