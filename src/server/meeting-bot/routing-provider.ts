/**
 * Sends each bot to the implementation that can join its meeting: the self-hosted bot where it
 * has a page driver for the platform, the configured provider (Recall.ai-shaped, or its local
 * stand-in) for the rest. Leaving goes to the implementation that made the bot.
 */
import { type CreateBot, type MeetingBotProvider, ProviderError } from './provider';

export interface SelfHostedLike extends MeetingBotProvider {
  handles(meetingUrl: string): boolean;
}

/** No provider configured: a link the self-hosted bot cannot join fails with a clear reason. */
export const NO_PROVIDER: MeetingBotProvider = {
  id: 'none',
  create: () => Promise.reject(new ProviderError('no meeting bot provider is configured for this platform')),
  leave: () => Promise.resolve(),
};

export class RoutingProvider implements MeetingBotProvider {
  readonly id = 'routing';
  private readonly madeBy = new Map<string, MeetingBotProvider>();

  constructor(
    private readonly selfHosted: SelfHostedLike,
    private readonly fallback: MeetingBotProvider,
  ) {}

  async create(request: CreateBot): Promise<{ botId: string }> {
    const provider = this.selfHosted.handles(request.meetingUrl) ? this.selfHosted : this.fallback;
    const created = await provider.create(request);
    this.madeBy.set(created.botId, provider);
    return created;
  }

  canSpeak(botId: string): boolean {
    return this.madeBy.get(botId)?.canSpeak?.(botId) ?? false;
  }

  async speak(botId: string, samples: Int16Array, sampleRate: number): Promise<boolean> {
    return (await this.madeBy.get(botId)?.speak?.(botId, samples, sampleRate)) ?? false;
  }

  /** A bot this process made goes to its maker; one another node made is the provider's (the self-hosted bot never moves). */
  async restartAudio(botId: string, audioEndpoint: string): Promise<void> {
    const provider = this.madeBy.get(botId) ?? this.fallback;
    if (!provider.restartAudio) throw new ProviderError('this meeting bot cannot move to another server');
    await provider.restartAudio(botId, audioEndpoint);
  }

  async leave(botId: string): Promise<void> {
    const provider = this.madeBy.get(botId) ?? this.fallback;
    this.madeBy.delete(botId);
    await provider.leave(botId);
  }
}
