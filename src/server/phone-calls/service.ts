/**
 * Starts the phone call service of a server: the SIP provider when a trunk is configured, else
 * the provider client (Twilio-shaped) pointed at the configured Twilio account, or at a local
 * stand-in of it when asked for without one; the rooms'
 * PhoneCalls; the routes and the media stream socket. Without either, the routes answer that
 * phone calls are not available.
 */
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { PHONE_CALL_ROUTES } from '../../shared/phone-calls';
import type { RoomRegistry } from '../rooms';
import { mayPhoneCall, type Principal } from '../auth';
import type { CreditRepository } from '../credits';
import type { Limit, RateLimiter } from '../http';
import { type PhoneCallConfig, loadPhoneCallGuard } from './config';
import { PhoneCalls } from './room-calls';
import {
  type MediaSocket,
  mediaStreamPath,
  phoneMediaSocket,
  phoneMediaUpgrade,
  registerPhoneCallRoutes,
} from './routes';
import { type PhoneStandIn, startPhoneStandIn } from './stand-in';
import { TwilioProvider, type TwilioAccount } from './twilio-provider';
import { SipProvider } from './sip-provider';
import type { PhoneCallStore } from './repository';
import type { PhoneCallProvider } from './provider';
import { participantAddress, websocketOrigin } from '../media-participants';

/**
 * Cluster mode: how long a call whose stream ended without a hang-up (its node died) stays on,
 * silent, for the node that takes its room over to stream it again. A room moves within a few
 * seconds once anyone reconnects; a call nobody picks up by then ends.
 */
export const HOLD_AFTER_STREAM_S = 60;

export interface PhoneCallService {
  /** Absent when phone calls are off. */
  calls: PhoneCalls | undefined;
  kind: 'twilio' | 'stand-in' | 'sip' | 'off';
  standIn?: PhoneStandIn;
  /** The SIP provider, when a trunk is configured. */
  sip?: SipProvider;
  /** The auth token callbacks are verified with (the stand-in's own when it plays Twilio). */
  authToken: string;
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** A media stream relayed from another node (cluster mode): checked, then served; false: refused. */
  relayedMedia(ws: MediaSocket, handshake: { url: string; signature?: string }): boolean;
  close(): Promise<void>;
}

export async function startPhoneCallService(
  app: FastifyInstance,
  config: PhoneCallConfig | undefined,
  deps: {
    registry: RoomRegistry;
    /** The server's own origin as the provider reaches it (public URL, or the bound loopback one). */
    origin(): string;
    now(): number;
    log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
    /** Cluster mode: where calls are stored so they move with their rooms (room-calls.ts). */
    takeover?: PhoneCallStore;
    /** Where an account's Premium credit is read (who may call: auth/entitlements.ts). */
    credits: Pick<CreditRepository, 'get'> | undefined;
    /** A rate limit by name, counted across a cluster's nodes when there is one. */
    limiter(name: string, limit: Limit): RateLimiter;
  },
): Promise<PhoneCallService> {
  let standIn: PhoneStandIn | undefined;
  let account: TwilioAccount | undefined = config?.twilio;
  let sip: SipProvider | undefined;
  if (config?.sip) {
    sip = new SipProvider(config.sip, deps.log);
    await sip.start();
  } else if (!account && config?.standIn) {
    const accountSid = `AC${randomBytes(16).toString('hex')}`;
    const authToken = randomBytes(16).toString('hex');
    standIn = await startPhoneStandIn({
      accountSid,
      authToken,
      ...(config.standInAudio ? { conferenceAudio: config.standInAudio } : {}),
      ...(config.standInDigits ? { expectedDigits: config.standInDigits } : {}),
      log: (message) => deps.log('warn', `phone stand-in: ${message}`),
    });
    account = { apiUrl: standIn.url, accountSid, authToken, fromNumber: '+15005550006' };
  }
  const provider: PhoneCallProvider | undefined = sip ?? (account ? new TwilioProvider(account) : undefined);
  const calls = provider
    ? new PhoneCalls({
        provider,
        // Both name the call's room, so a cluster's node they reach can send them to its owner.
        statusCallbackUrl: (token, roomId) =>
          participantAddress(deps.origin(), PHONE_CALL_ROUTES.statusCallback, token, roomId),
        mediaStreamUrl: (roomId) => `${websocketOrigin(deps.origin())}${mediaStreamPath(roomId)}`,
        now: deps.now,
        log: deps.log,
        // A SIP trunk's call lives in the process that placed it: it cannot move.
        ...(deps.takeover && provider.restream
          ? { takeover: { store: deps.takeover, holdAfterStreamS: HOLD_AFTER_STREAM_S } }
          : {}),
      })
    : undefined;
  if (sip && calls) sip.attach(calls);
  // Off (or SIP, which calls nothing back over HTTP): a callback nobody can sign is refused.
  const authToken = account?.authToken ?? randomBytes(32).toString('hex');
  // Without a phone call configuration, the defaults (calls are then off anyway).
  const guard = config?.guard ?? loadPhoneCallGuard({});
  const routeDeps = {
    calls,
    registry: deps.registry,
    authToken,
    origin: deps.origin,
    log: deps.log,
    guard: {
      mayCall: (principal: Principal) => mayPhoneCall(principal, guard.callsFor, deps.credits),
      dialPolicy: guard.dialPolicy,
      perIdentity: deps.limiter('phone-calls-identity', guard.perIdentity),
      perRoom: deps.limiter('phone-calls-room', guard.perRoom),
    },
  };
  registerPhoneCallRoutes(app, routeDeps);
  return {
    calls,
    kind: sip ? 'sip' : config?.twilio ? 'twilio' : standIn ? 'stand-in' : 'off',
    ...(standIn ? { standIn } : {}),
    ...(sip ? { sip } : {}),
    authToken,
    upgrade: phoneMediaUpgrade(routeDeps),
    relayedMedia: phoneMediaSocket(routeDeps),
    close: async () => {
      await calls?.hangUpAll();
      await sip?.close();
      await standIn?.close();
    },
  };
}
