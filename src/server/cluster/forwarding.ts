/**
 * Work that acts on a live room but does not arrive on a client's socket, routed to the room's
 * owner (docs/deploy.md, "Work the server starts itself"). The design, the smallest that keeps
 * one node per room:
 *
 * - An HTTP request that acts on (or reads) a live room — a host's phone call, a provider's
 *   status callback or webhook, a live transcript's export, a Scribe accepting or ending a
 *   request or writing to its requester (the room's request lives on its owner,
 *   scribes/desk.ts) — is forwarded, whole, through NATS
 *   (`hearken.cluster.http.<node>`) to the room's owner, which runs it through its own Fastify
 *   (`inject`): the same access hook (auth/access.ts) decides again there, on the original
 *   credential, address and body, and the provider's signature is verified there. The front
 *   forwards only what its own access check let through, so a refused request never crosses.
 * - A provider's media socket (Twilio's media stream, the meeting bot's real-time audio) names
 *   its room in its URL and is relayed to the owner like a client's socket (front.ts), after
 *   the owner checked its handshake (signature, or the bot's token).
 *
 * So the call, the bot and their captions live on the owner: its leases fence their finals,
 * and readers anywhere see them. Nodes still reach each other only through NATS: no internal
 * address to advertise, nothing new to expose.
 *
 * A forwarded request carries a marker header whose value is a secret of the owner's process
 * (set by `inject`, in memory, never on the wire); the owner never forwards a marked request
 * again (no ping-pong while a room moves). A marker from outside does not match and is dropped.
 * Nothing else is believed from a forwarded request: the client's address is computed from the
 * original peer address and X-Forwarded-For by the same trust-proxy rule as on the front.
 */
import { timingSafeEqual } from 'node:crypto';
import { MEETING_BOT_ROUTES } from '../../shared/api';
import { PHONE_CALL_ROUTES } from '../../shared/phone-calls';
import { SCRIBE_ROUTES } from '../../shared/scribe/api';

export const httpSubject = (node: string) => `hearken.cluster.http.${node}`;

/** Set on a request forwarded from another node (value: this process's secret). */
export const FORWARDED_HEADER = 'x-hearken-forwarded';

export interface ForwardedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  /** base64 */
  body: string;
  /** The peer address the front saw (a proxy's, when behind one). */
  remoteAddress: string;
}

export interface ForwardedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  /** base64 */
  body: string;
}

/** Hop-by-hop and framing headers: each side's own, never carried across. */
const NOT_CARRIED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
  FORWARDED_HEADER,
]);

/** The headers carried to the owner (or back): without hop-by-hop ones, nor any marker. */
export function carriedHeaders(
  headers: Record<string, string | string[] | number | undefined>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || NOT_CARRIED.has(lower)) continue;
    out[lower] = typeof value === 'number' ? String(value) : value;
  }
  return out;
}

/** Whether a request's marker is this process's secret (only `inject` on this node sets it). */
export function isForwarded(value: string | string[] | undefined, secret: string): boolean {
  if (typeof value !== 'string') return false;
  const given = Buffer.from(value);
  const own = Buffer.from(secret);
  return given.length === own.length && timingSafeEqual(given, own);
}

export function parseForwardedRequest(data: Buffer): ForwardedRequest | undefined {
  try {
    const value = JSON.parse(data.toString('utf8')) as Partial<ForwardedRequest>;
    if (typeof value.method !== 'string' || !/^[A-Z]{3,7}$/.test(value.method)) return undefined;
    if (typeof value.url !== 'string' || !value.url.startsWith('/')) return undefined;
    if (typeof value.body !== 'string' || typeof value.remoteAddress !== 'string') return undefined;
    if (typeof value.headers !== 'object' || value.headers === null) return undefined;
    return {
      method: value.method,
      url: value.url,
      headers: carriedHeaders(value.headers),
      body: value.body,
      remoteAddress: value.remoteAddress,
    };
  } catch {
    return undefined;
  }
}

export function parseForwardedResponse(data: Buffer): ForwardedResponse | undefined {
  try {
    const value = JSON.parse(data.toString('utf8')) as Partial<ForwardedResponse>;
    if (typeof value.status !== 'number' || !Number.isInteger(value.status)) return undefined;
    if (value.status < 100 || value.status > 599 || typeof value.body !== 'string') return undefined;
    if (typeof value.headers !== 'object' || value.headers === null) return undefined;
    return { status: value.status, headers: carriedHeaders(value.headers), body: value.body };
  } catch {
    return undefined;
  }
}

/**
 * How each forwarded route finds its room, and whether the node it reached may take the room
 * when nobody owns it. `take`: the request starts something that writes finals (a phone call),
 * which must run under a lease. Without it (a read, a provider's callback), a room nobody owns
 * is answered here from what is stored (a callback for a call no node has is refused as before).
 */
