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
  type FirebaseClientConfig,
  type RoomNameResponse,
  type TokenResponse,
  type ServerConfigResponse,
} from '../../shared/api';
import type { GuestUser, GuestUserWithCredential } from '../../shared/entities';
import type { GuestCredentials } from '../auth/guest-credentials';
import { makeAvaId } from '../../shared/ids';
import { object, optional, string, formatIssue } from '../../shared/schema';
import { DISPLAY_NAME_MAX_LENGTH } from '../../shared/constants';
import {
  DISPLAY_NAME_MESSAGE,
  checkRoomName,
  isValidDisplayName,
  normalizeRoomName,
} from '../../shared/validation';
import type { GuestRepository } from '../accounts/guests-repository';
import { type RateLimiter, sendTooManyRequests } from './address-limits';
import type { RoomRepository } from '../rooms/repository';
import type { RoomRegistry } from '../rooms/registry';

export interface RouteDeps {
  guests: GuestRepository;
  credentials: GuestCredentials;
  /** Room-name look-ups per address and per identity (names must not be enumerable). */
  nameLookups: RateLimiter;
  /** Guest creation per client address (anyone may call it, and each call adds a row). */
  guestLimiter: RateLimiter;
  rooms: RoomRepository;
  /** No longer read here: a room's transcripts moved to transcripts/ (app.ts still passes it). */
  registry: RoomRegistry;
  version: string;
  speech: () => ServerConfigResponse['speech'];
  /**
   * What the web client needs to reach Firebase Authentication (null when accounts are off),
   * for a browser that reached this server at `hostname`.
   */
  firebase(hostname: string): FirebaseClientConfig | null;
  now(): number;
}

const createGuestBody = object({
  roomId: optional(string({ max: 128 })),
  userName: optional(string({ max: DISPLAY_NAME_MAX_LENGTH * 2 })),
});

/** Guest names until the person picks one: "Guest 4821". */
function guestName(): string {
  return `Guest ${1000 + Math.floor(Math.random() * 9000)}`;
}

export function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.post(API.createGuest, async (request, reply) => {
    if (!(await deps.guestLimiter.take(request.ip))) {
      return sendTooManyRequests(reply, deps.guestLimiter.retryAfterSeconds());
    }
    const parsed = createGuestBody.check(request.body ?? {});
    if (!parsed.ok) return reply.code(400).send(apiError('invalid-body', formatIssue(parsed.issue)));
    const requested = parsed.value.userName?.trim();
    if (requested !== undefined && !isValidDisplayName(requested)) {
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
  });

  // The access table lets only the guest itself through (its credential names this avaId).
  app.get<{ Params: { avaId: string } }>(API_ROUTES.guest, async (request, reply) => {
    const user = await deps.guests.find(request.params.avaId);
    if (!user) return reply.code(404).send(apiError('guest-not-found', 'No guest user has this id.'));
    return user;
  });

  app.get<{ Params: { token: string } }>(API_ROUTES.token, async (request) => {
    const access = request.roomAccess!;
    const readonly = access.room.roToken === request.params.token;
    // A read-only member who somehow holds the read-write token is not told it is one: their
    // access stays what their link gave them (the socket decides from the membership too).
    return { roomId: access.room.id, readonly } satisfies TokenResponse;
  });

  app.get<{ Params: { name: string } }>(API_ROUTES.roomName, async (request, reply) => {
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
    const membership = principal.avaId ? await deps.rooms.membership(room.id, principal.avaId) : undefined;
    const readonly = membership?.readonly === true && principal.avaId !== room.hostAvaId;
    return {
      roomId: room.id,
      name: room.name,
      token: readonly ? room.roToken : room.rwToken,
      readonly,
    } satisfies RoomNameResponse;
  });

  app.get(
    API.config,
    async (request) =>
      ({
        version: deps.version,
        firebase: deps.firebase(request.hostname),
        speech: deps.speech(),
      }) satisfies ServerConfigResponse,
  );
  app.get(API.health, async () => ({ ok: true }));
}
