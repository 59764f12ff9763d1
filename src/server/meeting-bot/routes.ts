/**
 * The provider's ways back into the server: the signed status webhook (an HTTP route, open to
 * outsiders in the access table because the signature is its proof), and the websocket its
 * bots stream meeting audio on (the per-bot token in its URL is the proof, as Recall advises
 * for real-time endpoints, which carry no signature).
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { MEETING_BOT_ROUTES, apiError, apiErrorSchema } from '../../shared/api';
import { parseAudioEvent, parseStatusWebhook } from './recall-api';
import { verifyWebhook } from './svix-signature';
import type { MeetingBots } from './room-bots';
import type { ConnectionSocket } from '../socket';
import { acceptUpgrade, refuseUpgrade } from '../safety';
import { type AnyRoute, registerDescribed, routeIn } from '../http';

const route = routeIn('meeting-bot');

/** A status webhook is small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;
/** One real-time message: base64 of a chunk of 16 kHz audio (a second is 43 KB). */
const AUDIO_MESSAGE_LIMIT = 512 * 1024;

export interface MeetingBotRouteDeps {
  bots: MeetingBots;
  webhookSecret: string;
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

/**
 * The provider's status webhook. No body schema: the body stays the text sent, since the
 * signature is over those bytes; it is parsed once the signature holds.
 */
export function meetingBotWebhookRoute(deps: MeetingBotRouteDeps): AnyRoute {
  return route('POST', MEETING_BOT_ROUTES.webhook, {
    summary:
      "Called by the meeting bot provider (Recall.ai): a bot's status changed (Svix-signed). Answers 204.",
    response: { 401: apiErrorSchema },
    handler: async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const verified = verifyWebhook(deps.webhookSecret, request.headers, body, deps.now());
      if (!verified.ok) {
        deps.log('warn', 'a meeting bot webhook was refused', { reason: verified.reason });
        return reply.code(401).send(apiError('unauthorized', `webhook signature: ${verified.reason}`));
      }
      // Signed yet not JSON: the provider is told, rather than the event vanishing as one we skip.
      if (!isJson(body)) return reply.code(400).send(apiError('invalid-json', 'The body is not JSON.'));
      const change = parseStatusWebhook(body);
      if (change) deps.bots.status(change.botId, change.code, change.subCode);
      return reply.code(204).send();
    },
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function registerMeetingBotRoutes(app: FastifyInstance, deps: MeetingBotRouteDeps): void {
  void app.register(async (scope) => {
    // The signature is over the exact bytes sent: the body is kept as text, parsed after.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    registerDescribed(scope, [meetingBotWebhookRoute(deps)]);
  });
}

/** What the audio stream needs of its socket: a `ws` one here, or one relayed from another node. */
export type AudioSocket = Pick<ConnectionSocket, 'on' | 'close'>;

/**
 * The owner's check of a bot's real-time audio socket, then its service: the bot's token in the
 * URL it was opened on. False: refused before anything was attached.
 */
export function meetingAudioSocket(
  deps: MeetingBotRouteDeps,
): (ws: AudioSocket, handshake: { url: string }) => boolean {
  return (ws, handshake) => {
    const token = new URL(handshake.url, 'http://localhost').searchParams.get('token') ?? '';
    if (!deps.bots.knowsToken(token)) return false;
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const event = parseAudioEvent(data.toString());
      if (!event) return;
      if (!deps.bots.audioFor(token, event.botId, event.samples)) ws.close(1008, 'not this bot’s endpoint');
    });
    return true;
  };
}

/** Handles an upgrade on the audio path; false when the path is not this one. */
export function meetingAudioUpgrade(
  deps: MeetingBotRouteDeps,
): (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean {
  const wss = new WebSocketServer({ noServer: true, maxPayload: AUDIO_MESSAGE_LIMIT });
  const accept = meetingAudioSocket(deps);
  return (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== MEETING_BOT_ROUTES.audio) return false;
    if (!deps.bots.knowsToken(url.searchParams.get('token') ?? '')) {
      refuseUpgrade(socket, 401);
      return true;
    }
    acceptUpgrade(wss, request, socket, head, (ws) => {
      if (!accept(ws, { url: request.url ?? '/' })) ws.close(1008, 'not this bot’s endpoint');
    });
    return true;
  };
}
