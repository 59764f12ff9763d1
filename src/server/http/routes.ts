/**
 * The HTTP API: guest users, link tokens, room names, a room's transcripts, server config.
 * Errors use the ApiErrorBody shape so the client finds the message where the spec says.
 */
import type { FastifyInstance } from 'fastify';
import {
  API,
  apiError,
  type FirebaseClientConfig,
  type RoomTranscriptsResponse,
  type ServerConfigResponse,
} from '../../shared/api';
import type { GuestUser } from '../../shared/entities';
import { randomId } from '../../shared/ids';
import { object, optional, string, formatIssue } from '../../shared/schema';
import { DISPLAY_NAME_MAX_LENGTH } from '../../shared/constants';
import { checkRoomName, isValidDisplayName, normalizeRoomName } from '../../shared/validation';
import type { GuestRepository } from '../db/guests';
import { type AddressLimiter, sendTooManyRequests } from './address-limits';
import type { RoomRepository } from '../db/rooms';
import type { RoomRegistry } from '../rooms/registry';

export interface RouteDeps {
  guests: GuestRepository;
  /** Guest creation per client address (anyone may call it, and each call adds a row). */
  guestLimiter: AddressLimiter;
  rooms: RoomRepository;
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
    if (!deps.guestLimiter.take(request.ip)) {
      return sendTooManyRequests(reply, deps.guestLimiter.retryAfterSeconds());
    }
    const parsed = createGuestBody.check(request.body ?? {});
    if (!parsed.ok) return reply.code(400).send(apiError('invalid-body', formatIssue(parsed.issue)));
    const requested = parsed.value.userName?.trim();
    if (requested !== undefined && !isValidDisplayName(requested)) {
      return reply.code(400).send(apiError('invalid-user-name', 'A name must have 2 to 49 characters.'));
    }
    const name = requested ?? guestName();
    const user: GuestUser = {
      avaId: randomId(20),
      avaName: name,
      userName: name,
      accountType: 'Temporary',
      createdAtMs: deps.now(),
    };
    await deps.guests.create(user);
    return reply.code(201).send(user);
  });

  app.get<{ Params: { avaId: string } }>('/api/v1/guest-users/:avaId', async (request, reply) => {
    const user = await deps.guests.find(request.params.avaId);
    if (!user) return reply.code(404).send(apiError('guest-not-found', 'No guest user has this id.'));
    return user;
  });

  app.get<{ Params: { token: string } }>('/api/v1/tokens/:token', async (request, reply) => {
    const found = await deps.rooms.findByToken(request.params.token);
    if (!found)
      return reply.code(404).send(apiError('token-not-found', 'This link is not valid (or no longer).'));
    return { roomId: found.room.id, readonly: found.readonly };
  });

  app.get<{ Params: { name: string } }>('/api/v1/room-names/:name', async (request, reply) => {
    const problem = checkRoomName(request.params.name);
    if (problem)
      return reply
        .code(400)
        .send(apiError(`room-name-${problem}`, 'Room names have at least 3 letters, digits or dashes.'));
    const room = await deps.rooms.findByName(normalizeRoomName(request.params.name));
    if (!room)
      return reply
        .code(404)
        .send(apiError('room-not-found', 'No conversation has this room name. Check spelling.'));
    return { roomId: room.id, name: room.name };
  });

  app.get<{ Params: { roomId: string }; Querystring: { avaId?: string } }>(
    '/api/v1/rooms/:roomId/transcripts',
    async (request, reply) => {
      const { roomId } = request.params;
      const avaId = request.query.avaId ?? '';
      // Only people who were in the conversation may read it back; others learn nothing.
      const allowed = avaId !== '' && (await deps.rooms.isMember(roomId, avaId));
      const room = allowed ? await deps.registry.find(roomId) : undefined;
      if (!room) return reply.code(404).send(apiError('room-not-found', 'No transcript found'));
      return { status: room.status(), transcripts: room.transcripts() } satisfies RoomTranscriptsResponse;
    },
  );

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
