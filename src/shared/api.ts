/**
 * The HTTP API between client and conversation server: paths (the spec's, where it names them)
 * and response bodies. Errors always have the shape of `ApiErrorBody`, whose message the client
 * reads with `httpErrorMessage` (nested error content message, then msg, then name).
 */
import { type GuestUser, type GuestUserWithCredential } from './entities';
import { DISPLAY_NAME_MAX_LENGTH } from './constants';
import { BETA_FEATURE_NAMES, featureFlagsSchema, userSettingsSchema } from './user';
import { FIREBASE_TOKEN_MAX_LENGTH } from './auth';
import { conversationStatusSchema, transcriptsSchema } from './entity-schemas';
import type { ConversationWordStats } from './recap/word-stats';
import { TTS_GENDERS, ttsVoiceEntrySchema } from './tts';
import {
  type Infer,
  type Schema,
  array,
  boolean,
  nullable,
  number,
  object,
  oneOf,
  optional,
  string,
} from './schema';

/**
 * The paths that carry a parameter, as route patterns (`:name` for each parameter): the server
 * registers these, and the client fills them in through API below.
 */
export const API_ROUTES = {
  guest: '/api/v1/guest-users/:avaId',
  token: '/api/v1/tokens/:token',
  roomName: '/api/v1/room-names/:name',
  roomTranscripts: '/api/v1/rooms/:roomId/transcripts',
  roomTranscriptExport: '/api/v1/rooms/:roomId/transcripts/export',
  userV11: '/api/v1.1/users/:avaId',
  /** POST: this conversation joins the caller's saved transcripts (the end sequence's SAVE stage). */
  roomSavedTranscript: '/api/v1/rooms/:roomId/saved-transcript',
  /** POST { stars, comment? }: the caller's rating of a conversation that ended, once; GET reads it back. */
  roomRating: '/api/v1/rooms/:roomId/rating',
  /** PATCH { title }: rename; DELETE: remove (the caller's own entry; the host's removes the room). */
  savedTranscript: '/api/v1/saved-transcripts/:roomId',
} as const;

/**
 * The `:roomId` of a room's routes (here, in RECAP_ROUTES and SCRIBE_ROUTES): the room the call
 * is about. Who may name it is the access table's; this only says what an id is.
 */
export const roomIdParamsSchema = object({ roomId: string({ min: 1, max: 128 }) });

/**
 * Where the meeting bot provider calls the server back: its signed status webhooks, and the
 * websocket it streams a bot's meeting audio on (`?token=` names the bot).
 */
export const MEETING_BOT_ROUTES = {
  webhook: '/api/v1/meeting-bot/webhook',
  audio: '/api/v1/meeting-bot/audio',
} as const;

/**
 * Prometheus metrics, for operators (not the client): answered to loopback, or to
 * `Authorization: Bearer $HEARKEN_METRICS_TOKEN`.
 */
export const METRICS_PATH = '/metrics';

/** A route pattern with each `:name` replaced by its value, URI-encoded. */
export function fillRoute(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}

