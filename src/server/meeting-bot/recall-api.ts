/**
 * The shapes of Recall.ai's bot API that Hearken uses (docs.recall.ai: Create Bot, Leave Call,
 * bot status webhooks, real-time websocket endpoints), and their parsing. Both the provider
 * client and the local stand-in speak these, so the stand-in cannot drift from the client.
 */
import { type BotServerCode, isBotServerCode } from '../../shared/meeting-bot';
import { littleEndianBytesToInt16 } from '../../shared/audio';

/** POST /api/v1/bot/ */
export interface CreateBotRequest {
  meeting_url: string;
  bot_name: string;
  recording_config: {
    audio_mixed_raw: Record<string, never>;
    realtime_endpoints: { type: 'websocket'; url: string; events: ['audio_mixed_raw.data'] }[];
  };
  metadata: Record<string, string>;
}
export interface CreateBotResponse {
  id: string;
  meeting_url: unknown;
  metadata?: Record<string, string>;
}

export const CREATE_BOT_PATH = '/api/v1/bot/';

/**
 * POST /api/v1/bot/{id}/start_recording/: the bot starts recording again (Recall: "restarts the
 * current recording if one is already in progress") with these real-time endpoints, to which it
 * connects anew. A real-time websocket is never reopened by the provider once closed.
 */
export type StartRecordingRequest = CreateBotRequest['recording_config'];
export const startRecordingPath = (botId: string) =>
  `/api/v1/bot/${encodeURIComponent(botId)}/start_recording/`;
export const leaveCallPath = (botId: string) => `/api/v1/bot/${encodeURIComponent(botId)}/leave_call/`;

/** A status-change webhook: event `bot.<code>`. */
export interface StatusWebhook {
  event: string;
  data: {
    data: { code: string; sub_code: string | null; updated_at: string };
    bot: { id: string; metadata: Record<string, string> };
  };
}

/** One message on the real-time websocket: 16 kHz mono S16LE, base64. */
export interface AudioMixedRawEvent {
  event: 'audio_mixed_raw.data';
  data: {
    data: { buffer: string; timestamp: { relative: number; absolute: string } };
    bot: { id: string; metadata: Record<string, string> };
  };
}

/** Recall's real-time audio rate. */
export const REALTIME_SAMPLE_RATE_HZ = 16000;

export type StatusChange = { botId: string; code: BotServerCode; subCode?: string };

const BOT_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** A status webhook's content, or undefined for anything else (other events are acknowledged and ignored). */
export function parseStatusWebhook(body: string): StatusChange | undefined {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return undefined;
  }
  const hook = data as Partial<StatusWebhook>;
  if (typeof hook?.event !== 'string' || !hook.event.startsWith('bot.')) return undefined;
  const code = hook.data?.data?.code ?? hook.event.slice('bot.'.length);
  const botId = hook.data?.bot?.id;
  if (typeof code !== 'string' || !isBotServerCode(code)) return undefined;
  if (typeof botId !== 'string' || !BOT_ID.test(botId)) return undefined;
  const sub = hook.data?.data?.sub_code;
  return { botId, code, ...(typeof sub === 'string' && sub.length <= 128 ? { subCode: sub } : {}) };
}

/** The samples of one real-time audio message, or undefined for anything else. */
export function parseAudioEvent(text: string): { botId: string; samples: Int16Array } | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const event = data as Partial<AudioMixedRawEvent>;
  if (event?.event !== 'audio_mixed_raw.data') return undefined;
  const buffer = event.data?.data?.buffer;
  const botId = event.data?.bot?.id;
  if (typeof buffer !== 'string' || typeof botId !== 'string') return undefined;
  const samples = littleEndianBytesToInt16(Buffer.from(buffer, 'base64'));
  return samples ? { botId, samples } : undefined;
}
