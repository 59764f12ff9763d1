/**
 * The phone call routes: the spec's `POST /api/v1/calls` and `DELETE /api/v1/calls/{sid}` (the
 * host's only: auth/access.ts), the provider's status callback (open to outsiders in the access
 * table: Twilio's X-Twilio-Signature over the URL and the form is its proof), and the websocket
 * the provider streams a call's audio on (its handshake signed the same way, and the call's
 * token in the stream's start message).
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { apiError, apiErrorSchema } from '../../shared/api';
import { checkedByHandler } from '../../shared/handler-checked';
import {
  PHONE_CALL_ROUTES,
  PHONE_CALL_TEXTS,
  type StartPhoneCallResponse,
  checkStartPhoneCallRequest,
  inPhoneCall,
  startPhoneCallBodySchema,
  startPhoneCallResponseSchema,
} from '../../shared/phone-calls';
import { type DialPolicy, checkDialledNumber } from '../../shared/phone-calls-ranges';
import { object, optional, string } from '../../shared/schema';
import type { RoomRegistry } from '../rooms';
import { decodeForm, parseMediaStreamMessage, parseStatusCallback } from './twilio-api';
import { verifyTwilioSignature } from './twilio-signature';
import type { PhoneCalls } from './room-calls';
import type { ConnectionSocket } from '../socket';
import { acceptUpgrade, refuseUpgrade } from '../safety';
import { type AnyRoute, type RateLimiter, registerDescribed, routeIn } from '../http';
import type { Principal } from '../auth';
import { callLogFields } from './call-log';

const route = routeIn('phone-calls');

/** A status callback is small; anything larger is not one. */
const CALLBACK_BODY_LIMIT = 16 * 1024;
/** One media stream message: a 20 ms frame is about 400 bytes of JSON. */
const MEDIA_MESSAGE_LIMIT = 64 * 1024;
/** A stream that has not said which call it is by then is closed. */
const START_TIMEOUT_MS = 10_000;

export interface PhoneCallRouteDeps {
  /** Absent: phone calls are off on this server (no Twilio account, no stand-in asked for). */
  calls: PhoneCalls | undefined;
  registry: RoomRegistry;
  /** The auth token the provider signs with. */
  authToken: string;
  /** The server's origin as the provider reaches it: signatures are over the URL it was given. */
  origin(): string;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /** What a call must pass before it is placed (toll fraud, issue 29: config.ts PhoneCallGuard). */
  guard: PhoneCallGate;
}

export interface PhoneCallGate {
  /** Whether this person may make the server pay for a call (auth/entitlements.ts mayPhoneCall). */
  mayCall(principal: Principal): Promise<boolean>;
  dialPolicy: DialPolicy;
  /** Calls placed, keyed `identity:<avaId>`. */
  perIdentity: RateLimiter;
  /** Calls placed, keyed `room:<roomId>`. */
  perRoom: RateLimiter;
}

/** A call of the room, by its provider's sid. */
const callParamsSchema = object({ sid: string() });

/**
 * The status callback's query, as this server wrote it in the callback URL
 * (participantAddress): `token` names the call, `room` its room (for a cluster's forwarding).
 */
const statusCallbackQuerySchema = object({ token: optional(string()), room: optional(string()) });