export interface ForwardRule {
  take: boolean;
  room(request: ForwardedRoute, find: RoomLookups): string | undefined | Promise<string | undefined>;
}

/** What a rule reads its room from. */
export interface ForwardedRoute {
  /** The room the access check found (a room's route). */
  roomId?: string;
  params: unknown;
  query: unknown;
  body: unknown;
  /** Who is calling (the access check's principal), if they have an avaId. */
  callerAvaId?: string;
}

/** The rooms a route names only by something stored (a Scribe request), looked up on the front. */
export interface RoomLookups {
  /** The room of an open Scribe request. */
  scribeRequestRoom(requestId: string): Promise<string | undefined>;
  /** The room of the request a Scribe's beginChat to `requesterAvaId` is about. */
  scribeChatRoom(scribeAvaId: string, requesterAvaId: string): Promise<string | undefined>;
}

const fromAccess = (r: { roomId?: string }) => r.roomId;

const stringField = (value: unknown, name: string): string | undefined => {
  const field = (value as Record<string, unknown> | undefined)?.[name];
  return typeof field === 'string' && field.length > 0 ? field : undefined;
};

const scribeRequestRoom = (r: ForwardedRoute, find: RoomLookups) => {
  const requestId = stringField(r.params, 'requestId');
  return requestId === undefined ? undefined : find.scribeRequestRoom(requestId);
};

/** The webhook's room: Recall returns the metadata a bot was created with in every event. */
export function roomOfBotWebhook(body: unknown): string | undefined {
  if (typeof body !== 'string' || !body.includes('roomId')) return undefined;
  try {
    const roomId = (JSON.parse(body) as { data?: { bot?: { metadata?: { roomId?: unknown } } } }).data?.bot
      ?.metadata?.roomId;
    return typeof roomId === 'string' && roomId.length > 0 ? roomId : undefined;
  } catch {
    return undefined;
  }
}

export const FORWARD_RULES: Record<string, ForwardRule> = {
  [`POST ${PHONE_CALL_ROUTES.calls}`]: { take: true, room: fromAccess },
  [`DELETE ${PHONE_CALL_ROUTES.call}`]: { take: false, room: fromAccess },
  [`POST ${PHONE_CALL_ROUTES.statusCallback}`]: {
    take: false,
    room: (r) => {
      const room = (r.query as { room?: unknown } | undefined)?.room;
      return typeof room === 'string' && room.length > 0 ? room : undefined;
    },
  },
  [`POST ${MEETING_BOT_ROUTES.webhook}`]: { take: false, room: (r) => roomOfBotWebhook(r.body) },
  'GET /api/v1/rooms/:roomId/transcripts': { take: false, room: fromAccess },
  'GET /api/v1/rooms/:roomId/transcripts/export': { take: false, room: fromAccess },
  // Accepting takes a room nobody owns (as a join does), so two Scribes accepting at once on two
  // nodes are put in order by one owner; ending or writing changes only what is stored.
  [`POST ${SCRIBE_ROUTES.accept}`]: { take: true, room: scribeRequestRoom },
  [`POST ${SCRIBE_ROUTES.end}`]: { take: false, room: scribeRequestRoom },
  [`POST ${SCRIBE_ROUTES.beginChat}`]: {
    take: false,
    room: (r, find) => {
      const requester = stringField(r.body, 'avaId');
      return requester === undefined || r.callerAvaId === undefined
        ? undefined
        : find.scribeChatRoom(r.callerAvaId, requester);
    },
  },
};

/** A provider's media socket: which one, and its room (from its URL). */
export type ProviderSocketKind = 'phone-media' | 'meeting-audio';

export function providerSocketRoute(
  url: string | undefined,
): { kind: ProviderSocketKind; roomId: string } | undefined {
  const parsed = new URL(url ?? '/', 'http://localhost');
  const mediaPrefix = `${PHONE_CALL_ROUTES.media}/`;
  if (parsed.pathname.startsWith(mediaPrefix)) {
    const rest = parsed.pathname.slice(mediaPrefix.length);
    if (rest.length === 0 || rest.includes('/')) return undefined;
    try {
      return { kind: 'phone-media', roomId: decodeURIComponent(rest) };
    } catch {
      return undefined;
    }
  }
  if (parsed.pathname === MEETING_BOT_ROUTES.audio) {
    const roomId = parsed.searchParams.get('room');
    return roomId ? { kind: 'meeting-audio', roomId } : undefined;
  }
  return undefined;
}

/** Where a request goes: served here, forwarded to `node`. */
export type RouteDecision = { serve: 'here' } | { serve: 'forward'; node: string };

/**
 * `holder`: the room's owner after this node tried to take it (when the rule takes) or looked
 * it up. A request already forwarded once is served here whatever the lease says now.
 */
export function routeDecision(holder: string | undefined, self: string, forwarded: boolean): RouteDecision {
  if (forwarded || holder === undefined || holder === self) return { serve: 'here' };
  return { serve: 'forward', node: holder };
}
