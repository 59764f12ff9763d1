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
  apiErrorSchema,
  type CustomTokenResponse,
  customTokenBodySchema,
  customTokenResponseSchema,
  type EnrollBetaFeatureResponse,
  enrollBetaFeatureBodySchema,
  enrollBetaFeatureResponseSchema,
  ttsVoiceBodySchema,
  type UpdateSettingsResponse,
  updateSettingsBodySchema,
  updateSettingsResponseSchema,
} from '../../shared/api';
import { parseIdentityAuthorization } from '../../shared/auth';
import { VALIDATION_MESSAGES, checkUserName, userNameMessage } from '../../shared/account-validation';
import { UI_LANGUAGES, USER_NOT_FOUND_CUSTOM_CODE, type UiLanguage } from '../../shared/constants';
import { makeAvaId } from '../../shared/ids';
import {
  BETA_FEATURES,
  CHANNELS,
  type Channel,
  type RemoteConfigFlags,
  TTS_VOICES,
  USER_SETTABLE_FLAGS,
  type UserProfile,
  isHearingProfileSet,
  remoteConfigFlagsSchema,
  userPatchMeSchema,
  userPatchV11Schema,
  userProfileSchema,
} from '../../shared/user';
import { object, optional, string } from '../../shared/schema';
import { DISPLAY_NAME_MESSAGE, normalizeDisplayName } from '../../shared/validation';
import type { IdentityVerifier, VerifiedIdentity } from '../auth';
import type { ProfileChanges, UserRepository } from './users-repository';
import { accountOf, profileOf, type AnyRoute, registerDescribed, routeIn } from '../http';

const route = routeIn('accounts');

export interface UserRouteDeps {
  users: UserRepository;
  /** Undefined when no identity provider is configured: every account call answers 503. */
  verifier: IdentityVerifier | undefined;
  remoteConfig: RemoteConfigFlags;
  now(): number;
  /** Runs when a signed-in person's profile is read or created; answers it again if it changed. */
  onSignedIn?(profile: UserProfile, identity: VerifiedIdentity): Promise<UserProfile | undefined>;
}

/**
 * The caller's uid, when a client names it (checked against the token: 403 if it is another's).
 * Query values stay text: an unknown channel or language falls back, as before, in the handler.
 */
const uidQuerySchema = object({ firebaseAuthUID: optional(string()) });
/** Get-or-create's: the app that creates the profile, and the interface language it starts with. */
const createQuerySchema = object({ channel: optional(string()), language: optional(string()) });
/** The spec's platform (web or desktop): documented, not read. */
const enrollQuerySchema = object({ firebaseAuthUID: optional(string()), platform: optional(string()) });
const avaIdParamsSchema = object({ avaId: string({ min: 1, max: 128 }) });

/** The profile answers: the profile; 400 with code 104 when there is none yet, or a refused field. */
const PROFILE_RESPONSES = { 200: userProfileSchema, 400: apiErrorSchema, 403: apiErrorSchema };

function channelOf(channel: string | undefined): Channel {
  return (CHANNELS as readonly string[]).includes(channel ?? '') ? (channel as Channel) : 'web-v2';
}

/** The profile a first sign-in creates: what the identity provider knows, nothing else assumed. */
function newProfile(
  identity: VerifiedIdentity,
  channel: Channel,
  language: UiLanguage | undefined,
  now: number,
) {
  const fallbackName = identity.displayName ?? identity.email?.split('@')[0] ?? identity.phoneNumber ?? '';
  // The provider's name is whatever its owner set there: held to the display name rule like any other.
  const avaName = normalizeDisplayName(fallbackName) ?? 'Hearken user';
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
    const avaName = normalizeDisplayName(body.avaName);
    if (avaName === undefined) {
      void reply.code(400).send(apiError('invalid-display-name', DISPLAY_NAME_MESSAGE));
      return undefined;
    }
    changes.avaName = avaName;
  }
  return changes;
}

