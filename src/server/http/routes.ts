/**
 * The HTTP API: guest users, link tokens, room names, server config (a room's transcripts are
 * transcripts/room-transcripts-route.ts's). Errors use the ApiErrorBody shape so the client
 * finds the message where the spec says.
 */
import type { FastifyInstance } from 'fastify';
import {
  API,
  API_ROUTES,
  apiError,
  apiErrorSchema,
  createGuestBodySchema,
  type FirebaseClientConfig,
  type RoomNameResponse,
  roomNameResponseSchema,
  serverConfigResponseSchema,
  type ServerConfigResponse,
  type TokenResponse,
  tokenResponseSchema,
} from '../../shared/api';
import {
  type GuestUser,
  type GuestUserWithCredential,
  guestUserSchema,
  guestUserWithCredentialSchema,
} from '../../shared/entities';
import type { GuestCredentials } from '../auth';
import { makeAvaId } from '../../shared/ids';
import { literal, object, string } from '../../shared/schema';
import {
  DISPLAY_NAME_MESSAGE,
  checkRoomName,
  normalizeDisplayName,
  normalizeRoomName,
} from '../../shared/validation';
import type { GuestRepository } from '../accounts';
import { type RateLimiter, sendTooManyRequests } from './address-limits';
import type { RoomRepository } from '../rooms';
import { type AnyRoute, registerDescribed, routeIn } from './route';

const guestRoute = routeIn('guests');
const roomRoute = routeIn('rooms');
const metaRoute = routeIn('meta');

export interface RouteDeps {
  guests: GuestRepository;
  credentials: GuestCredentials;
  /** Room-name look-ups per address and per identity (names must not be enumerable). */
  nameLookups: RateLimiter;
  /** Guest creation per client address (anyone may call it, and each call adds a row). */
  guestLimiter: RateLimiter;
  rooms: RoomRepository;
  version: string;
  speech: () => ServerConfigResponse['speech'];
  /** Whether meeting bots and phone calls have a provider here (media-services.ts integrationsOffered). */
  integrations: NonNullable<ServerConfigResponse['integrations']>;
  /**
   * What the web client needs to reach Firebase Authentication (null when accounts are off),
   * for a browser that reached this server at `hostname`.
   */
  firebase(hostname: string): FirebaseClientConfig | null;
  now(): number;
}

/** An id in a path. The access hook has already looked it up: an unknown one never gets here. */
const id = () => string({ min: 1, max: 256 });

/** Guest names until the person picks one: "Guest 4821". */
function guestName(): string {
  return `Guest ${1000 + Math.floor(Math.random() * 9000)}`;
}

export function httpRoutes(deps: RouteDeps): AnyRoute[] {
  return [
    guestRoute('POST', API.createGuest, {
      summary: 'Creates a guest user (someone without an account) and answers its credential, once.',
      body: createGuestBodySchema,
      response: { 201: guestUserWithCredentialSchema, 429: apiErrorSchema },
      handler: async (request, reply) => {
        if (!(await deps.guestLimiter.take(request.ip))) {
          return sendTooManyRequests(reply, deps.guestLimiter.retryAfterSeconds());
        }
        const requested =
          request.body.userName === undefined ? undefined : normalizeDisplayName(request.body.userName);
        if (request.body.userName !== undefined && requested === undefined) {
          return reply.code(400).send(apiError('invalid-user-name', DISPLAY_NAME_MESSAGE));
        }
        const name = requested ?? guestName();
        const user: GuestUser = {
          avaId: makeAvaId(),
          avaName: name,
          userName: name,
          accountType: 'Temporary',
          createdAtMs: deps.now(),
        };
        await deps.guests.create(user);
        // The only time the credential is sent: the client keeps it beside the avaId.
        return reply
          .code(201)
          .send({ ...user, credential: deps.credentials.sign(user.avaId) } satisfies GuestUserWithCredential);
      },
    }),
    guestRoute('GET', API_ROUTES.guest, {
      summary: 'A guest user, to the guest itself (its credential names this avaId).',
      params: object({ avaId: id() }),
      response: { 200: guestUserSchema, 404: apiErrorSchema },
      handler: async (request, reply) => {
        const user = await deps.guests.find(request.params.avaId);
        if (!user) return reply.code(404).send(apiError('guest-not-found', 'No guest user has this id.'));
        return user;
      },
    }),
    roomRoute('GET', API_ROUTES.token, {
      summary: 'The room a link token opens, and whether the link is read-only.',
      params: object({ token: id() }),
      response: { 200: tokenResponseSchema },
      handler: (request) => {
        const access = request.roomAccess!;
        const readonly = access.room.roToken === request.params.token;
        // A read-only member who somehow holds the read-write token is not told it is one: their
        // access stays what their link gave them (the socket decides from the membership too).
        return { roomId: access.room.id, readonly } satisfies TokenResponse;
      },
    }),
    roomRoute('GET', API_ROUTES.roomName, {
      summary: 'The room a short public name (what people type to join) names, and the token to join with.',
      // Any text: the handler names what is wrong with it (room-name-too-short, ...).
      params: object({ name: string() }),
      response: {
        200: roomNameResponseSchema,
        400: apiErrorSchema,
        404: apiErrorSchema,
        429: apiErrorSchema,
      },
      handler: async (request, reply) => {
        const principal = request.principal;
        if (
          !(await deps.nameLookups.take(`address:${request.ip}`)) ||
          !(await deps.nameLookups.take(`identity:${principal.avaId ?? ''}`))
        ) {
          return sendTooManyRequests(reply, deps.nameLookups.retryAfterSeconds());
        }
        const problem = checkRoomName(request.params.name);
        if (problem)
          return reply
            .code(400)
            .send(apiError(`room-name-${problem}`, 'Room names have at least 3 letters, digits or dashes.'));
        const room = await deps.rooms.findByName(normalizeRoomName(request.params.name));
        if (!room || !room.name)
          return reply
            .code(404)
            .send(apiError('room-not-found', 'No conversation has this room name. Check spelling.'));
        // A name joins read-write, except for someone already in the room through a read-only link.
        const membership = principal.avaId
          ? await deps.rooms.membership(room.id, principal.avaId)
          : undefined;
        const readonly = membership?.readonly === true && principal.avaId !== room.hostAvaId;
        return {
          roomId: room.id,
          name: room.name,
          token: readonly ? room.roToken : room.rwToken,
          readonly,
        } satisfies RoomNameResponse;
      },
    }),
    metaRoute('GET', API.config, {
      summary: 'What this server can do: its version, its identity provider, its speech engines.',
      response: { 200: serverConfigResponseSchema },
      handler: (request) =>
        ({
          version: deps.version,
          firebase: deps.firebase(request.hostname),
          speech: deps.speech(),
          integrations: deps.integrations,
        }) satisfies ServerConfigResponse,
    }),
    metaRoute('GET', API.health, {
      summary: 'Liveness: answers while the server runs.',
      response: { 200: object({ ok: literal(true) }) },
      handler: () => ({ ok: true }),
    }),
  ];
}

export function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerDescribed(app, httpRoutes(deps));
}
