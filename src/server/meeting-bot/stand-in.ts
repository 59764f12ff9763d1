/**
 * A local stand-in for the meeting bot provider (Recall.ai), used when no provider key is
 * configured and in tests: it speaks the provider's HTTP API (recall-api.ts), sends its
 * status webhooks signed as Svix does, and streams a meeting's audio to the bot's real-time
 * websocket endpoint in the provider's message format. The "meeting" it joins is a WAV file:
 * it plays that meeting's sound in real time, as a bot in a real call would hear it.
 *
 * As the provider, a real-time socket the server closes is not opened again by the bot; Start
 * Recording (`POST /api/v1/bot/{id}/start_recording/`, with its real-time endpoints) restarts
 * the recording and connects to the endpoint anew (cluster mode's takeover,
 * meeting-bot/room-bots.ts). The meeting goes on meanwhile: what was said while no socket was
 * open is not heard.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { parseWav, toMono } from '../../shared/wav';
import { int16ToLittleEndianBytes } from '../../shared/audio';
import { randomId } from '../../shared/ids';
import type { BotServerCode } from '../../shared/meeting-bot';
import {
  type AudioMixedRawEvent,
  type CreateBotRequest,
  CREATE_BOT_PATH,
  REALTIME_SAMPLE_RATE_HZ,
  type StartRecordingRequest,
  type StatusWebhook,
} from './recall-api';
import { signWebhook } from './svix-signature';
import { answerJson, readBody } from '../http';

/** What happens in a meeting the stand-in joins (tests choose; the default is a normal meeting). */
export interface StandInScenario {
  /** Codes before the bot is in the call, each after `stepMs`. */
  waitingRoom: boolean;
  /** A fatal sub code instead of joining (meeting_not_found...). */
  fatal?: string;
}

export interface StandInOptions {
  apiKey: string;
  webhookSecret: string;
  /** Where the status webhooks go (the Hearken server's webhook route, known once it listens). */
  webhookUrl(): string;
  /** The meeting's sound (16 kHz mono WAV); none: a silent meeting. */
  meetingAudio?: string;
  /** Time between lifecycle steps, and the host's delay in letting the bot in. */
  stepMs?: number;
  /** Audio chunk length, as the provider sends it. */
  chunkMs?: number;
  scenario?(meetingUrl: string): StandInScenario;
  log?(message: string): void;
}

interface StandInBot {
  id: string;
  request: CreateBotRequest;
  timers: NodeJS.Timeout[];
  socket?: WebSocket;
  done: boolean;
  /** When the bot started hearing the meeting: its sound plays in real time from then on. */
  recordingSince?: number;
  /** Where its audio goes now (Create Bot's endpoint, or the last Start Recording's). */
  endpoint?: string;
  /** Start Recording requests taken. */
  restarts: number;
}

export interface MeetingBotStandIn {
  url: string;
  /** Bots created so far, by id (tests read what the client sent). */
  bots: ReadonlyMap<string, { request: CreateBotRequest; done: boolean; restarts: number }>;
  close(): Promise<void>;
}