export function phoneCallRoutes(deps: PhoneCallRouteDeps): AnyRoute[] {
  return [
    route('POST', PHONE_CALL_ROUTES.calls, {
      summary: "Dials a phone conference and captions it in the body's room (its host only).",
      // Every body reaches checkStartPhoneCallRequest: its refusals are the panel's own texts.
      body: checkedByHandler(startPhoneCallBodySchema),
      response: {
        201: startPhoneCallResponseSchema,
        403: apiErrorSchema,
        409: apiErrorSchema,
        429: apiErrorSchema,
        502: apiErrorSchema,
      },
      handler: async (request, reply) => {
        const roomId = request.roomAccess!.room.id;
        const asked = {
          who: request.principal.avaId,
          roomId,
          number: (request.body as { calleeInternationalNumber?: unknown } | undefined)
            ?.calleeInternationalNumber,
        };
        // Every refusal is logged with who asked and the number masked, as every placed call is.
        const refuse = (status: number, code: string, message: string, range?: string) => {
          deps.log('warn', 'a phone call was refused', callLogFields({ ...asked, result: code, range }));
          return reply.code(status).send(apiError(code, message));
        };
        const checked = checkStartPhoneCallRequest(request.body);
        if (!checked.ok) return refuse(400, 'invalid-phone-call', checked.message);
        if (!deps.calls) return refuse(503, 'phone-calls-unavailable', PHONE_CALL_TEXTS.unavailable);
        if (!(await deps.guard.mayCall(request.principal)))
          return refuse(403, 'phone-calls-not-entitled', PHONE_CALL_TEXTS.notEntitled);
        const dialled = checkDialledNumber(checked.value.calleeInternationalNumber, deps.guard.dialPolicy);
        if (!dialled.ok)
          return refuse(
            403,
            dialled.key === 'countryNotAllowed' ? 'phone-country-not-allowed' : 'phone-number-denied',
            dialled.message,
            dialled.range,
          );
        // A second press while a call is on spends none of the allowance (start() checks again).
        if (inPhoneCall(deps.calls.callsOf(roomId)))
          return refuse(409, 'phone-call-in-progress', PHONE_CALL_TEXTS.alreadyInCall);
        for (const [limiter, key] of [
          [deps.guard.perRoom, `room:${roomId}`],
          [deps.guard.perIdentity, `identity:${asked.who ?? ''}`],
        ] as const) {
          if (!(await limiter.take(key))) {
            void reply.header('Retry-After', String(limiter.retryAfterSeconds()));
            return refuse(429, 'phone-calls-rate-limited', PHONE_CALL_TEXTS.tooManyCalls);
          }
        }
        const room = deps.registry.liveRoom(roomId) ?? (await deps.registry.find(roomId));
        if (!room) return refuse(404, 'room-not-found', PHONE_CALL_TEXTS.notFound);
        const result = await deps.calls.start(room, checked.value);
        if (!result.ok) return refuse(result.status, result.code, result.message);
        deps.log(
          'info',
          'a phone call was placed',
          callLogFields({ ...asked, result: 'placed', sid: result.sid }),
        );
        return reply
          .code(201)
          .send({ sid: result.sid, status: result.call.status } satisfies StartPhoneCallResponse);
      },
    }),
    route('DELETE', PHONE_CALL_ROUTES.call, {
      summary: 'Hangs up a phone call of the room (its host only).',
      params: callParamsSchema,
      response: { 200: startPhoneCallResponseSchema },
      handler: async (request, reply) => {
        const call = await deps.calls?.hangUp(request.roomAccess!.room.id, request.params.sid);
        if (!call) return reply.code(404).send(apiError('call-not-found', PHONE_CALL_TEXTS.notFound));
        return reply.code(200).send({ sid: call.sid, status: call.status } satisfies StartPhoneCallResponse);
      },
    }),
  ];
}

/**
 * The provider's status callback. No body schema: the body stays the form's text as sent, since
 * the signature is over its fields; it is decoded for the check and read after it.
 */
export function statusCallbackRoute(deps: PhoneCallRouteDeps): AnyRoute {
  return route('POST', PHONE_CALL_ROUTES.statusCallback, {
    summary: "Called by Twilio: a call's status changed (signed with X-Twilio-Signature). Answers 204.",
    query: statusCallbackQuerySchema,
    response: { 403: apiErrorSchema, 404: apiErrorSchema },
    handler: async (request, reply) => {
      const form = decodeForm(typeof request.body === 'string' ? request.body : '');
      const url = `${deps.origin()}${request.url}`;
      if (!verifyTwilioSignature(deps.authToken, url, form, request.headers['x-twilio-signature'])) {
        deps.log('warn', 'a phone call status callback was refused: its signature does not match');
        return reply.code(403).send(apiError('unauthorized', 'X-Twilio-Signature does not match'));
      }
      const callback = parseStatusCallback(form);
      if (
        !callback ||
        !deps.calls?.providerStatus(request.query.token ?? '', callback.callSid, callback.status)
      )
        return reply.code(404).send(apiError('call-not-found', PHONE_CALL_TEXTS.notFound));
      return reply.code(204).send();
    },
  });
}

