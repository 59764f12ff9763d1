/**
 * GET /api/v1/turnCredentials (conversation.md section 7): short-lived credentials for the
 * TURN servers a client relays its WebRTC audio through when no direct path to the server
 * exists (webrtc/turn-credentials.ts). Asked for before each peer connection; who may ask is
 * the access table's row (guests and accounts: anyone who may speak in a room).
 */
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api';
import type { TurnCredentialsResponse } from '../../shared/webrtc';
import type { WebRtcConfig } from './config';
import { iceServersFor } from './turn-credentials';

export function registerTurnRoutes(
  app: FastifyInstance,
  deps: { webrtc: WebRtcConfig; now(): number },
): void {
  app.get(API.turnCredentials, async (request, reply) => {
    // Credentials name who they were given to, so the TURN server's logs tell whose relay it is.
    const user = request.principal.avaId ?? 'anonymous';
    void reply.header('Cache-Control', 'no-store');
    return {
      ok: true,
      turnCredentials: iceServersFor(deps.webrtc.turn, deps.webrtc.stunUrls, user, deps.now()),
      ttlSeconds: deps.webrtc.turn?.ttlSeconds ?? 0,
    } satisfies TurnCredentialsResponse;
  });
}