export async function startMeetingBotStandIn(options: StandInOptions): Promise<MeetingBotStandIn> {
  const stepMs = options.stepMs ?? 300;
  const chunkMs = options.chunkMs ?? 100;
  const bots = new Map<string, StandInBot>();
  const log = options.log ?? (() => undefined);

  async function webhook(bot: StandInBot, code: BotServerCode, subCode: string | null = null): Promise<void> {
    const body: StatusWebhook = {
      event: `bot.${code}`,
      data: {
        data: { code, sub_code: subCode, updated_at: new Date().toISOString() },
        bot: { id: bot.id, metadata: bot.request.metadata },
      },
    };
    const text = JSON.stringify(body);
    const headers = signWebhook(options.webhookSecret, `msg_${randomId(20)}`, Date.now(), text);
    try {
      const response = await fetch(options.webhookUrl(), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: text,
      });
      if (!response.ok) log(`webhook ${code} answered ${response.status}`);
    } catch (error) {
      log(`webhook ${code} failed: ${(error as Error).message}`);
    }
  }

  function later(bot: StandInBot, ms: number, fn: () => void | Promise<void>): void {
    bot.timers.push(setTimeout(() => void fn(), ms));
  }

  async function finish(bot: StandInBot, subCode: string): Promise<void> {
    if (bot.done) return;
    bot.done = true;
    for (const t of bot.timers) clearTimeout(t);
    bot.socket?.close();
    await webhook(bot, 'call_ended', subCode);
    await webhook(bot, 'done');
  }

  function streamAudio(bot: StandInBot): void {
    const url = bot.endpoint ?? bot.request.recording_config.realtime_endpoints[0]?.url;
    if (!url) return;
    const samples = options.meetingAudio
      ? toMono(parseWav(new Uint8Array(readFileSync(options.meetingAudio))))
      : new Int16Array(0);
    bot.recordingSince ??= Date.now();
    const since = bot.recordingSince;
    const socket = new WebSocket(url);
    bot.socket = socket;
    const per = (REALTIME_SAMPLE_RATE_HZ * chunkMs) / 1000;
    socket.on('error', (error) => log(`real-time endpoint: ${error.message}`));
    socket.on('open', () => {
      // The meeting has been talking since the recording started: heard from where it is now.
      const chunks = Math.floor((Date.now() - since) / chunkMs);
      let offset = chunks * per;
      const send = () => {
        if (bot.done || socket.readyState !== WebSocket.OPEN || bot.socket !== socket) return;
        if (offset >= samples.length) {
          // Everyone else left once the meeting's sound is over.
          later(bot, stepMs, () => finish(bot, 'timeout_exceeded_everyone_left'));
          return;
        }
        const chunk = samples.subarray(offset, offset + per);
        const message: AudioMixedRawEvent = {
          event: 'audio_mixed_raw.data',
          data: {
            data: {
              buffer: Buffer.from(int16ToLittleEndianBytes(chunk)).toString('base64'),
              timestamp: { relative: offset / REALTIME_SAMPLE_RATE_HZ, absolute: new Date().toISOString() },
            },
            bot: { id: bot.id, metadata: bot.request.metadata },
          },
        };
        socket.send(JSON.stringify(message));
        offset += per;
        // In real time, as a call is heard: the next chunk when its time has come.
        later(bot, Math.max(0, since + (offset / per) * chunkMs - Date.now()), send);
      };
      send();
    });
  }

  function lifecycle(bot: StandInBot): void {
    const scenario = options.scenario?.(bot.request.meeting_url) ?? { waitingRoom: true };
    let at = stepMs;
    const step = (fn: () => void | Promise<void>) => {
      later(bot, at, fn);
      at += stepMs;
    };
    step(() => webhook(bot, 'joining_call'));
    if (scenario.fatal) {
      const sub = scenario.fatal;
      step(async () => {
        bot.done = true;
        await webhook(bot, 'fatal', sub);
        await webhook(bot, 'done');
      });
      return;
    }
    if (scenario.waitingRoom) step(() => webhook(bot, 'in_waiting_room'));
    step(() => webhook(bot, 'in_call_not_recording'));
    step(async () => {
      await webhook(bot, 'in_call_recording');
      streamAudio(bot);
    });
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.headers.authorization !== `Token ${options.apiKey}`) {
        answerJson(response, 401, { detail: 'Invalid token.' });
        return;
      }
      const path = (request.url ?? '').split('?')[0] ?? '';
      if (request.method === 'POST' && path === CREATE_BOT_PATH) {
        let body: CreateBotRequest;
        try {
          body = JSON.parse(await readBody(request)) as CreateBotRequest;
        } catch {
          answerJson(response, 400, { detail: 'Invalid JSON.' });
          return;
        }
        if (typeof body.meeting_url !== 'string' || !body.recording_config?.realtime_endpoints?.length) {
          answerJson(response, 400, { meeting_url: ['This field is required.'] });
          return;
        }
        const bot: StandInBot = {
          id: `standin-${randomId(16)}`,
          request: body,
          timers: [],
          done: false,
          restarts: 0,
        };
        bots.set(bot.id, bot);
        answerJson(response, 201, {
          id: bot.id,
          meeting_url: { meeting_id: body.meeting_url },
          metadata: body.metadata,
        });
        lifecycle(bot);
        return;
      }
      const restart = /^\/api\/v1\/bot\/([^/]+)\/start_recording\/$/.exec(path);
      if (request.method === 'POST' && restart) {
        const bot = bots.get(decodeURIComponent(restart[1]!));
        if (!bot) {
          answerJson(response, 404, { detail: 'Not found.' });
          return;
        }
        let body: Partial<StartRecordingRequest>;
        try {
          body = JSON.parse(await readBody(request)) as Partial<StartRecordingRequest>;
        } catch {
          answerJson(response, 400, { detail: 'Invalid JSON.' });
          return;
        }
        // Only a bot in its call can record.
        if (bot.done || bot.recordingSince === undefined) {
          answerJson(response, 400, { detail: 'Bot is not in the call.' });
          return;
        }
        bot.restarts += 1;
        const url = body.realtime_endpoints?.[0]?.url;
        if (url) bot.endpoint = url;
        answerJson(response, 200, { id: bot.id });
        const previous = bot.socket;
        bot.socket = undefined;
        previous?.close();
        streamAudio(bot);
        return;
      }
      const leave = /^\/api\/v1\/bot\/([^/]+)\/leave_call\/$/.exec(path);
      if (request.method === 'POST' && leave) {
        const bot = bots.get(decodeURIComponent(leave[1]!));
        if (!bot) {
          answerJson(response, 404, { detail: 'Not found.' });
          return;
        }
        answerJson(response, 200, { id: bot.id });
        void finish(bot, 'bot_received_leave_call');
        return;
      }
      answerJson(response, 404, { detail: 'Not found.' });
    })().catch((error: Error) => answerJson(response, 500, { detail: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    bots,
    async close() {
      for (const bot of bots.values()) {
        bot.done = true;
        for (const t of bot.timers) clearTimeout(t);
        bot.socket?.close();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
