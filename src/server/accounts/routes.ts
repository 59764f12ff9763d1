/**
 * Accounts API (accounts.md section 7): the signed-in person's profile (get, get-or-create,
 * updates), beta features, saved settings, the desktop sign-in's custom token, the TTS voice and
 * the remote-config flags. Every call but the last needs the identity token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API,
  API_ROUTES,
  apiError,
  type CustomTokenResponse,
  type EnrollBetaFeatureResponse,
  type UpdateSettingsResponse,
} from '../../shared/api';
import { FIREBASE_TOKEN_MAX_LENGTH, parseIdentityAuthorization } from '../../shared/auth';
import { VALIDATION_MESSAGES, checkUserName, userNameMessage } from '../../shared/account-validation';
import {
  FONT_SIZE_MAX_PX,
  FONT_SIZE_MIN_PX,
  UI_LANGUAGES,
  USER_NOT_FOUND_CUSTOM_CODE,
  type UiLanguage,
} from '../../shared/constants';
import { makeAvaId } from '../../shared/ids';
import {
  BETA_FEATURES,
  CHANNELS,
  FEATURE_FLAGS,
  type Channel,
  type FeatureFlags,
  type RemoteConfigFlags,
  TTS_VOICES,
  USER_ROLES,
  USER_SETTABLE_FLAGS,
  type UserProfile,
  type UserSettings,
  THEMES,
  VOICING_PROFILES,
  isHearingProfileSet,
} from '../../shared/user';
import {
  type Schema,
  boolean,
  formatIssue,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
} from '../../shared/schema';
import { DISPLAY_NAME_MESSAGE, isValidDisplayName } from '../../shared/validation';
import type { IdentityVerifier, VerifiedIdentity } from '../auth/verifier';
import type { ProfileChanges, UserRepository } from './users-repository';
import { accountOf, profileOf } from '../http/authenticate';

export interface UserRouteDeps {
  users: UserRepository;
  /** Undefined when no identity provider is configured: every account call answers 503. */
  verifier: IdentityVerifier | undefined;
  remoteConfig: RemoteConfigFlags;
  now(): number;
  /** Runs when a signed-in person's profile is read or created; answers it again if it changed. */
  onSignedIn?(profile: UserProfile, identity: VerifiedIdentity): Promise<UserProfile | undefined>;
}

const settingsSchema = object({
  webFontSize: optional(number({ min: FONT_SIZE_MIN_PX, max: FONT_SIZE_MAX_PX, integer: true })),
  language: optional(oneOf(UI_LANGUAGES)),
  theme: optional(oneOf(THEMES)),
});

const metricsSchema = record(number({ min: 0, max: 1e12 }), { maxKeys: 50 });

/** -1 means "not set"; the range check gives the spec's message, so the schema lets any integer by. */
const hearingProfileSchema = number({ integer: true, min: -1000, max: 1000 });

const patchV11Schema = object({
  flags: optional(record(boolean(), { maxKeys: FEATURE_FLAGS.length })),
  hearingProfile: optional(hearingProfileSchema),
  inviteMetrics: optional(metricsSchema),
  joinMetrics: optional(metricsSchema),
  convoMetrics: optional(object({ total_conversations: number({ min: 0, max: 1e9, integer: true }) })),
  role: optional(oneOf(USER_ROLES)),
  settings: optional(settingsSchema),
  userName: optional(string({ max: 200 })),
});

const patchMeSchema = object({
  userName: optional(string({ max: 200 })),
  avaName: optional(string({ max: 200 })),
  hearingProfile: optional(hearingProfileSchema),
  voicingProfile: optional(oneOf(VOICING_PROFILES)),
  ttsVoice: optional(oneOf(TTS_VOICES)),
  country: optional(string({ max: 100 })),
  city: optional(string({ max: 100 })),
  settings: optional(settingsSchema),
});

const enrollSchema = object({
  beta_feature_name: oneOf(Object.keys(BETA_FEATURES) as (keyof typeof BETA_FEATURES)[]),
  enable_feature: boolean(),
});

/** The ID token the desktop sign-in trades for a custom token. */
const customTokenSchema = object({ idToken: string({ min: 1, max: FIREBASE_TOKEN_MAX_LENGTH }) });

const updateSettingsSchema = object({
  data: object({
    avaId: string({ min: 1, max: 128 }),
    firebaseAuthUID: string({ min: 1, max: 128 }),
    settings: settingsSchema,
  }),
});

/** Voice ids may carry their provider's prefix ("openai-echo"). */
const ttsVoiceSchema = object({ voiceId: string({ min: 1, max: 64 }) });

type Query = { channel?: string; language?: string; platform?: string; firebaseAuthUID?: string };

