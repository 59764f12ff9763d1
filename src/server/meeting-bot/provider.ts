/**
 * The one interface every meeting bot implementation has (Recall.ai-shaped provider today, a
 * self-hosted Chromium bot later): send a bot to a meeting, take it out. What the bot then
 * does arrives as events (status codes, audio) through `BotEvents`, from webhooks and the
 * real-time audio socket for the provider, or directly from a self-hosted bot.
 */
import type { BotServerCode } from '../../shared/meeting-bot';

export interface CreateBot {
  meetingUrl: string;
  /** The name the bot shows in the meeting. */
  botName: string;
  /** Where the bot sends the meeting's audio (a provider's real-time endpoint). */
  audioEndpoint: string;
  /** Returned with every event, so events can be matched to their room without a lookup. */
  metadata: Record<string, string>;
}

export interface MeetingBotProvider {
  readonly id: string;
  create(request: CreateBot): Promise<{ botId: string }>;
  leave(botId: string): Promise<void>;
  /**
   * Cluster mode: the bot sends the meeting's audio to `audioEndpoint` from now on (a new
   * connection, the room's new owner behind it). Absent: a bot cannot move to another process
   * (the self-hosted bot runs in the one that started it).
   */
  restartAudio?(botId: string, audioEndpoint: string): Promise<void>;
  /** Whether this bot can speak into its meeting now (the self-hosted bot, once in a call). */
  canSpeak?(botId: string): boolean;
  /** Plays mono 16-bit PCM into the meeting; false when the bot cannot. */
  speak?(botId: string, samples: Int16Array, sampleRate: number): Promise<boolean>;
}

/** Where a bot's events go (MeetingBots). */
export interface BotEvents {
  status(botId: string, code: BotServerCode, subCode?: string): void;
  audio(botId: string, samples: Int16Array): void;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    /** The HTTP status the provider answered, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}
