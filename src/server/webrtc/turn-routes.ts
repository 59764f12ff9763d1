/**
 * GET /api/v1/turnCredentials (conversation.md section 7): short-lived credentials for the
 * TURN servers a client relays its WebRTC audio through when no direct path to the server
 * exists (webrtc/turn-credentials.ts). Asked for before each peer connection; who may ask is
 * the access table's row (guests and accounts: anyone who may speak in a room).
 */
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api';
import { type TurnCredentialsResponse, turnCredentialsResponseSchema } from '../../shared/webrtc';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import type { WebRtcConfig } from './config';
import { iceServersFor } from './turn-credentials';

const route = routeIn('webrtc');

interface TurnRouteDeps {
  webrtc: WebRtcConfig;
  now(): number;
}

export function turnRoutes(deps: TurnRouteDeps): AnyRoute[] {
  return [
    route('GET', API.turnCredentials, {
      summary: 'Short-lived TURN credentials (and STUN servers) for a WebRTC audio connection.',
      response: { 200: turnCredentialsResponseSchema },
      handler: (request, reply) => {
        // Credentials name who they were given to, so the TURN server's logs tell whose relay it is.
        const user = request.principal.avaId ?? 'anonymous';
        void reply.header('Cache-Control', 'no-store');
        return {
          ok: true,
          turnCredentials: iceServersFor(deps.webrtc.turn, deps.webrtc.stunUrls, user, deps.now()),
          ttlSeconds: deps.webrtc.turn?.ttlSeconds ?? 0,
        } satisfies TurnCredentialsResponse;
      },
    }),
  ];
}

export function registerTurnRoutes(app: FastifyInstance, deps: TurnRouteDeps): void {
  registerDescribed(app, turnRoutes(deps));
}
