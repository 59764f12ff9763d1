/**
 * Enforces the authorisation table (auth/access.ts) for every HTTP route, before any handler
 * runs: a route registered without a row stops the server from starting, and a request the row
 * does not allow is answered here. Handlers read who is calling from `request.principal` (and,
 * on a room's routes, the room and the caller's actor from `request.roomAccess`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../../shared/api';
import { NO_TOKEN_MESSAGE } from '../../shared/auth';
import { formatIssue } from '../../shared/schema';
import {
  type AccessRow,
  type Actor,
  HTTP_ACCESS,
  allows,
  organizationActor,
  roomActor,
  OUTSIDER,
  type Principal,
  type PrincipalResolver,
  type Refusal,
  mayBeScribe,
} from '../auth';
import type { MemberRecord, RoomRecord } from '../rooms';
import { SCRIBE_ROUTES } from '../../shared/scribe/api';
import { PHONE_CALL_TEXTS } from '../../shared/phone-calls';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set once when the route is registered: one of the web client's files (`GET /*`). */
    webClientFile?: boolean;
  }
  interface FastifyRequest {
    principal: Principal;
    roomAccess: RoomAccess | undefined;
    /** On an organisation's routes: the organisation and the caller's actor in it. */
    organizationAccess: OrganizationAccess | undefined;
  }
}

export interface OrganizationAccess {
  organizationId: string;
  actor: Actor;
}

export interface RoomAccess {
  room: RoomRecord;
  actor: Actor;
  membership: MemberRecord | undefined;
}

export interface AccessDeps {
  resolver: PrincipalResolver;
  /**
   * Whether a GET route is one of the built web client's files (the static plugin registers a
   * route per file): those are the table's `GET /*` row.
   */
  isWebClientFile(url: string): boolean;
  rooms: {
    find(id: string): Promise<RoomRecord | undefined>;
    findByToken(token: string): Promise<{ room: RoomRecord; readonly: boolean } | undefined>;
    membership(roomId: string, avaId: string): Promise<MemberRecord | undefined>;
  };
  /**
   * What a person is to a live room's Scribe desk (scribes/desk.ts standingOf): a stored Scribe
   * membership counts on an ongoing room's routes only while the desk says they serve it, as on
   * the socket (absent: no desk, no Scribe membership counts).
   */
  scribeStanding?(roomId: string, avaId: string): Promise<'removed' | 'serving' | 'none'>;
  /** The room a phone call is in, by its sid (absent: phone calls are off, no call is anyone's). */
  phoneCallRoom?(sid: string): string | undefined | Promise<string | undefined>;
  /** Organisations and licences, for the organisation rows (absent: those rows refuse everyone). */
  organizations?: {
    find(id: string): Promise<{ id: string; admin?: string } | undefined>;
    organizationOfLicence(licenceId: string): Promise<string | undefined>;
  };
}

type Params = Record<string, string | undefined>;

/** The record an `own` cell refers to, per route. */
const OWNER: Partial<Record<string, (request: FastifyRequest) => string | undefined>> = {
  'GET /api/v1/guest-users/:avaId': (r) => (r.params as Params).avaId,
  'PATCH /api/v1.1/users/:avaId': (r) => (r.params as Params).avaId,
  'GET /api/v1.1/user-credits/:avaId': (r) => (r.params as Params).avaId,
  'GET /api/v1/saved-transcripts': (r) => {
    const avaId = (r.query as Params | undefined)?.avaId;
    return typeof avaId === 'string' ? avaId : undefined;
  },
  'POST /updateSettings': (r) => {
    const data = (r.body as { data?: { avaId?: unknown } } | undefined)?.data;
    return typeof data?.avaId === 'string' ? data.avaId : undefined;
  },
};

