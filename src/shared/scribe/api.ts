/**
 * The HTTP paths of the Scribe dashboard, chat and training, and their bodies. Route patterns
 * for the server, filled paths for the client (as shared/recap/api.ts does for its reports).
 */
import { fillRoute } from '../api';
import { QUERY_PARAMS, conversationPath } from '../routes';
import { type Infer, array, boolean, literal, number, object, oneOf, optional, string } from '../schema';
import { CORRECTION_MODES, SCRIBE_CHAT_MAX_LENGTH, SCRIBE_REQUEST_STATES } from './model';

export const SCRIBE_ROUTES = {
  /** GET: the Scribe dashboard: requests waiting for a Scribe, and the ones the caller serves. */
  requests: '/api/v1/scribe-requests',
  /** POST: the caller (a Scribe) accepts a waiting request and becomes a member of its room. */
  accept: '/api/v1/scribe-requests/:requestId/accept',
  /** POST: the caller stops serving a request they accepted. */
  end: '/api/v1/scribe-requests/:requestId/end',
  /** POST { avaId, messageFromUser, messageToUser }: the spec's beginChat, a Scribe to a requester. */
  beginChat: '/api/v1.1/users/beginChat',
  /** GET: the training items (the spec's Scribe training item). */
  training: '/api/v1/scribe-training',
  /** GET: a training item's recording (audio/wav), for the Scribe to hear. */
  trainingAudio: '/api/v1/scribe-training/:name/audio',
  /** POST: starts a practice room playing the item's recording; answers its room id. */
  trainingStart: '/api/v1/scribe-training/:name/start',
  /** GET: the caller's accuracy in a practice room of theirs, against the item's reference. */
  trainingScore: '/api/v1/scribe-training/rooms/:roomId/score',
  /** GET: whether the caller may ask for a Scribe now, and if not why (shared/scribe/time.ts). */
  eligibility: '/api/v1/scribe-eligibility',
} as const;

export const SCRIBE_API = {
  requests: SCRIBE_ROUTES.requests,
  accept: (requestId: string) => fillRoute(SCRIBE_ROUTES.accept, { requestId }),
  end: (requestId: string) => fillRoute(SCRIBE_ROUTES.end, { requestId }),
  beginChat: SCRIBE_ROUTES.beginChat,
  training: SCRIBE_ROUTES.training,
  trainingAudio: (name: string) => fillRoute(SCRIBE_ROUTES.trainingAudio, { name }),
  trainingStart: (name: string) => fillRoute(SCRIBE_ROUTES.trainingStart, { name }),
  trainingScore: (roomId: string) => fillRoute(SCRIBE_ROUTES.trainingScore, { roomId }),
  eligibility: SCRIBE_ROUTES.eligibility,
};

/** A chat message: `fromRole` says whether the Scribe or the person who asked wrote it. */
export const scribeChatMessageSchema = object({
  requestId: string(),
  fromAvaId: string(),
  fromRole: oneOf(['scribe', 'requester'] as const),
  text: string(),
  atMs: number(),
});
export type ScribeChatMessage = Infer<typeof scribeChatMessageSchema>;

/**
 * One request as a Scribe's dashboard shows it.
 * - lastCaptionAtMs: when the room's captions last changed (server clock): the dashboard's
 *   "seconds since last update".
 * - scribeSeconds: seconds of Scribe time counted so far.
 * - scribeConnected: the Scribe's own connection to the room is open (status ongoing, not leaving).
 */
export const scribeRequestViewSchema = object({
  id: string(),
  roomId: string(),
  roomTitle: string(),
  requester: object({ avaId: string(), userName: string() }),
  correctionMode: oneOf(CORRECTION_MODES),
  state: oneOf(SCRIBE_REQUEST_STATES),
  createdAtMs: number(),
  acceptedAtMs: optional(number()),
  lastCaptionAtMs: optional(number()),
  scribeSeconds: number(),
  scribeConnected: boolean(),
  chat: array(scribeChatMessageSchema),
});
export type ScribeRequestView = Infer<typeof scribeRequestViewSchema>;

