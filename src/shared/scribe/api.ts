/**
 * The HTTP paths of the Scribe dashboard, chat and training, and their bodies. Route patterns
 * for the server, filled paths for the client (as shared/recap/api.ts does for its reports).
 */
import { fillRoute } from '../api';
import { QUERY_PARAMS, conversationPath } from '../routes';
import type { CorrectionMode, ScribeRequestState } from './model';

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
};

export interface ScribeChatMessage {
  requestId: string;
  fromAvaId: string;
  /** Whether the Scribe or the person who asked wrote it. */
  fromRole: 'scribe' | 'requester';
  text: string;
  atMs: number;
}

/** One request as a Scribe's dashboard shows it. */
export interface ScribeRequestView {
  id: string;
  roomId: string;
  roomTitle: string;
  requester: { avaId: string; userName: string };
  correctionMode: CorrectionMode;
  state: ScribeRequestState;
  createdAtMs: number;
  acceptedAtMs?: number;
  /** When the room's captions last changed (server clock): the dashboard's "seconds since last update". */
  lastCaptionAtMs?: number;
  /** Seconds of Scribe time counted so far. */
  scribeSeconds: number;
  /** The Scribe's own connection to the room is open (status ongoing, not leaving). */
  scribeConnected: boolean;
  chat: ScribeChatMessage[];
}

export interface ScribeDashboardResponse {
  /** The server's clock, so the client counts seconds since an update on the server's time. */
  nowMs: number;
  waiting: ScribeRequestView[];
  serving: ScribeRequestView[];
}

export interface AcceptScribeResponse {
  roomId: string;
  request: ScribeRequestView;
}

/** The spec's Scribe training item. */
export interface ScribeTrainingItem {
  name: string;
  displayName: string;
  /** The recording, to listen to while correcting. */
  url: string;
  language: 'en-US' | 'fr-FR';
}

export interface ScribeTrainingStartResponse {
  roomId: string;
  item: ScribeTrainingItem;
}

/** A Scribe's accuracy in a practice room, from its current transcript lines. */
export interface ScribeTrainingScore {
  /** WER of the room's transcript as it is now (with the Scribe's corrections) against the reference. */
  wer: number;
  /** WER of what the recogniser wrote, before any correction. */
  asrWer: number;
  /** Recogniser errors the Scribe's corrections removed (never negative). */
  errorsFixed: number;
  /** Errors the recogniser made, and errors left now. */
  asrErrors: number;
  errorsLeft: number;
  referenceWords: number;
  /** The recording has been played to its end. */
  finished: boolean;
}

/** Body of beginChat (the spec's fields): the requester's avaId and the Scribe's message. */
export interface BeginChatBody {
  avaId: string;
  messageFromUser?: string;
  messageToUser: string;
}

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