/** The room a room-scoped route is about, per route. */
function roomResolvers(
  deps: AccessDeps,
): Record<string, (r: FastifyRequest) => Promise<RoomRecord | undefined>> {
  return {
    'GET /api/v1/tokens/:token': async (r) =>
      (await deps.rooms.findByToken((r.params as Params).token ?? ''))?.room,
    'GET /api/v1/rooms/:roomId/transcripts': (r) => deps.rooms.find((r.params as Params).roomId ?? ''),
    'GET /api/v1/rooms/:roomId/transcripts/export': (r) => deps.rooms.find((r.params as Params).roomId ?? ''),
    'POST /api/v1/rooms/:roomId/saved-transcript': (r) => deps.rooms.find((r.params as Params).roomId ?? ''),
    'POST /api/v1/rooms/:roomId/rating': (r) => deps.rooms.find((r.params as Params).roomId ?? ''),
    // The room is the body's (the spec's field): parsed before this runs.
    'POST /api/v1/calls': async (r) => {
      const roomId = (r.body as { roomId?: unknown } | undefined)?.roomId;
      return typeof roomId === 'string' && roomId.length > 0 ? deps.rooms.find(roomId) : undefined;
    },
    'DELETE /api/v1/calls/:sid': async (r) => {
      const roomId = await deps.phoneCallRoom?.((r.params as Params).sid ?? '');
      return roomId ? deps.rooms.find(roomId) : undefined;
    },
    'GET /api/v1/rooms/:roomId/rating': (r) => deps.rooms.find((r.params as Params).roomId ?? ''),
    ...Object.fromEntries(
      [
        'POST /api/v1/rooms/:roomId/generateSmartRecap',
        'GET /api/v1/rooms/:roomId/caption-quality',
        'GET /api/v1/rooms/:roomId/share-link',
        'POST /api/v1/rooms/:roomId/share-link',
        'DELETE /api/v1/rooms/:roomId/share-link',
        `GET ${SCRIBE_ROUTES.trainingScore}`,
      ].map((key) => [key, (r: FastifyRequest) => deps.rooms.find((r.params as Params).roomId ?? '')]),
    ),
  };
}

/**
 * The organisation an organisation route is about, per route: the licence's for a licence's
 * routes, else the caller's own.
 */
function organizationResolvers(
  deps: AccessDeps,
): Record<string, (r: FastifyRequest) => Promise<string | undefined>> {
  const own = async (r: FastifyRequest) =>
    r.principal.kind === 'account' ? r.principal.profile?.organizationId : undefined;
  const ofLicence = async (r: FastifyRequest) =>
    deps.organizations?.organizationOfLicence((r.params as Params).id ?? '');
  return {
    'POST /api/v1/subscription/activate-organization-trial': own,
    'GET /api/v1/licences': own,
    'POST /api/v1/licences': own,
    'POST /api/v1/licences/magicLink': own,
    'POST /api/v1/billing-portal': own,
    'GET /api/v1/workspace/reporting': own,
    'GET /api/v1/workspace/reports': own,
    'GET /api/v1/workspace/members': own,
    'POST /api/v1/workspace/members': own,
    'PATCH /api/v1/workspace/members/:member': own,
    'DELETE /api/v1/workspace/members/:member': own,
    'POST /api/v1/workspace/members/:member/scribe-time': own,
    'POST /api/v1/workspace/joins-seen': own,
    'GET /api/v1/workspace/organization': own,
    'PATCH /api/v1/workspace/organization': own,
    'GET /api/v1/workspace/billing': own,
    'GET /api/v1/workspace/settings': own,
    'PATCH /api/v1/workspace/settings': own,
    'PATCH /api/v1/licences/:id': ofLicence,
    'DELETE /api/v1/licences/:id': ofLicence,
  };
}

const REFUSALS: Record<Refusal, { status: number; message: string }> = {
  'invalid-token': { status: 401, message: 'This sign-in is not valid. Please log in again.' },
  'claims-mismatch': { status: 401, message: 'This sign-in is not valid. Please log in again.' },
  'expired-token': { status: 401, message: 'Your sign-in has expired. Please log in again.' },
  'revoked-token': { status: 401, message: 'Your sign-in was revoked. Please log in again.' },
  'unknown-user': { status: 401, message: 'This account does not exist. Please sign up or log in again.' },
  'disabled-user': { status: 403, message: 'This account is disabled.' },
  'unverified-email': { status: 403, message: 'Please verify your email address first.' },
  'anonymous-user': { status: 403, message: 'Please sign in with an account.' },
  unavailable: { status: 503, message: 'The sign-in service cannot be reached. Please try again.' },
  'invalid-credential': {
    status: 401,
    message: 'This guest credential is not valid: start again as a new guest.',
  },
  'accounts-unavailable': { status: 503, message: 'Accounts are not configured on this server.' },
};

