/**
 * The Scribe dashboard's HTTP routes (shared/scribe/api.ts): waiting and served requests,
 * accepting and ending one, beginChat, and training. Who may call them is the access table's
 * (Scribes only: accounts with the scribe flag); the desk's rules answer 409 with their text.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiError, apiErrorSchema, fileAnswerSchema, roomIdParamsSchema } from '../../shared/api';
import {
  type AcceptScribeResponse,
  SCRIBE_ROUTES,
  acceptScribeResponseSchema,
  beginChatResponseSchema,
  beginChatSchema,
  scribeDashboardResponseSchema,
  scribeEndedResponseSchema,
  scribeRequestParamsSchema,
  scribeTrainingItemsResponseSchema,
  scribeTrainingScoreSchema,
  scribeTrainingStartResponseSchema,
  trainingItemParamsSchema,
} from '../../shared/scribe/api';
import { eligibilityOf, scribeEligibilitySchema } from '../../shared/scribe/time';
import { normalizeTypedText } from '../../shared/validation';
import type { Principal } from '../auth';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import { type ScribeDesk, ScribeError } from './desk';
import type { ScribeTraining } from './training';

const route = routeIn('scribes');

export interface ScribeRouteDeps {
  desk: ScribeDesk;
  training: ScribeTraining;
}

/** The calling Scribe (the access table let only accounts with the scribe flag through). */
function scribeOf(principal: Principal): { avaId: string; userName: string } {
  const profile = principal.kind === 'account' ? principal.profile : undefined;
  return { avaId: principal.avaId ?? '', userName: profile?.userName || profile?.avaName || 'Scribe' };
}

async function refused(reply: FastifyReply, error: unknown): Promise<void> {
  if (!(error instanceof ScribeError)) throw error;
  await reply.code(error.refusal === 'not-found' ? 404 : 409).send(apiError(error.refusal, error.message));
}

/** What the desk's rules refuse with (refused above), for the document. */
const DESK_REFUSALS = { 404: apiErrorSchema, 409: apiErrorSchema } as const;

const TRAINING_NOT_FOUND = apiError('training-not-found', 'No training item has this name.');

export function scribeRoutes(deps: ScribeRouteDeps): AnyRoute[] {
  return [
    route('GET', SCRIBE_ROUTES.eligibility, {
      summary: 'Whether the caller may ask for a Scribe now, and if not why (the request’s own rules).',
      response: { 200: scribeEligibilitySchema },
      handler: async (request) =>
        eligibilityOf(await deps.desk.requestRefusal(request.principal.avaId ?? '')),
    }),
    route('GET', SCRIBE_ROUTES.requests, {
      summary: 'The Scribe dashboard: requests waiting for a Scribe, and the ones the caller serves.',
      response: { 200: scribeDashboardResponseSchema },
      handler: async (request) => deps.desk.dashboard(scribeOf(request.principal).avaId),
    }),
    route('POST', SCRIBE_ROUTES.accept, {
      summary: 'The caller accepts a waiting request and becomes a member of its room.',
      params: scribeRequestParamsSchema,
      response: { 200: acceptScribeResponseSchema, ...DESK_REFUSALS },
      handler: async (request, reply) => {
        try {
          const view = await deps.desk.accept(request.params.requestId, scribeOf(request.principal));
          const body: AcceptScribeResponse = { roomId: view.roomId, request: view };
          return body;
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    route('POST', SCRIBE_ROUTES.end, {
      summary: 'The caller stops serving a request they accepted.',
      params: scribeRequestParamsSchema,
      response: { 200: scribeEndedResponseSchema, ...DESK_REFUSALS },
      handler: async (request, reply) => {
        try {
          await deps.desk.end(request.params.requestId, scribeOf(request.principal).avaId);
          return { ended: true };
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    route('POST', SCRIBE_ROUTES.beginChat, {
      summary: "The spec's beginChat: a Scribe writes to the person who asked for one.",
      body: beginChatSchema,
      response: { 200: beginChatResponseSchema, ...DESK_REFUSALS },
      handler: async (request, reply) => {
        const text = normalizeTypedText(request.body.messageToUser);
        if (!text) return reply.code(400).send(apiError('invalid-body', 'messageToUser: nothing to say'));
        try {
          const chat = await deps.desk.beginChat(scribeOf(request.principal).avaId, request.body.avaId, text);
          return { chat };
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    route('GET', SCRIBE_ROUTES.training, {
      summary: 'The Scribe training items.',
      response: { 200: scribeTrainingItemsResponseSchema },
      handler: async () => ({ items: deps.training.list() }),
    }),
    route('GET', SCRIBE_ROUTES.trainingAudio, {
      summary: "A training item's recording, to listen to while correcting.",
      params: trainingItemParamsSchema,
      response: { 200: fileAnswerSchema, 404: apiErrorSchema },
      produces: ['audio/wav', 'application/json'],
      handler: async (request, reply) => {
        const item = deps.training.item(request.params.name);
        if (!item) return reply.code(404).send(TRAINING_NOT_FOUND);
        return reply
          .type('audio/wav')
          .header('cache-control', 'private, max-age=3600')
          .send(readFileSync(item.wavPath));
      },
    }),
    route('POST', SCRIBE_ROUTES.trainingStart, {
      summary: "Starts a practice room playing the item's recording; answers its room id.",
      params: trainingItemParamsSchema,
      response: { 200: scribeTrainingStartResponseSchema, 404: apiErrorSchema },
      handler: async (request, reply) => {
        const started = await deps.training.start(request.params.name, scribeOf(request.principal));
        if (!started) return reply.code(404).send(TRAINING_NOT_FOUND);
        return {
          roomId: started.roomId,
          item: deps.training.list().find((i) => i.name === request.params.name),
        };
      },
    }),
    route('GET', SCRIBE_ROUTES.trainingScore, {
      summary: "The caller's accuracy in a practice room of theirs, against the item's reference.",
      params: roomIdParamsSchema,
      response: { 200: scribeTrainingScoreSchema },
      handler: async (request, reply) => {
        const score = deps.training.score(request.roomAccess!.room.id);
        if (!score)
          return reply
            .code(404)
            .send(apiError('not-a-practice-room', 'This conversation is not a practice room.'));
        return score;
      },
    }),
  ];
}

export function registerScribeRoutes(app: FastifyInstance, deps: ScribeRouteDeps): void {
  registerDescribed(app, scribeRoutes(deps));
}
