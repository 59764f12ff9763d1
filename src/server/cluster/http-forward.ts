/**
 * The HTTP half of forwarding.ts: a request on a forwarded route whose room another node owns
 * is run there (its answer is this one's), and a request forwarded here runs through this
 * node's routes, with every hook (the access check first), as if it had come in directly.
 * Registered right after the access control (auth/access.ts, http/access-hook.ts), so the
 * front forwards only what its own check let through, and the owner checks again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomId } from '../../shared/ids';
import { apiError } from '../../shared/api';
import { routeKey } from '../http';
import { type ClusterNode, type OwnerWork, MAX_FORWARDED_BODY_BYTES } from './node';
import {
  FORWARDED_HEADER,
  FORWARD_RULES,
  type ForwardedRequest,
  type RoomLookups,
  carriedHeaders,
  isForwarded,
  routeDecision,
} from './forwarding';

declare module 'fastify' {
  interface FastifyRequest {
    /** Forwarded here by another node of the cluster (never re-forwarded). */
    forwardedByNode: boolean;
  }
}

/** What forwarding needs of the cluster's node (ClusterNode; a fake one in tests). */
export type ForwardingNode = Pick<ClusterNode, 'config' | 'ownerFor' | 'forward' | 'attachOwnerWork'>;

export function registerForwarding(
  app: FastifyInstance,
  cluster: ForwardingNode,
  work: Omit<OwnerWork, 'inject'>,
  lookups: RoomLookups,
): void {
  // Lives only in this process: `inject` below sets it; no request from outside can know it.
  const secret = randomId(32);
  app.decorateRequest('forwardedByNode', false);
  app.addHook('onRequest', async (request) => {
    request.forwardedByNode = isForwarded(request.headers[FORWARDED_HEADER], secret);
    delete request.headers[FORWARDED_HEADER];
  });

  app.addHook('preHandler', async (request, reply) => {
    const rule = FORWARD_RULES[routeKey(request.method, request.routeOptions.url ?? '')];
    if (!rule) return;
    // Set by the access control in the server; a bare app (the unit tests) has none.
    const callerAvaId = (request.principal as FastifyRequest['principal'] | undefined)?.avaId;
    const roomId = await rule.room(
      {
        ...(request.roomAccess ? { roomId: request.roomAccess.room.id } : {}),
        params: request.params,
        query: request.query,
        body: request.body,
        ...(callerAvaId !== undefined ? { callerAvaId } : {}),
      },
      lookups,
    );
    if (roomId === undefined) return;
    const holder = request.forwardedByNode ? undefined : await cluster.ownerFor(roomId, rule.take);
    const decision = routeDecision(holder, cluster.config.nodeId, request.forwardedByNode);
    if (decision.serve === 'here') return;
    const body =
      request.body === undefined || request.body === null
        ? Buffer.alloc(0)
        : Buffer.from(typeof request.body === 'string' ? request.body : JSON.stringify(request.body));
    if (body.length > MAX_FORWARDED_BODY_BYTES) {
      await reply.code(413).send(apiError('too-large', 'This request is too large.'));
      return reply;
    }
    const forwarded: ForwardedRequest = {
      method: request.method,
      url: request.url,
      headers: carriedHeaders(request.headers),
      body: body.toString('base64'),
      remoteAddress: request.raw.socket.remoteAddress ?? '',
    };
    const answer = await cluster.forward(decision.node, forwarded);
    if (!answer) {
      await reply
        .code(503)
        .send(apiError('room-moving', 'The conversation is moving between servers; try again.'));
      return reply;
    }
    await reply
      .code(answer.status)
      .headers(carriedHeaders(answer.headers))
      .send(Buffer.from(answer.body, 'base64'));
    return reply;
  });

  cluster.attachOwnerWork({
    ...work,
    inject: async (request) => {
      const body = Buffer.from(request.body, 'base64');
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...request.headers, [FORWARDED_HEADER]: secret },
        ...(body.length > 0 ? { payload: body } : {}),
        remoteAddress: request.remoteAddress,
      });
      return {
        status: response.statusCode,
        headers: carriedHeaders(response.headers),
        body: response.rawPayload.toString('base64'),
      };
    },
  });
}