/** What someone who may not see a room is told: the same as if it did not exist. */
const NOT_FOUND: Record<string, { code: string; message: string }> = {
  'GET /api/v1/tokens/:token': { code: 'token-not-found', message: 'This link is not valid (or no longer).' },
  'GET /api/v1/rooms/:roomId/transcripts': { code: 'room-not-found', message: 'No transcript found' },
  'GET /api/v1/rooms/:roomId/transcripts/export': { code: 'room-not-found', message: 'No transcript found' },
  'POST /api/v1/rooms/:roomId/saved-transcript': { code: 'room-not-found', message: 'No transcript found' },
  'POST /api/v1/rooms/:roomId/rating': { code: 'room-not-found', message: 'No transcript found' },
  'GET /api/v1/rooms/:roomId/rating': { code: 'room-not-found', message: 'No transcript found' },
  'POST /api/v1/rooms/:roomId/generateSmartRecap': { code: 'room-not-found', message: 'No transcript found' },
  'GET /api/v1/rooms/:roomId/caption-quality': { code: 'room-not-found', message: 'No transcript found' },
  'GET /api/v1/rooms/:roomId/share-link': { code: 'room-not-found', message: 'No transcript found' },
  'POST /api/v1/rooms/:roomId/share-link': { code: 'room-not-found', message: 'No transcript found' },
  'DELETE /api/v1/rooms/:roomId/share-link': { code: 'room-not-found', message: 'No transcript found' },
  [`GET ${SCRIBE_ROUTES.trainingScore}`]: { code: 'room-not-found', message: 'No practice room found' },
  'POST /api/v1/calls': { code: 'room-not-found', message: 'No conversation found' },
  'DELETE /api/v1/calls/:sid': { code: 'call-not-found', message: PHONE_CALL_TEXTS.notFound },
};

/**
 * The actor a principal is on a row about no room: an account with the scribe flag is the
 * scribe column where the row has one (the Scribe dashboard's routes), else what it proved.
 */
function principalActor(principal: Principal, row: AccessRow): Actor {
  if (principal.kind === 'account' && row.cells.scribe !== 'n/a' && mayBeScribe(principal)) return 'scribe';
  return principal.kind;
}

async function notFound(reply: FastifyReply, key: string, ended: boolean): Promise<void> {
  const body = ended
    ? apiError('room-ended', 'This conversation has ended: only the people who were in it can open it.')
    : apiError(NOT_FOUND[key]?.code ?? 'not-found', NOT_FOUND[key]?.message ?? 'Not found');
  await reply.code(404).send(body);
}

export function routeKey(method: string, url: string, webClientFile = false): string {
  const verb = method === 'HEAD' ? 'GET' : method;
  if (verb === 'GET' && webClientFile) return 'GET /*';
  return `${verb} ${url}`;
}

function rowOf(key: string): AccessRow | undefined {
  return Object.hasOwn(HTTP_ACCESS, key) ? (HTTP_ACCESS as Record<string, AccessRow>)[key] : undefined;
}

/** Why `principal` may not: the answer an outsider, a guest or a stranger gets. */
async function refuse(
  reply: FastifyReply,
  principal: Principal,
  row: AccessRow,
  accountsEnabled: boolean,
): Promise<void> {
  if (principal.kind === 'outsider') {
    const accountOnly =
      row.cells.guest === 'no' &&
      (row.cells.account !== 'no' || row.cells['org-admin'] === 'yes' || row.cells['org-member'] === 'yes');
    if (principal.refusal) {
      const refusal = REFUSALS[principal.refusal];
      await reply.code(refusal.status).send(apiError(principal.refusal, refusal.message));
    } else if (accountOnly && !accountsEnabled) {
      await reply.code(503).send(apiError('accounts-unavailable', REFUSALS['accounts-unavailable'].message));
    } else {
      await reply.code(401).send(apiError('no-token', NO_TOKEN_MESSAGE));
    }
    return;
  }
  if (principal.kind === 'account' && row.scope === 'none' && row.cells.scribe === 'yes') {
    await reply.code(403).send(apiError('scribe-required', 'Only Scribes can do this.'));
    return;
  }
  if (principal.kind === 'guest' && row.cells.guest === 'no') {
    await reply.code(403).send(apiError('account-required', 'Please sign in with an account.'));
    return;
  }
  await reply.code(403).send(apiError('forbidden', 'This is not yours to see or change.'));
}

