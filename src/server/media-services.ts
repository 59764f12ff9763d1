/**
 * The media participants a room may have, started together (app.ts): meeting bots and phone
 * calls join rooms through their providers. In cluster mode each is stored so it moves with its
 * room, and the forwarding hooks reach it through `late` once it exists.
 */
import type { FastifyInstance } from 'fastify';
import { type ClusterNode, type LateServices, limiterFor } from './cluster';
import type { ServerConfig } from './config';
import type { Repositories } from './db';
import { startMeetingBotService } from './meeting-bot';
import { startPhoneCallService } from './phone-calls';
import type { RoomRegistry, RoomServices } from './rooms';

/**
 * Whether meeting bots and phone calls can work on this server: a provider configured, the
 * local stand-in asked for, or (meeting bots) the self-hosted bot. GET /api/v1/config says so,
 * and the forms say it before anyone fills them in.
 */
export function integrationsOffered(config: Pick<ServerConfig, 'meetingBot' | 'phoneCalls'>): {
  meetingBots: boolean;
  phoneCalls: boolean;
} {
  const bot = config.meetingBot;
  const phone = config.phoneCalls;
  return {
    meetingBots: Boolean(bot?.provider || bot?.standIn || bot?.selfHostedChromium),
    phoneCalls: Boolean(phone?.twilio || phone?.sip || phone?.standIn),
  };
}

export async function startMediaServices(
  app: FastifyInstance,
  config: ServerConfig,
  deps: {
    registry: RoomRegistry;
    stores: Repositories;
    cluster: ClusterNode | undefined;
    late: LateServices;
    /** The server's own origin as a provider reaches it (public URL, or the bound loopback one). */
    origin(): string;
    now(): number;
    log: RoomServices['log'];
  },
) {
  const { registry, stores, cluster, late, origin, now, log } = deps;
  const meetingBots = await startMeetingBotService(app, config.meetingBot, {
    ...(cluster ? { takeover: stores.meetingBots } : {}),
    origin,
    log,
  });
  late.meetingBots = meetingBots;
  const phone = await startPhoneCallService(app, config.phoneCalls, {
    registry,
    ...(cluster ? { takeover: stores.phoneCalls } : {}),
    credits: stores.credits,
    limiter: (name, limit) => limiterFor(cluster, name, limit),
    origin,
    now,
    log,
  });
  late.phoneCalls = phone;
  return { meetingBots, phone };
}