function parse<T>(schema: Schema<T>, body: unknown, reply: FastifyReply): T | undefined {
  const result = schema.check(body ?? {});
  if (!result.ok) {
    void reply.code(400).send(apiError('invalid-body', formatIssue(result.issue)));
    return undefined;
  }
  return result.value;
}

function channelOf(query: Query): Channel {
  return (CHANNELS as readonly string[]).includes(query.channel ?? '')
    ? (query.channel as Channel)
    : 'web-v2';
}

/** The profile a first sign-in creates: what the identity provider knows, nothing else assumed. */
function newProfile(
  identity: VerifiedIdentity,
  channel: Channel,
  language: UiLanguage | undefined,
  now: number,
) {
  const fallbackName = identity.displayName ?? identity.email?.split('@')[0] ?? identity.phoneNumber ?? '';
  const avaName = isValidDisplayName(fallbackName) ? fallbackName.trim() : 'Hearken user';
  const profile: UserProfile = {
    avaId: makeAvaId(),
    avaName,
    // Empty until the person chooses it in the onboarding's user-name step.
    userName: '',
    accountType: 'Standard',
    emails: identity.emails,
    ...(identity.phoneNumber ? { phoneNumber: identity.phoneNumber } : {}),
    ...(identity.photoUrl ? { userPhoto: identity.photoUrl } : {}),
    convoMetrics: { total_conversations: 0 },
    firebaseAuthUID: identity.uid,
    features: {},
    subscription: { ongoingSubscription: 'Free' },
    scribeRemainingTime: 0,
    paidASRCreditTime: 0,
    settings: language ? { language } : {},
    inviteMetrics: {},
    joinMetrics: {},
    channel,
    createdAtMs: now,
  };
  return profile;
}

function userNotFound(reply: FastifyReply) {
  return reply
    .code(400)
    .send(
      apiError(
        USER_NOT_FOUND_CUSTOM_CODE,
        'No profile for this account yet: create it with PATCH /api/v1/users/me.',
      ),
    );
}

/** Checks the fields both PATCH routes share; answers 400 with the spec's message and returns false. */
function checkCommon(
  body: { userName?: string; hearingProfile?: number; avaName?: string },
  reply: FastifyReply,
): ProfileChanges | undefined {
  const changes: ProfileChanges = {};
  if (body.userName !== undefined) {
    const problem = checkUserName(body.userName);
    if (problem) {
      void reply.code(400).send(apiError(`user-name-${problem}`, userNameMessage(problem)));
      return undefined;
    }
    changes.userName = body.userName.trim();
  }
  if (body.hearingProfile !== undefined) {
    if (body.hearingProfile !== -1 && !isHearingProfileSet(body.hearingProfile)) {
      void reply
        .code(400)
        .send(apiError('invalid-hearing-profile', VALIDATION_MESSAGES.invalidHearingProfile));
      return undefined;
    }
    changes.hearingProfile = body.hearingProfile;
  }
  if (body.avaName !== undefined) {
    if (!isValidDisplayName(body.avaName)) {
      void reply.code(400).send(apiError('invalid-display-name', DISPLAY_NAME_MESSAGE));
      return undefined;
    }
    changes.avaName = body.avaName.trim();
  }
  return changes;
}