export function registerAccessControl(app: FastifyInstance, deps: AccessDeps): void {
  const resolvers = roomResolvers(deps);
  const organizationOf = organizationResolvers(deps);
  // No shared object as a decorator's default: every request gets its own in the hook below.
  app.decorateRequest('principal');
  app.decorateRequest('roomAccess');
  app.decorateRequest('organizationAccess');

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Decided here, once per route: a request only reads it (no file-system look-up per request).
    const webClientFile = methods.some((m) => m === 'GET' || m === 'HEAD') && deps.isWebClientFile(route.url);
    route.config = { ...route.config, webClientFile };
    for (const method of methods) {
      if (method === 'OPTIONS') continue;
      const key = routeKey(method, route.url, webClientFile);
      if (!rowOf(key)) {
        throw new Error(`route ${key} has no row in the authorisation table (src/server/auth/access.ts)`);
      }
      // The web client's files are the static plugin's; every other route is described once.
      if (!webClientFile && !route.config?.described) {
        throw new Error(`route ${key} is not described: register it with route() (src/server/http/route.ts)`);
      }
      if (rowOf(key)!.scope === 'room' && !resolvers[key]) {
        throw new Error(`room route ${key} has no room resolver (src/server/http/access-hook.ts)`);
      }
      if (rowOf(key)!.scope === 'organization' && !organizationOf[key]) {
        throw new Error(
          `organisation route ${key} has no organisation resolver (src/server/http/access-hook.ts)`,
        );
      }
    }
  });

  // Before validation: who may call a route is answered before what they sent is judged (an
  // outsider is told to sign in, not that the body was wrong); the body is parsed by then.
  app.addHook('preValidation', async (request, reply) => {
    const key = routeKey(
      request.method,
      request.routeOptions.url ?? '',
      request.routeOptions.config.webClientFile === true,
    );
    const row = rowOf(key);
    if (!row) {
      // Only the not-found handler has no route; it answers 404 by itself.
      if (request.routeOptions.url === undefined) return;
      await reply.code(500).send(apiError('internal', 'This route has no access rule.'));
      return reply;
    }
    // The path first: a parameter no record can have (a NUL, say) is answered 400 to anyone,
    // before the look-ups below would carry it to the database (issue 29, F-12).
    const params = request.routeOptions.config.described?.params?.check(request.params);
    if (params && !params.ok) {
      await reply.code(400).send(apiError('invalid-params', formatIssue(params.issue)));
      return reply;
    }
    const principal = await deps.resolver.fromAuthorization(request.headers.authorization);
    // A route open to outsiders ignores a proof that does not verify (a stale token on a log call).
    request.principal = principal.kind === 'outsider' && row.cells.outsider === 'yes' ? OUTSIDER : principal;

    if (row.scope === 'none') {
      const owner = OWNER[key]?.(request);
      const own = owner !== undefined && owner === request.principal.avaId;
      if (allows(row, principalActor(request.principal, row), own)) return;
      await refuse(reply, request.principal, row, deps.resolver.accountsEnabled);
      return reply;
    }

    if (row.scope === 'organization') {
      const organizationId = await organizationOf[key]!(request);
      const organization = organizationId ? await deps.organizations?.find(organizationId) : undefined;
      const principal = request.principal;
      const actor = organizationActor(
        {
          kind: principal.kind,
          avaId: principal.avaId,
          organizationId: principal.kind === 'account' ? principal.profile?.organizationId : undefined,
        },
        organization,
      );
      if (organization && allows(row, actor)) {
        request.organizationAccess = { organizationId: organization.id, actor };
        return;
      }
      await refuse(reply, request.principal, row, deps.resolver.accountsEnabled);
      return reply;
    }

    const room = await resolvers[key]!(request);
    const stored =
      room && request.principal.avaId !== undefined
        ? await deps.rooms.membership(room.id, request.principal.avaId)
        : undefined;
    // A Scribe sent away, or whose session ended, is no member of the live room any more: the
    // socket refuses them (rooms/admission.ts) and so do its routes (issue 29 F-04).
    const membership =
      room?.state === 'ongoing' &&
      stored?.role === 'scribe' &&
      (await deps.scribeStanding?.(room.id, request.principal.avaId!)) !== 'serving'
        ? undefined
        : stored;
    const actor = room
      ? roomActor(request.principal, { hostAvaId: room.hostAvaId, ended: room.state === 'ended' }, membership)
      : 'stranger';
    if (room && actor !== 'stranger' && allows(row, actor)) {
      request.roomAccess = { room, actor, membership };
      return;
    }
    if (request.principal.kind === 'outsider') {
      await refuse(reply, request.principal, row, deps.resolver.accountsEnabled);
    } else {
      // Someone who is not in a room learns nothing about it, not even that it exists; an
      // ended room is named as such, since its link was real and the person deserves to know.
      await notFound(reply, key, room?.state === 'ended' && actor === 'stranger');
    }
    return reply;
  });
}
