/**
 * The Scribe dashboard's HTTP routes (shared/scribe/api.ts): waiting and served requests,
 * accepting and ending one, beginChat, and training. Who may call them is the access table's
 * (Scribes only: accounts with the scribe flag); the desk's rules answer 409 with their text.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiError } from '../../shared/api';
import { type AcceptScribeResponse, SCRIBE_ROUTES } from '../../shared/scribe/api';
import { SCRIBE_CHAT_MAX_LENGTH } from '../../shared/scribe/model';
import { formatIssue, object, optional, string } from '../../shared/schema';
import { normalizeTypedText } from '../../shared/validation';
import type { Principal } from '../auth/principal';
import { type ScribeDesk, ScribeError } from './desk';
import type { ScribeTraining } from './training';

export interface ScribeRouteDeps {
  desk: ScribeDesk;
  training: ScribeTraining;
}

const beginChatSchema = object({
  avaId: string({ min: 1, max: 128 }),
  messageFromUser: optional(string({ max: SCRIBE_CHAT_MAX_LENGTH })),
  messageToUser: string({ min: 1, max: SCRIBE_CHAT_MAX_LENGTH }),
});

/** The calling Scribe (the access table let only accounts with the scribe flag through). */
function scribeOf(principal: Principal): { avaId: string; userName: string } {
  const profile = principal.kind === 'account' ? principal.profile : undefined;
  return { avaId: principal.avaId ?? '', userName: profile?.userName || profile?.avaName || 'Scribe' };
}

async function refused(reply: FastifyReply, error: unknown): Promise<void> {
  if (!(error instanceof ScribeError)) throw error;
  await reply.code(error.refusal === 'not-found' ? 404 : 409).send(apiError(error.refusal, error.message));
}

export function registerScribeRoutes(app: FastifyInstance, deps: ScribeRouteDeps): void {
  app.get(SCRIBE_ROUTES.requests, async (request) => deps.desk.dashboard(scribeOf(request.principal).avaId));

  app.post<{ Params: { requestId: string } }>(SCRIBE_ROUTES.accept, async (request, reply) => {
    try {
      const view = await deps.desk.accept(request.params.requestId, scribeOf(request.principal));
      const body: AcceptScribeResponse = { roomId: view.roomId, request: view };
      return body;
    } catch (error) {
      return refused(reply, error);
    }
  });

  app.post<{ Params: { requestId: string } }>(SCRIBE_ROUTES.end, async (request, reply) => {
    try {
      await deps.desk.end(request.params.requestId, scribeOf(request.principal).avaId);
      return { ended: true };
    } catch (error) {
      return refused(reply, error);
    }
  });

  app.post(SCRIBE_ROUTES.beginChat, async (request, reply) => {
    const parsed = beginChatSchema.check(request.body ?? {});
    if (!parsed.ok) return reply.code(400).send(apiError('invalid-body', formatIssue(parsed.issue)));
    const text = normalizeTypedText(parsed.value.messageToUser);
    if (!text) return reply.code(400).send(apiError('invalid-body', 'messageToUser: nothing to say'));
    try {
      const chat = await deps.desk.beginChat(scribeOf(request.principal).avaId, parsed.value.avaId, text);
      return { chat };
    } catch (error) {
      return refused(reply, error);
    }
  });

  app.get(SCRIBE_ROUTES.training, async () => ({ items: deps.training.list() }));

  app.get<{ Params: { name: string } }>(SCRIBE_ROUTES.trainingAudio, async (request, reply) => {
    const item = deps.training.item(request.params.name);
    if (!item) return reply.code(404).send(apiError('training-not-found', 'No training item has this name.'));
    return reply
      .type('audio/wav')
      .header('cache-control', 'private, max-age=3600')
      .send(readFileSync(item.wavPath));
  });

  app.post<{ Params: { name: string } }>(SCRIBE_ROUTES.trainingStart, async (request, reply) => {
    const started = await deps.training.start(request.params.name, scribeOf(request.principal));
    if (!started)
      return reply.code(404).send(apiError('training-not-found', 'No training item has this name.'));
    return { roomId: started.roomId, item: deps.training.list().find((i) => i.name === request.params.name) };
  });

  app.get<{ Params: { roomId: string } }>(SCRIBE_ROUTES.trainingScore, async (request, reply) => {
    const score = deps.training.score(request.roomAccess!.room.id);
    if (!score)
      return reply
        .code(404)
        .send(apiError('not-a-practice-room', 'This conversation is not a practice room.'));
    return score;
  });
}