/**
 * The dashboard; `nowMs` is the server's clock, so the client counts seconds since an update
 * on the server's time.
 */
export const scribeDashboardResponseSchema = object({
  nowMs: number(),
  waiting: array(scribeRequestViewSchema),
  serving: array(scribeRequestViewSchema),
});
export type ScribeDashboardResponse = Infer<typeof scribeDashboardResponseSchema>;

export const acceptScribeResponseSchema = object({ roomId: string(), request: scribeRequestViewSchema });
export type AcceptScribeResponse = Infer<typeof acceptScribeResponseSchema>;

/** POST end's answer: the caller no longer serves the request. */
export const scribeEndedResponseSchema = object({ ended: literal(true) });

/** The `:requestId` of accept and end: a request on the dashboard. */
export const scribeRequestParamsSchema = object({ requestId: string({ min: 1, max: 128 }) });

/**
 * Body of beginChat (the spec's fields): the requester's avaId and the Scribe's message. Its
 * text must say something once normalised: the route refuses an empty one in its own words.
 */
export const beginChatSchema = object({
  avaId: string({ min: 1, max: 128 }),
  messageFromUser: optional(string({ max: SCRIBE_CHAT_MAX_LENGTH })),
  messageToUser: string({ min: 1, max: SCRIBE_CHAT_MAX_LENGTH }),
});
export type BeginChatBody = Infer<typeof beginChatSchema>;

/** beginChat's answer: the request's chat so far, the new message last. */
export const beginChatResponseSchema = object({ chat: array(scribeChatMessageSchema) });

/** The spec's Scribe training item; `url` is the recording, to listen to while correcting. */
export const scribeTrainingItemSchema = object({
  name: string(),
  displayName: string(),
  url: string(),
  language: oneOf(['en-US', 'fr-FR'] as const),
});
export type ScribeTrainingItem = Infer<typeof scribeTrainingItemSchema>;

export const scribeTrainingItemsResponseSchema = object({ items: array(scribeTrainingItemSchema) });
export type ScribeTrainingItemsResponse = Infer<typeof scribeTrainingItemsResponseSchema>;

/** The `:name` of a training item's routes. */
export const trainingItemParamsSchema = object({ name: string({ min: 1, max: 128 }) });

export const scribeTrainingStartResponseSchema = object({ roomId: string(), item: scribeTrainingItemSchema });
export type ScribeTrainingStartResponse = Infer<typeof scribeTrainingStartResponseSchema>;

/**
 * A Scribe's accuracy in a practice room, from its current transcript lines.
 * - wer: WER of the room's transcript as it is now (with the Scribe's corrections) against the reference.
 * - asrWer: WER of what the recogniser wrote, before any correction.
 * - errorsFixed: recogniser errors the Scribe's corrections removed (never negative).
 * - asrErrors, errorsLeft: errors the recogniser made, and errors left now.
 * - finished: the recording has been played to its end.
 */
export const scribeTrainingScoreSchema = object({
  wer: number(),
  asrWer: number(),
  errorsFixed: number(),
  asrErrors: number(),
  errorsLeft: number(),
  referenceWords: number(),
  finished: boolean(),
});
export type ScribeTrainingScore = Infer<typeof scribeTrainingScoreSchema>;

/** The query parameter naming a practice room's training item (beside the spec's `scribe`). */
export const TRAINING_PARAM = 'training';

/** A room's page as its Scribe opens it (`?scribe=true`), a practice room with its item. */
export function scribeConversationPath(roomId: string, training?: string): string {
  const query = new URLSearchParams({ [QUERY_PARAMS.scribe]: 'true' });
  if (training) query.set(TRAINING_PARAM, training);
  return `${conversationPath(roomId)}?${query.toString()}`;
}

/** Whether the page was opened as a Scribe (`scribe=true`). */
export function isScribeParam(value: string | null | undefined): boolean {
  return value === 'true';
}