export function registerUserRoutes(app: FastifyInstance, deps: UserRouteDeps): void {
  const { users } = deps;

  /** The identity and its profile, or undefined after answering (401/403/503, or 104). */
  async function signedInProfile(
    request: FastifyRequest<{ Querystring: Query }>,
    reply: FastifyReply,
  ): Promise<{ identity: VerifiedIdentity; profile: UserProfile } | undefined> {
    const identity = accountOf(request);
    const uid = request.query.firebaseAuthUID;
    if (uid !== undefined && uid !== identity.uid) {
      await reply.code(403).send(apiError('forbidden', 'firebaseAuthUID is not the signed-in account.'));
      return undefined;
    }
    const profile = profileOf(request);
    if (!profile) {
      await userNotFound(reply);
      return undefined;
    }
    return { identity, profile };
  }

  app.get<{ Querystring: Query }>(API.usersMe, async (request, reply) => {
    const found = await signedInProfile(request, reply);
    if (!found) return reply;
    return (await deps.onSignedIn?.(found.profile, found.identity)) ?? found.profile;
  });

  // Get-or-create (an empty body), then the profile fields given.
  app.patch<{ Querystring: Query }>(API.usersMe, async (request, reply) => {
    const identity = accountOf(request);
    const body = parse(patchMeSchema, request.body, reply);
    if (!body) return reply;
    const changes = checkCommon(body, reply);
    if (!changes) return reply;
    let profile = profileOf(request);
    if (!profile) {
      const language = (UI_LANGUAGES as readonly string[]).includes(request.query.language ?? '')
        ? (request.query.language as UiLanguage)
        : undefined;
      profile = await users.create(
        newProfile(identity, channelOf(request.query), language, deps.now()),
        deps.now(),
      );
      profile = (await deps.onSignedIn?.(profile, identity)) ?? profile;
    }
    if (body.voicingProfile !== undefined) changes.voicingProfile = body.voicingProfile;
    if (body.ttsVoice !== undefined) changes.ttsVoice = body.ttsVoice;
    if (body.country !== undefined) changes.country = body.country.trim();
    if (body.city !== undefined) changes.city = body.city.trim();
    if (body.settings !== undefined) changes.settings = body.settings;
    if (Object.keys(changes).length === 0) return profile;
    return (await users.update(profile.avaId, changes, deps.now())) ?? reply.code(500).send();
  });

  app.patch<{ Params: { avaId: string }; Querystring: Query }>(API_ROUTES.userV11, async (request, reply) => {
    const found = await signedInProfile(request, reply);
    if (!found) return reply;
    if (found.profile.avaId !== request.params.avaId) {
      return reply.code(403).send(apiError('forbidden', 'You can only change your own profile.'));
    }
    const body = parse(patchV11Schema, request.body, reply);
    if (!body) return reply;
    const changes = checkCommon(body, reply);
    if (!changes) return reply;
    if (body.flags) {
      const refused = Object.keys(body.flags).filter(
        (flag) => !(USER_SETTABLE_FLAGS as readonly string[]).includes(flag),
      );
      if (refused.length > 0) {
        return reply
          .code(403)
          .send(apiError('flag-not-settable', `These flags are not yours to set: ${refused.join(', ')}`));
      }
      changes.features = body.flags as FeatureFlags;
    }
    if (body.inviteMetrics) changes.inviteMetrics = body.inviteMetrics;
    if (body.joinMetrics) changes.joinMetrics = body.joinMetrics;
    // Merged: the server's own counters (history/conversation-metrics.ts) are not the client's to wipe.
    if (body.convoMetrics) changes.convoMetrics = { ...found.profile.convoMetrics, ...body.convoMetrics };
    if (body.role) changes.role = body.role;
    if (body.settings) changes.settings = body.settings;
    return (await users.update(found.profile.avaId, changes, deps.now())) ?? reply.code(500).send();
  });

  app.patch<{ Querystring: Query }>(API.enrollBetaFeature, async (request, reply) => {
    const found = await signedInProfile(request, reply);
    if (!found) return reply;
    const body = parse(enrollSchema, request.body, reply);
    if (!body) return reply;
    const flag = BETA_FEATURES[body.beta_feature_name];
    const updated = await users.update(
      found.profile.avaId,
      { features: { [flag]: body.enable_feature } },
      deps.now(),
    );
    return { flags: updated?.features ?? {} } satisfies EnrollBetaFeatureResponse;
  });

  app.post<{ Querystring: Query }>(API.updateSettings, async (request, reply) => {
    const found = await signedInProfile(request, reply);
    if (!found) return reply;
    const body = parse(updateSettingsSchema, request.body, reply);
    if (!body) return reply;
    const { avaId, firebaseAuthUID, settings } = body.data;
    if (avaId !== found.profile.avaId || firebaseAuthUID !== found.identity.uid) {
      return reply.code(403).send(apiError('forbidden', 'You can only change your own settings.'));
    }
    const updated = await users.update(avaId, { settings: settings as UserSettings }, deps.now());
    return { result: { settings: updated?.settings ?? {} } } satisfies UpdateSettingsResponse;
  });

  app.post<{ Querystring: Query }>(API.ttsVoice, async (request, reply) => {
    const found = await signedInProfile(request, reply);
    if (!found) return reply;
    const body = parse(ttsVoiceSchema, request.body, reply);
    if (!body) return reply;
    const voice = TTS_VOICES.find((v) => body.voiceId === v || body.voiceId.endsWith(`-${v}`));
    if (!voice) return reply.code(400).send(apiError('unknown-voice', `No voice is named ${body.voiceId}.`));
    return users.update(found.profile.avaId, { ttsVoice: voice }, deps.now());
  });

  app.post(API.customToken, async (request, reply) => {
    const identity = accountOf(request);
    if (!deps.verifier) return reply;
    const body = parse(customTokenSchema, request.body, reply);
    if (!body) return reply;
    // The body's token must be as valid as the header's, and the same person's.
    const checked =
      body.idToken === parseIdentityAuthorization(request.headers.authorization)
        ? { ok: true as const, identity }
        : await deps.verifier.verify(body.idToken);
    if (!checked.ok || checked.identity.uid !== identity.uid) {
      return reply.code(401).send(apiError('invalid-token', 'idToken is not a valid token of this account.'));
    }
    const customToken = await deps.verifier.createCustomToken(identity.uid);
    return { customToken } satisfies CustomTokenResponse;
  });

  app.get(API.remoteConfig, async () => deps.remoteConfig);
}
