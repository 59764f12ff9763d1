/**
 * How the self-hosted bot gets into one platform's meeting page: fill in its name, press join,
 * tell the waiting room from the call, notice the call ending. A driver reports what happens
 * with the provider's codes (the same ones Recall.ai's webhooks carry), so MeetingBots and the
 * status machine treat both implementations alike.
 *
 * Only the test meeting (tests/helpers/test-meeting) has a driver: Zoom's, Meet's and Teams'
 * web clients change their pages often and cannot be reached from here to test against, and an
 * untested driver would send bots that silently never join. Their links go to the configured
 * provider instead (routing-provider.ts).
 */
import type { Page } from 'playwright-core';
import type { BotServerCode, MeetingPlatform } from '../../../shared/meeting-bot';

export type Report = (code: BotServerCode, subCode?: string) => void;

export interface PageDriver {
  /**
   * Opens the meeting and gets the bot into the call, reporting each step. Resolves once the
   * bot is in the call; rejects with a MeetingRefused for a meeting that cannot be joined.
   */
  join(page: Page, meetingUrl: string, botName: string, report: Report): Promise<void>;
  /** Resolves with the sub code the call ended with (host ended it, everyone left...). */
  ended(page: Page): Promise<string>;
}

/** A meeting that refused the bot, with the provider's sub code that says why. */
export class MeetingRefused extends Error {
  constructor(readonly subCode: string) {
    super(subCode);
  }
}

/** How long the bot waits to be let in before giving up (Recall's default is 10 minutes). */
export const WAITING_ROOM_TIMEOUT_MS = 10 * 60_000;

/** The test meeting's status words: its page (tests/helpers/test-meeting/page.ts) says these. */
export const TEST_MEETING_TEXTS = {
  waiting: 'Waiting for the host to let you in',
  inCall: 'You are in the meeting',
  everyoneLeft: 'Everyone else has left the meeting',
  ended: 'The meeting has ended',
} as const;

async function statusText(page: Page, among: readonly string[], timeoutMs: number): Promise<string> {
  const handle = await page.waitForFunction(
    (texts) => {
      const text = document.querySelector('[role="status"]')?.textContent?.trim() ?? '';
      return texts.includes(text) ? text : false;
    },
    among,
    { timeout: timeoutMs, polling: 250 },
  );
  return (await handle.jsonValue()) as string;
}

const testMeetingDriver: PageDriver = {
  async join(page, meetingUrl, botName, report) {
    report('joining_call');
    const response = await page.goto(meetingUrl, { waitUntil: 'domcontentloaded', timeout: 30_000 });
    if (!response || response.status() === 404) throw new MeetingRefused('meeting_not_found');
    await page.getByLabel('Your name').fill(botName);
    await page.getByRole('button', { name: 'Join' }).click();
    const first = await statusText(
      page,
      [TEST_MEETING_TEXTS.waiting, TEST_MEETING_TEXTS.inCall, TEST_MEETING_TEXTS.ended],
      30_000,
    );
    if (first === TEST_MEETING_TEXTS.ended) throw new MeetingRefused('meeting_ended');
    if (first === TEST_MEETING_TEXTS.waiting) {
      report('in_waiting_room');
      const next = await statusText(
        page,
        [TEST_MEETING_TEXTS.inCall, TEST_MEETING_TEXTS.ended],
        WAITING_ROOM_TIMEOUT_MS,
      ).catch(() => {
        throw new MeetingRefused('timeout_exceeded_waiting_room');
      });
      if (next === TEST_MEETING_TEXTS.ended) throw new MeetingRefused('bot_kicked_from_waiting_room');
    }
    report('in_call_recording');
  },
  async ended(page) {
    const text = await statusText(page, [TEST_MEETING_TEXTS.everyoneLeft, TEST_MEETING_TEXTS.ended], 0);
    return text === TEST_MEETING_TEXTS.everyoneLeft ? 'timeout_exceeded_everyone_left' : 'call_ended_by_host';
  },
};

const DRIVERS: Partial<Record<MeetingPlatform, PageDriver>> = {
  'test-meeting': testMeetingDriver,
};

export function driverFor(platform: MeetingPlatform): PageDriver | undefined {
  return DRIVERS[platform];
}
