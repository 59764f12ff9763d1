/**
 * The self-hosted meeting bot: headless Chromium (Debian's, driven by playwright-core) opens
 * the meeting link, joins under the bot's name through the platform's page driver, waits in the
 * waiting room, and once let in sends the meeting's sound (every remote audio track, mixed at
 * 16 kHz in the page, page-audio.ts) to the room as the bot's audio. Typed replies are played
 * into the page's microphone, so the meeting hears them.
 *
 * One browser per bot: a meeting page that crashes or hangs takes only its own bot down, and
 * closing the browser frees everything the meeting held (a meeting tab holds 100-200 MB).
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { checkMeetingUrl } from '../../../shared/meeting-bot';
import { randomId } from '../../../shared/ids';
import { type BotEvents, type CreateBot, type MeetingBotProvider, ProviderError } from '../provider';
import { int16ToBase64 } from '../../../shared/tts-audio';
import { AUDIO_BINDING, PAGE_AUDIO_SCRIPT, SPEAK_FUNCTION, decodePageChunk } from './page-audio';
import { MeetingRefused, type PageDriver, driverFor } from './page-drivers';

export interface SelfHostedBotsOptions {
  chromiumPath: string;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

interface RunningBot {
  botId: string;
  browser?: Browser;
  page?: Page;
  /** Told to leave (or the server stops): events after this are not reported. */
  leaving: boolean;
  finished: boolean;
  /** Let into the call: what it plays now reaches the meeting. */
  inCall: boolean;
}

export class SelfHostedBots implements MeetingBotProvider {
  readonly id = 'self-hosted';
  private events: BotEvents | undefined;
  private readonly bots = new Map<string, RunningBot>();

  constructor(private readonly options: SelfHostedBotsOptions) {}

  /** Where events go; MeetingBots is made with its provider, so it is attached after. */
  attach(events: BotEvents): void {
    this.events = events;
  }

  /** Whether this bot can join meetings at `meetingUrl` (a driver exists for its platform). */
  handles(meetingUrl: string): boolean {
    const checked = checkMeetingUrl(meetingUrl);
    return checked.ok && driverFor(checked.platform) !== undefined;
  }

  async create(request: CreateBot): Promise<{ botId: string }> {
    const checked = checkMeetingUrl(request.meetingUrl);
    const driver = checked.ok ? driverFor(checked.platform) : undefined;
    if (!checked.ok || !driver)
      throw new ProviderError('the self-hosted bot cannot join meetings of this kind');
    const bot: RunningBot = {
      botId: `self-hosted-${randomId(16)}`,
      leaving: false,
      finished: false,
      inCall: false,
    };
    this.bots.set(bot.botId, bot);
    // After create() has answered: MeetingBots only knows the bot id once this promise settles.
    setImmediate(() => void this.run(bot, checked.url, request.botName, driver));
    return { botId: bot.botId };
  }

  async leave(botId: string): Promise<void> {
    const bot = this.bots.get(botId);
    if (!bot) return;
    bot.leaving = true;
    await this.finish(bot, 'call_ended', 'bot_received_leave_call');
  }

  canSpeak(botId: string): boolean {
    const bot = this.bots.get(botId);
    return bot?.inCall === true && !bot.leaving && !bot.finished;
  }

  /** Plays 16-bit mono PCM into the meeting through the bot's microphone. */
  async speak(botId: string, samples: Int16Array, sampleRate: number): Promise<boolean> {
    const page = this.bots.get(botId)?.page;
    if (!page || !this.canSpeak(botId)) return false;
    const base64 = int16ToBase64(samples);
    await page.evaluate(
      ([fn, pcm, rate]) =>
        (window as unknown as Record<string, (a: string, b: number) => Promise<void>>)[fn]?.(pcm, rate),
      [SPEAK_FUNCTION, base64, sampleRate] as const,
    );
    return true;
  }

  /** The server stops: every bot leaves its meeting. */
  async close(): Promise<void> {
    await Promise.all([...this.bots.keys()].map((id) => this.leave(id)));
  }

  private async run(bot: RunningBot, meetingUrl: string, botName: string, driver: PageDriver): Promise<void> {
    const report = (code: Parameters<BotEvents['status']>[1], subCode?: string): void => {
      if (!bot.leaving && !bot.finished) this.events?.status(bot.botId, code, subCode);
    };
    try {
      bot.browser = await chromium.launch({
        executablePath: this.options.chromiumPath,
        headless: true,
        args: chromiumArgs(),
      });
      if (bot.leaving) return;
      const context = await bot.browser.newContext();
      await context.exposeFunction(AUDIO_BINDING, (base64: string) => {
        if (!bot.leaving && !bot.finished) this.events?.audio(bot.botId, decodePageChunk(base64));
      });
      await context.addInitScript(PAGE_AUDIO_SCRIPT);
      const page = await context.newPage();
      bot.page = page;
      page.on('crash', () => void this.finish(bot, 'fatal', 'bot_errored'));
      await driver.join(page, meetingUrl, botName, report);
      bot.inCall = true;
      const subCode = await driver.ended(page);
      await this.finish(bot, 'call_ended', subCode);
    } catch (error) {
      if (bot.leaving || bot.finished) return;
      const subCode = error instanceof MeetingRefused ? error.subCode : 'bot_errored';
      this.options.log('warn', 'the self-hosted meeting bot could not stay in the meeting', {
        botId: bot.botId,
        subCode,
        error: (error as Error).message,
      });
      await this.finish(bot, 'fatal', subCode);
    }
  }

  private async finish(bot: RunningBot, code: 'call_ended' | 'fatal', subCode: string): Promise<void> {
    if (bot.finished) return;
    bot.finished = true;
    bot.inCall = false;
    // A bot told to leave is already marked ended by MeetingBots: these only close it.
    this.events?.status(bot.botId, code, subCode);
    this.bots.delete(bot.botId);
    try {
      await bot.browser?.close();
    } catch (error) {
      this.options.log('warn', 'the self-hosted meeting bot’s browser did not close', {
        botId: bot.botId,
        error: (error as Error).message,
      });
    }
    this.events?.status(bot.botId, 'done');
  }
}

function chromiumArgs(): string[] {
  return [
    // Chromium's sandbox cannot start as root (containers); elsewhere it stays on.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // The page's microphone is the bot's own voice (page-audio.ts): no prompt, no device.
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    // Meeting audio plays without anyone clicking on the page first.
    '--autoplay-policy=no-user-gesture-required',
    // The bot is a server: its addresses need no hiding behind mDNS names, which a meeting
    // on a private network might not resolve.
    '--disable-features=WebRtcHideLocalIpsWithMdns',
  ];
}
