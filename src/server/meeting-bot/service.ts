/**
 * Starts the meeting bot service of a server: the provider client (Recall.ai-shaped) pointed at
 * the configured provider, or at a local stand-in of it when no key is configured; the
 * MeetingBots of the rooms; the webhook route and the real-time audio socket.
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { MEETING_BOT_ROUTES } from '../../shared/api';
import type { MeetingBotConfig } from './config';
import { RecallProvider } from './recall-provider';
import { MeetingBots } from './room-bots';
import {
  type AudioSocket,
  meetingAudioSocket,
  meetingAudioUpgrade,
  registerMeetingBotRoutes,
} from './routes';
import { type MeetingBotStandIn, startMeetingBotStandIn } from './stand-in';
import { newWebhookSecret } from './svix-signature';
import { randomId } from '../../shared/ids';
import type { MeetingBotProvider } from './provider';
import { NO_PROVIDER, RoutingProvider } from './routing-provider';
import { SelfHostedBots } from './self-hosted/self-hosted-bots';
import type { MeetingBotStore } from './repository';
import { participantAddress, websocketOrigin } from '../media-participants';

export interface MeetingBotService {
  bots: MeetingBots;
  /**
   * Which provider: "recall" (configured), "stand-in", "self-hosted" (only the Chromium bot),
   * or "off" (no key, no stand-in, no self-hosted bot asked for).
   */
  kind: 'recall' | 'stand-in' | 'self-hosted' | 'off';
  /** The self-hosted bot, when it is on (it also speaks typed replies into meetings). */
  selfHosted?: SelfHostedBots;
  standIn?: MeetingBotStandIn;
  /** The secret webhooks are verified with (the stand-in's own one when it plays the provider). */
  webhookSecret: string;
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** An audio socket relayed from another node (cluster mode): checked, then served; false: refused. */
  relayedAudio(ws: AudioSocket, handshake: { url: string }): boolean;
  close(): Promise<void>;
}

export async function startMeetingBotService(
  app: FastifyInstance,
  config: MeetingBotConfig | undefined,
  deps: {
    /** The server's own origin as the provider reaches it (public URL, or the bound loopback one). */
    origin(): string;
    log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
    /** Cluster mode: where bots are stored so they move with their rooms (room-bots.ts). */
    takeover?: MeetingBotStore;
  },
): Promise<MeetingBotService> {
  let standIn: MeetingBotStandIn | undefined;
  let provider: { apiUrl: string; apiKey: string; webhookSecret: string };
  if (config?.provider) {
    provider = config.provider;
  } else if (!config?.standIn) {
    // Off: the routes still answer (a webhook nobody can sign is refused), no bot can be asked for.
    provider = { apiUrl: 'http://127.0.0.1:9', apiKey: randomId(32), webhookSecret: newWebhookSecret() };
  } else {
    const apiKey = randomId(32);
    const webhookSecret = newWebhookSecret();
    standIn = await startMeetingBotStandIn({
      apiKey,
      webhookSecret,
      webhookUrl: () => `${deps.origin()}${MEETING_BOT_ROUTES.webhook}`,
      ...(config?.standInAudio ? { meetingAudio: config.standInAudio } : {}),
      log: (message) => deps.log('warn', `meeting bot stand-in: ${message}`),
    });
    provider = { apiUrl: standIn.url, apiKey, webhookSecret };
  }
  const configured: MeetingBotProvider =
    config?.provider || standIn ? new RecallProvider(provider.apiUrl, provider.apiKey) : NO_PROVIDER;
  const selfHosted = config?.selfHostedChromium
    ? new SelfHostedBots({ chromiumPath: config.selfHostedChromium, log: deps.log })
    : undefined;
  const routed = selfHosted ? new RoutingProvider(selfHosted, configured) : configured;
  const bots = new MeetingBots({
    provider: routed,
    // The self-hosted bot runs in this process: only a provider's bot can move.
    ...(deps.takeover && routed.restartAudio ? { takeover: { store: deps.takeover } } : {}),
    // It names the bot's room, so a cluster's node it reaches can relay it to the room's owner.
    audioEndpoint: (token, roomId) =>
      participantAddress(websocketOrigin(deps.origin()), MEETING_BOT_ROUTES.audio, token, roomId),
    allowTestMeetings: config?.allowTestMeetings ?? false,
    clock: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    },
    log: deps.log,
  });
  selfHosted?.attach(bots);
  const routeDeps = { bots, webhookSecret: provider.webhookSecret, now: () => Date.now(), log: deps.log };
  registerMeetingBotRoutes(app, routeDeps);
  return {
    bots,
    kind: config?.provider ? 'recall' : standIn ? 'stand-in' : selfHosted ? 'self-hosted' : 'off',
    ...(standIn ? { standIn } : {}),
    ...(selfHosted ? { selfHosted } : {}),
    webhookSecret: provider.webhookSecret,
    upgrade: meetingAudioUpgrade(routeDeps),
    relayedAudio: meetingAudioSocket(routeDeps),
    close: async () => {
      await selfHosted?.close();
      await standIn?.close();
    },
  };
}