export const API = {
  /** Creates a guest user. Body: { roomId?, userName? }. */
  createGuest: '/api/v1/guest-users/me',
  /** Reads a guest user. */
  guest: (avaId: string) => fillRoute(API_ROUTES.guest, { avaId }),
  /** Resolves a link token (links.ro / links.rw) to its room. */
  token: (token: string) => fillRoute(API_ROUTES.token, { token }),
  /** Resolves a room's short public name (what people type to join) to its room. */
  roomName: (name: string) => fillRoute(API_ROUTES.roomName, { name }),
  /** A room's status and final transcripts, for the transcript view: members only (their credential or token). */
  roomTranscripts: (roomId: string) => fillRoute(API_ROUTES.roomTranscripts, { roomId }),
  /**
   * The same transcript as a file: `?format=txt|md|srt|vtt|docx|json` (EXPORT_FORMATS), `lang`
   * (the language to read it in), `ui` (the file's own words), `timeZone` (an IANA name).
   */
  roomTranscriptExport: (roomId: string, query: Record<string, string>) =>
    `${fillRoute(API_ROUTES.roomTranscriptExport, { roomId })}?${new URLSearchParams(query).toString()}`,
  /**
   * GET ?from=<speech language>: whether translation is on, and the reading languages the
   * installed pairs offer from that language (TranslationLanguagesResponse).
   */
  translationLanguages: '/api/v1/translation-languages',
  roomSavedTranscript: (roomId: string) => fillRoute(API_ROUTES.roomSavedTranscript, { roomId }),
  roomRating: (roomId: string) => fillRoute(API_ROUTES.roomRating, { roomId }),
  /**
   * GET the caller's saved transcripts, newest first: ?avaId (the caller's own), limit (1 or 10),
   * before (the previous page's nextBefore), search (words, at least 3 characters).
   */
  savedTranscripts: '/api/v1/saved-transcripts',
  savedTranscript: (roomId: string) => fillRoute(API_ROUTES.savedTranscript, { roomId }),
  /**
   * POST { roomIds }: deletes several of the caller's saved transcripts in one transaction, all
   * or none (each as DELETE savedTranscript would).
   */
  savedTranscriptsBulkDelete: '/api/v1/saved-transcripts/bulk-delete',
  /** GET: short-lived TURN credentials for WebRTC audio (TurnCredentialsResponse in shared/webrtc.ts). */
  turnCredentials: '/api/v1/turnCredentials',
  /** What this server can do: speech engines per tier, version. */
  config: '/api/v1/config',
  health: '/api/v1/health',
  /** Readiness: 200 when this server takes new people, 503 while draining or a part is down. */
  ready: '/api/v1/ready',
  /** The HTTP API described as an OpenAPI 3 document (every route, its schemas): readable by anyone. */
  openapi: '/api/v1/openapi.json',
  /**
   * Accounts (accounts.md section 7). GET: the signed-in person's profile (400 with custom code
   * 104 when there is none yet). PATCH: get-or-create (empty body) and profile updates; both
   * take `?channel=web-v2|desktop-v2`.
   */
  usersMe: '/api/v1/users/me',
  /** PATCH: flags, hearingProfile, inviteMetrics, joinMetrics, convoMetrics, role, settings, userName. */
  userV11: (avaId: string) => fillRoute(API_ROUTES.userV11, { avaId }),
  /** POST { idToken } -> { customToken }, for the desktop app's sign-in. */
  customToken: '/api/v1/users/me/customToken',
  /** PATCH ?platform=web|desktop, { beta_feature_name, enable_feature } -> { flags }. */
  enrollBetaFeature: '/enrollBetaFeature',
  /** The updateSettings function: { data: { avaId, firebaseAuthUID, settings } } -> { result }. */
  updateSettings: '/updateSettings',
  /** POST { voiceId }: the text-to-speech voice chosen during onboarding. */
  ttsVoice: '/api/v1/users/tts-voice',
  /** GET ?lang= -> TtsVoicesResponse: the six voices for a language (the spec's "get voices"). */
  ttsVoices: '/api/v1/users/tts-voices',
  /** POST { lang, gender?, voiceId? } -> audio/wav: a sample of the voice to listen to. */
  ttsVoicesSample: '/api/v1/users/tts-voices-sample',
  /** GET -> { gender }; POST { gender } -> { gender }: the voice gender one prefers. */
  ttsGenderPreference: '/api/v1/users/tts-gender-preference',
  /** GET: the remote-config flags (web_enable_sso, theme_colors_v2, convo_v2, desktop_v2). */
  remoteConfig: '/api/v1/remote-config',
  /** POST: an array of client log entries. */
  clientLogs: '/pushClientLogsToElastic',
} as const;

/** Adds the query parameters the accounts calls carry (channel, language, platform...). */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** POST createGuest's body: the room it is for, and the name the person chose (checked by the route). */
export const createGuestBodySchema = object({
  roomId: optional(string({ max: 128 })),
  userName: optional(string({ max: DISPLAY_NAME_MAX_LENGTH * 2 })),
});
export type CreateGuestBody = Infer<typeof createGuestBodySchema>;

export type GuestUserResponse = GuestUser;
/** POST createGuest answers the guest and its credential. */
export type CreatedGuestResponse = GuestUserWithCredential;

export const tokenResponseSchema = object({
  roomId: string(),
  /** True for a read-only link (links.ro). */
  readonly: boolean(),
});
export type TokenResponse = Infer<typeof tokenResponseSchema>;

export const roomNameResponseSchema = object({
  roomId: string(),
  name: string(),
  /** The link token to join with (read-write, or read-only for someone who joined read-only). */
  token: string(),
  readonly: boolean(),
});
export type RoomNameResponse = Infer<typeof roomNameResponseSchema>;

/** GET a room's transcripts: its status as the caller sees it, and its lines. */
export const roomTranscriptsResponseSchema = object({
  status: conversationStatusSchema,
  transcripts: transcriptsSchema,
  /** The spec's word stats, the caller's ("You") beside everyone's ("Group"): shared/recap/word-stats.ts. */
  wordStats: optional(
    object({
      wordsTypedYou: number(),
      wordsTypedGroup: number(),
      wordsCapturedYou: number(),
      wordsCapturedGroup: number(),
    } satisfies Record<keyof ConversationWordStats, unknown>),
  ),
});
export type RoomTranscriptsResponse = Infer<typeof roomTranscriptsResponseSchema>;

/** What the web client needs to talk to Firebase Authentication (null: accounts are off). */
export const firebaseClientConfigSchema = object({
  apiKey: string(),
  authDomain: string(),
  projectId: string(),
  appId: optional(string()),
  /** Set when the identity provider is the Auth emulator: its URL, for connectAuthEmulator. */
  emulatorUrl: optional(string()),
  /** Provider id of the SSO sign-in (a SAML or OpenID Connect provider of the project). */
  ssoProviderId: optional(string()),
});
export type FirebaseClientConfig = Infer<typeof firebaseClientConfigSchema>;

