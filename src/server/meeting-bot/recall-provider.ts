/**
 * The meeting bot provider client in Recall.ai's shape: `Authorization: Token <key>`, Create
 * Bot with a real-time websocket endpoint for the mixed audio, Leave Call, and Start Recording
 * with the endpoint again when the bot's room moved to another node (cluster mode). Status changes come
 * back as signed webhooks (routes.ts). Pointed at the local stand-in when no key is configured.
 */
import {
  type CreateBotRequest,
  type CreateBotResponse,
  type StartRecordingRequest,
  CREATE_BOT_PATH,
  leaveCallPath,
  startRecordingPath,
} from './recall-api';
import { type CreateBot, type MeetingBotProvider, ProviderError } from './provider';

/** The provider answers within this or the request is given up (the host sees "failed"). */
const REQUEST_TIMEOUT_MS = 15_000;

export class RecallProvider implements MeetingBotProvider {
  readonly id = 'recall';

  constructor(
    private readonly apiUrl: string,
    private readonly apiKey: string,
  ) {}

  async create(request: CreateBot): Promise<{ botId: string }> {
    const body: CreateBotRequest = {
      meeting_url: request.meetingUrl,
      bot_name: request.botName,
      recording_config: {
        audio_mixed_raw: {},
        realtime_endpoints: [
          { type: 'websocket', url: request.audioEndpoint, events: ['audio_mixed_raw.data'] },
        ],
      },
      metadata: request.metadata,
    };
    const response = await this.call(CREATE_BOT_PATH, body);
    const created = (await response.json()) as Partial<CreateBotResponse>;
    if (typeof created.id !== 'string' || created.id.length === 0)
      throw new ProviderError('the provider answered without a bot id', response.status);
    return { botId: created.id };
  }

  /** Start Recording with the real-time endpoint: the bot opens a new audio socket to it. */
  async restartAudio(botId: string, audioEndpoint: string): Promise<void> {
    const body: StartRecordingRequest = {
      audio_mixed_raw: {},
      realtime_endpoints: [{ type: 'websocket', url: audioEndpoint, events: ['audio_mixed_raw.data'] }],
    };
    await this.call(startRecordingPath(botId), body);
  }

  async leave(botId: string): Promise<void> {
    await this.call(leaveCallPath(botId), {});
  }

  private async call(path: string, body: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.apiUrl), {
        method: 'POST',
        headers: { authorization: `Token ${this.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError(`the meeting bot provider cannot be reached: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new ProviderError(
        `the meeting bot provider answered ${response.status}: ${text.slice(0, 200)}`,
        response.status,
      );
    }
    return response;
  }
}