export function registerPhoneCallRoutes(app: FastifyInstance, deps: PhoneCallRouteDeps): void {
  registerDescribed(app, phoneCallRoutes(deps));
  void app.register(async (scope) => {
    // The signature is over the form's fields as sent: the body is kept as text, parsed after.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    registerDescribed(scope, [statusCallbackRoute(deps)]);
  });
}

/** What a media stream needs of its socket: a `ws` one here, or one relayed from another node. */
export type MediaSocket = Pick<ConnectionSocket, 'on' | 'close'>;

/**
 * Whether `path` is the media stream's: the plain path, or with the call's room after it (the
 * stream URL a call is given, so that a cluster's node can relay it to the room's owner:
 * cluster/forwarding.ts; Twilio allows no query string on a stream URL).
 */
export function isMediaPath(path: string): boolean {
  return path === PHONE_CALL_ROUTES.media || /^\/api\/v1\/calls\/media\/[^/]+$/.test(path);
}

/** The media stream URL of a call in `roomId`. */
export function mediaStreamPath(roomId: string): string {
  return `${PHONE_CALL_ROUTES.media}/${encodeURIComponent(roomId)}`;
}

/**
 * The owner's check of a media stream's handshake and then its service: the provider's
 * signature over the URL it was given (as this server builds it), then the call's token in the
 * stream's start message. False: refused before anything was attached.
 */
export function phoneMediaSocket(
  deps: PhoneCallRouteDeps,
): (ws: MediaSocket, handshake: { url: string; signature?: string | string[] }) => boolean {
  return (ws, handshake) => {
    const signedUrl = `${deps.origin().replace(/^http/, 'ws')}${handshake.url}`;
    const calls = deps.calls;
    if (!calls || !verifyTwilioSignature(deps.authToken, signedUrl, undefined, handshake.signature))
      return false;
    serveMediaStream(ws, calls);
    return true;
  };
}

function serveMediaStream(ws: MediaSocket, calls: PhoneCalls): void {
  let token: string | undefined;
  const unstarted = setTimeout(() => ws.close(1008, 'no start message'), START_TIMEOUT_MS);
  ws.on('close', () => {
    clearTimeout(unstarted);
    if (token) calls.mediaStopped(token);
  });
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const message = parseMediaStreamMessage(data.toString());
    if (!message) return;
    if (message.event === 'start') {
      const given = message.customParameters.token ?? '';
      if (
        token ||
        message.encoding !== 'audio/x-mulaw' ||
        message.sampleRate !== 8000 ||
        !calls.mediaStarted(given, message.callSid, message.streamSid)
      ) {
        ws.close(1008, 'not a call of ours');
        return;
      }
      token = given;
      clearTimeout(unstarted);
    } else if (message.event === 'media' && token) {
      if (message.track === 'inbound') calls.media(token, message.streamSid, message.payload);
    } else if (message.event === 'stop' && token) {
      calls.mediaStopped(token);
    }
  });
}

/** Handles an upgrade on the media stream path; false when the path is not this one. */
export function phoneMediaUpgrade(
  deps: PhoneCallRouteDeps,
): (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MEDIA_MESSAGE_LIMIT });
  const accept = phoneMediaSocket(deps);
  return (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!isMediaPath(url.pathname)) return false;
    const signedUrl = `${deps.origin().replace(/^http/, 'ws')}${request.url ?? ''}`;
    if (
      !deps.calls ||
      !verifyTwilioSignature(deps.authToken, signedUrl, undefined, request.headers['x-twilio-signature'])
    ) {
      refuseUpgrade(socket, 401);
      return true;
    }
    acceptUpgrade(wss, request, socket, head, (ws) =>
      accept(ws, {
        url: request.url ?? '',
        ...(request.headers['x-twilio-signature'] !== undefined
          ? { signature: request.headers['x-twilio-signature'] }
          : {}),
      }),
    );
    return true;
  };
}