export function userRoutes(deps: UserRouteDeps): AnyRoute[] {
  const { users } = deps;

  /** The identity and its profile, or undefined after answering (403 for another's uid, or 104). */
  async function signedInProfile(
    request: FastifyRequest,
    uid: string | undefined,
    reply: FastifyReply,
  ): Promise<{ identity: VerifiedIdentity; profile: UserProfile } | undefined> {
    const identity = accountOf(request);
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

  return [
    route('GET', API.usersMe, {
      summary: "The signed-in person's profile (400 with code 104 when there is none yet).",
      query: uidQuerySchema,
      response: PROFILE_RESPONSES,
      handler: async (request, reply) => {
        const found = await signedInProfile(request, request.query.firebaseAuthUID, reply);
        if (!found) return reply;
        return (await deps.onSignedIn?.(found.profile, found.identity)) ?? found.profile;
      },
    }),
    route('PATCH', API.usersMe, {
      summary: "Gets or creates the signed-in person's profile (an empty body), then saves the fields given.",
      query: createQuerySchema,
      body: userPatchMeSchema,
      response: { 200: userProfileSchema },
      handler: async (request, reply) => {
        const identity = accountOf(request);
        const body = request.body;
        const changes = checkCommon(body, reply);
        if (!changes) return reply;
        let profile = profileOf(request);
        if (!profile) {
          const language = (UI_LANGUAGES as readonly string[]).includes(request.query.language ?? '')
            ? (request.query.language as UiLanguage)
            : undefined;
          profile = await users.create(
            newProfile(identity, channelOf(request.query.channel), language, deps.now()),
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
      },
    }),
    route('PATCH', API_ROUTES.userV11, {
      summary:
        "Saves fields of one's own profile: flags one may set, hearing profile, metrics, role, settings, name.",
      params: avaIdParamsSchema,
      query: uidQuerySchema,
      body: userPatchV11Schema,
      response: PROFILE_RESPONSES,
      handler: async (request, reply) => {
        const found = await signedInProfile(request, request.query.firebaseAuthUID, reply);
        if (!found) return reply;
        if (found.profile.avaId !== request.params.avaId) {
          return reply.code(403).send(apiError('forbidden', 'You can only change your own profile.'));
        }
        const body = request.body;
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
          changes.features = body.flags;
        }
        if (body.inviteMetrics) changes.inviteMetrics = body.inviteMetrics;
        if (body.joinMetrics) changes.joinMetrics = body.joinMetrics;
        // Merged: the server's own counters (history/conversation-metrics.ts) are not the client's to wipe.
        if (body.convoMetrics) changes.convoMetrics = { ...found.profile.convoMetrics, ...body.convoMetrics };
        if (body.role) changes.role = body.role;
        if (body.settings) changes.settings = body.settings;
        return (await users.update(found.profile.avaId, changes, deps.now())) ?? reply.code(500).send();
      },
    }),
    route('PATCH', API.enrollBetaFeature, {
      summary: 'Turns one of the beta features on or off for the signed-in person; answers their flags.',
      query: enrollQuerySchema,
      body: enrollBetaFeatureBodySchema,
      response: { 200: enrollBetaFeatureResponseSchema },
      handler: async (request, reply) => {
        const found = await signedInProfile(request, request.query.firebaseAuthUID, reply);
        if (!found) return reply;
        const { beta_feature_name: name, enable_feature: enabled } = request.body;
        const updated = await users.update(
          found.profile.avaId,
          { features: { [BETA_FEATURES[name]]: enabled } },
          deps.now(),
        );
        return { flags: updated?.features ?? {} } satisfies EnrollBetaFeatureResponse;
      },
    }),
    route('POST', API.updateSettings, {
      summary: "The updateSettings function: saves one's own settings (merged with those saved).",
      query: uidQuerySchema,
      body: updateSettingsBodySchema,
      response: { 200: updateSettingsResponseSchema },
      handler: async (request, reply) => {
        const found = await signedInProfile(request, request.query.firebaseAuthUID, reply);
        if (!found) return reply;
        const { avaId, firebaseAuthUID, settings } = request.body.data;
        if (avaId !== found.profile.avaId || firebaseAuthUID !== found.identity.uid) {
          return reply.code(403).send(apiError('forbidden', 'You can only change your own settings.'));
        }
        const updated = await users.update(avaId, { settings }, deps.now());
        return { result: { settings: updated?.settings ?? {} } } satisfies UpdateSettingsResponse;
      },
    }),
    route('POST', API.ttsVoice, {
      summary: 'Saves the text-to-speech voice the signed-in person chose; answers the profile.',
      query: uidQuerySchema,
      body: ttsVoiceBodySchema,
      response: PROFILE_RESPONSES,
      handler: async (request, reply) => {
        const found = await signedInProfile(request, request.query.firebaseAuthUID, reply);
        if (!found) return reply;
        const { voiceId } = request.body;
        const voice = TTS_VOICES.find((v) => voiceId === v || voiceId.endsWith(`-${v}`));
        if (!voice) return reply.code(400).send(apiError('unknown-voice', `No voice is named ${voiceId}.`));
        return users.update(found.profile.avaId, { ttsVoice: voice }, deps.now());
      },
    }),
    route('POST', API.customToken, {
      summary: "Trades the caller's ID token for a custom token (the desktop app's sign-in).",
      body: customTokenBodySchema,
      response: { 200: customTokenResponseSchema },
      handler: async (request, reply) => {
        const identity = accountOf(request);
        if (!deps.verifier) return reply;
        const { idToken } = request.body;
        // The body's token must be as valid as the header's, and the same person's.
        const checked =
          idToken === parseIdentityAuthorization(request.headers.authorization)
            ? { ok: true as const, identity }
            : await deps.verifier.verify(idToken);
        if (!checked.ok || checked.identity.uid !== identity.uid) {
          return reply
            .code(401)
            .send(apiError('invalid-token', 'idToken is not a valid token of this account.'));
        }
        const customToken = await deps.verifier.createCustomToken(identity.uid);
        return { customToken } satisfies CustomTokenResponse;
      },
    }),
    route('GET', API.remoteConfig, {
      summary: 'The remote-config flags (web_enable_sso, convo_v2, web_use_webrtc, ...): readable by anyone.',
      response: { 200: remoteConfigFlagsSchema },
      handler: () => deps.remoteConfig,
    }),
  ];
}

export function registerUserRoutes(app: FastifyInstance, deps: UserRouteDeps): void {
  registerDescribed(app, userRoutes(deps));
}