/**
 * How a speech tier is served. `fallback`: a lower-accuracy engine serves the tier instead of
 * the one configured or preferred (a missing sherpa-onnx model, or none installed for a tier
 * left to the best installed engine, so PocketSphinx; or premium with none, so basic):
 * `problem` says why.
 */
const speechTierSchema = object({
  engine: string(),
  available: boolean(),
  problem: optional(string()),
  fallback: optional(boolean()),
});

/** GET config: what this server can do. */
export const serverConfigResponseSchema = object({
  version: string(),
  firebase: nullable(firebaseClientConfigSchema),
  speech: object({
    tiers: object({ basic: speechTierSchema, premium: speechTierSchema }),
    langs: array(string()),
    /**
     * Speaker identification (the beta solo_speaker_id) needs a speaker-embedding model on the
     * server; without one the toggle says so. (An addition to the spec.)
     */
    speakerIdentification: optional(object({ available: boolean() })),
  }),
  /**
   * Whether this server has a provider for meeting bots and for phone calls (its own, a
   * stand-in or the self-hosted bot): without one their forms say so instead of being filled in
   * for nothing. (An addition to the spec.)
   */
  integrations: optional(object({ meetingBots: boolean(), phoneCalls: boolean() })),
});
export type ServerConfigResponse = Infer<typeof serverConfigResponseSchema>;

export interface ApiErrorBody {
  /** A word such as "room-not-found", or a numeric custom code such as 104 (user not found). */
  error: { code: string | number; content: { message: string } };
}

export function apiError(code: string | number, message: string): ApiErrorBody {
  return { error: { code, content: { message } } };
}

/** A word or a numeric custom code: the `code` of an error. */
const errorCodeSchema: Schema<string | number> = {
  describe: 'string or number',
  json: { type: ['string', 'number'] },
  optional: false,
  check: (input, path = '') =>
    typeof input === 'string' || typeof input === 'number'
      ? { ok: true, value: input }
      : { ok: false, issue: { path, message: 'expected string or number' } },
};

/** `ApiErrorBody` as a schema: every error answer of every route (http/errors.ts). */
export const apiErrorSchema: Schema<ApiErrorBody> = object({
  error: object({ code: errorCodeSchema, content: object({ message: string() }) }),
});

/**
 * A file answered (a transcript export, a recording): the route's `produces` names its types.
 * For the OpenAPI document only: a file is not JSON, nothing checks it.
 */
export const fileAnswerSchema: Schema<unknown> = {
  describe: 'file',
  json: { type: 'string', format: 'binary' },
  optional: false,
  check: (input) => ({ ok: true, value: input }),
};

/** GET tts-voices: the six voices for a language. */
export const ttsVoicesResponseSchema = object({
  voices: array(ttsVoiceEntrySchema),
  /** False when this server cannot read aloud (then `problem` says why). */
  available: boolean(),
  problem: optional(string()),
});
export type TtsVoicesResponse = Infer<typeof ttsVoicesResponseSchema>;

/** The voice gender one prefers: what GET tts-gender-preference answers and POST takes. */
export const ttsGenderPreferenceSchema = object({ gender: oneOf(TTS_GENDERS) });
export type TtsGenderPreferenceResponse = Infer<typeof ttsGenderPreferenceSchema>;

/** POST tts-voice: the voice chosen (its provider's prefix allowed: "openai-echo"). */
export const ttsVoiceBodySchema = object({ voiceId: string({ min: 1, max: 64 }) });
export type TtsVoiceBody = Infer<typeof ttsVoiceBodySchema>;

/** The ID token the desktop sign-in trades for a custom token. */
export const customTokenBodySchema = object({ idToken: string({ min: 1, max: FIREBASE_TOKEN_MAX_LENGTH }) });
export type CustomTokenBody = Infer<typeof customTokenBodySchema>;

export const customTokenResponseSchema = object({ customToken: string() });
export type CustomTokenResponse = Infer<typeof customTokenResponseSchema>;

export const enrollBetaFeatureBodySchema = object({
  beta_feature_name: oneOf(BETA_FEATURE_NAMES),
  enable_feature: boolean(),
});
export type EnrollBetaFeatureBody = Infer<typeof enrollBetaFeatureBodySchema>;

export const enrollBetaFeatureResponseSchema = object({ flags: featureFlagsSchema });
export type EnrollBetaFeatureResponse = Infer<typeof enrollBetaFeatureResponseSchema>;

/** The updateSettings function's body (data.avaId is also what the access table's `own` reads). */
export const updateSettingsBodySchema = object({
  data: object({
    avaId: string({ min: 1, max: 128 }),
    firebaseAuthUID: string({ min: 1, max: 128 }),
    settings: userSettingsSchema,
  }),
});
export type UpdateSettingsBody = Infer<typeof updateSettingsBodySchema>;

export const updateSettingsResponseSchema = object({ result: object({ settings: userSettingsSchema }) });
export type UpdateSettingsResponse = Infer<typeof updateSettingsResponseSchema>;

/** The custom code of an error body, when it has one (104: user not found). */
export function apiErrorCode(body: unknown): string | number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? code : undefined;
}
