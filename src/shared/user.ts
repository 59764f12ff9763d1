/**
 * The accounts area's entities (accounts.md section 3) with the spec's field names: the user
 * profile, its settings and feature flags, the client log entry, the remote-config flags. Also
 * the small pure rules that read them (complete profile, Scribe, admin, paid subscriber).
 */
import { FONT_SIZE_MAX_PX, FONT_SIZE_MIN_PX, UI_LANGUAGES } from './constants';
import { CONVO_METRIC_COUNTERS, type ConvoMetricCounter, type ConvoMetrics } from './convo-metrics';
import {
  type Infer,
  type OptionalSchema,
  type Schema,
  array,
  boolean,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
} from './schema';

/** Feature flags of a profile (accounts.md section 3, conversation.md's profile fields). */
export const FEATURE_FLAGS = [
  'scribe',
  'translation',
  'desktop-v2',
  'convo-v2',
  'mono-segmentation',
  'tts-v2',
  'recall-ai',
  'saveTranscript',
  'forbid-conversation-saving',
  'forbid-conversation-sharing',
  'google-cloud-asr',
  'nats',
  'dev-mode',
  /** Speaker identification (beta): Hearken's name for the flag `solo_speaker_id` enrols in. */
  'solo-speaker-id',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Partial<Record<FeatureFlag, boolean>>;

/** Beta features the user toggles (PATCH /enrollBetaFeature), and the flag each one sets. */
export const BETA_FEATURES = {
  solo_speaker_id: 'solo-speaker-id',
  desktop_v2: 'desktop-v2',
  convo_v2: 'convo-v2',
} as const satisfies Record<string, FeatureFlag>;
export type BetaFeatureName = keyof typeof BETA_FEATURES;
export const BETA_FEATURE_NAMES = Object.keys(BETA_FEATURES) as BetaFeatureName[];
/**
 * The beta switches the account settings show: only those that change something here.
 * desktop_v2 and convo_v2 have no second version behind them yet (issue 28), so they are not
 * offered; PATCH /enrollBetaFeature still takes them, as the spec names them.
 */
export const BETA_FEATURES_SHOWN: readonly BetaFeatureName[] = ['solo_speaker_id'];

/**
 * Flags a user may set on themselves through PATCH /api/v1.1/users/{avaId}: the beta features
 * and the transcript-saving preference. The others (scribe, dev-mode, ...) grant abilities, so
 * only the server's operators set them.
 */
export const USER_SETTABLE_FLAGS: readonly FeatureFlag[] = [
  ...Object.values(BETA_FEATURES),
  'saveTranscript',
];

/** Which app created the profile (get-or-create's channel). */
export const CHANNELS = ['web-v2', 'desktop-v2'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Hearing profiles 0 to 4 (-1 or undefined: not set). The words are in the translations. */
export const HEARING_PROFILES = [0, 1, 2, 3, 4] as const;
export type HearingProfile = (typeof HEARING_PROFILES)[number];
/** Stable names of the hearing profiles, used as translation keys. */
export const HEARING_PROFILE_NAMES: Record<HearingProfile, string> = {
  0: 'deaf',
  1: 'hardOfHearing',
  2: 'hearing',
  3: 'hearingWithDeafPeople',
  4: 'preferNotToSay',
};

/** How someone takes part in a conversation: speaking, typing (voiced by a synthetic voice), or both. */
export const VOICING_PROFILES = ['speak', 'type', 'both'] as const;
export type VoicingProfile = (typeof VOICING_PROFILES)[number];

/** The text-to-speech voices (conversation.md section 3: six voices, one provider). */
export const TTS_VOICES = ['alloy', 'echo', 'fable', 'nova', 'onyx', 'shimmer'] as const;
export type TtsVoice = (typeof TTS_VOICES)[number];
/** The voice genders one may prefer (tts-gender-preference; shared/tts.ts re-exports them). */
export const TTS_GENDERS = ['male', 'female', 'neutral'] as const;
export type TtsGender = (typeof TTS_GENDERS)[number];

/** Roles a profile can carry (workspace admin or member). */
export const USER_ROLES = ['admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const THEMES = ['light', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];

/**
 * The stored user document's settings (collection 'users', one per avaId). webFontSize is the
 * spec's; language and theme are Hearken's additions, so they follow the person to every device.
 */
export const userSettingsSchema = object({
  webFontSize: optional(number({ min: FONT_SIZE_MIN_PX, max: FONT_SIZE_MAX_PX, integer: true })),
  language: optional(oneOf(UI_LANGUAGES)),
  theme: optional(oneOf(THEMES)),
  /** Others may find this account by name start or exact email to invite it (shared/user-query.ts); off unless set. */
  findable: optional(boolean()),
});
export type UserSettings = Infer<typeof userSettingsSchema>;

/**
 * Feature flags as they travel. Typed as the flags, but any name passes the check: PATCH v1.1
 * refuses those not the caller's to set with its own code (flag-not-settable), after it.
 */
export const featureFlagsSchema: Schema<FeatureFlags> = record(boolean(), { maxKeys: FEATURE_FLAGS.length });

export const subscriptionSchema = object({
  /** Free, Freedom (shown as Community), Pro... */
  ongoingSubscription: optional(string()),
  /** Lite (shown as Free)... */
  ongoingSubscriptionSubtype: optional(string()),
});
export type Subscription = Infer<typeof subscriptionSchema>;

/** The profile's counters: accounts.md's total_conversations and the spec's (convo-metrics.ts). */
const convoMetricsSchema: Schema<ConvoMetrics> = object({
  total_conversations: number({ min: 0, integer: true }),
  ...(Object.fromEntries(CONVO_METRIC_COUNTERS.map((c) => [c, optional(number({ min: 0 }))])) as Record<
    ConvoMetricCounter,
    OptionalSchema<number>
  >),
});

/** User profile (accounts.md section 3): what the account routes answer. */
export const userProfileSchema = object({
  avaId: string(),
  avaName: string(),
  userName: string(),
  /** 'Temporary' for temporary accounts; anything else is a full account. */
  accountType: string(),
  /** Email address per sign-in provider ("password", "google.com", ...). */
  emails: record(string()),
  phoneNumber: optional(string()),
  userPhoto: optional(string()),
  organization: optional(object({ name: string(), type: optional(string()) })),
  organizationId: optional(string()),
  country: optional(string()),
  city: optional(string()),
  convoMetrics: convoMetricsSchema,
  /** 0 to 4; -1 or absent: not set. */
  hearingProfile: optional(number({ integer: true })),
  voicingProfile: optional(oneOf(VOICING_PROFILES)),
  ttsVoice: optional(oneOf(TTS_VOICES)),
  /** The voice gender preferred (tts-gender-preference); absent: the spec's default, male. */
  ttsGender: optional(oneOf(TTS_GENDERS)),
  role: optional(oneOf(USER_ROLES)),
  orgProperties: optional(object({ role: optional(string()) })),
  firebaseAuthUID: string(),
  features: featureFlagsSchema,
  subscription: subscriptionSchema,
  /** Milliseconds. */
  scribeRemainingTime: number(),
  /** Milliseconds. */
  paidASRCreditTime: number(),
  settings: userSettingsSchema,
  inviteMetrics: record(number()),
  joinMetrics: record(number()),
  channel: optional(oneOf(CHANNELS)),
  createdAtMs: number(),
});
export type UserProfile = Infer<typeof userProfileSchema>;

/** -1 means "not set"; the route's range check gives the spec's message, so any integer passes here. */
const hearingProfileBodySchema = number({ integer: true, min: -1000, max: 1000 });
const metricsBodySchema = record(number({ min: 0, max: 1e12 }), { maxKeys: 50 });
/** Names are checked by the routes (checkUserName, isValidDisplayName), with the spec's messages. */
const nameBodySchema = string({ max: 200 });

/** Fields a PATCH of /api/v1.1/users/{avaId} may carry (accounts.md section 7). */
export const userPatchV11Schema = object({
  flags: optional(featureFlagsSchema),
  hearingProfile: optional(hearingProfileBodySchema),
  inviteMetrics: optional(metricsBodySchema),
  joinMetrics: optional(metricsBodySchema),
  convoMetrics: optional(object({ total_conversations: number({ min: 0, max: 1e9, integer: true }) })),
  role: optional(oneOf(USER_ROLES)),
  settings: optional(userSettingsSchema),
  userName: optional(nameBodySchema),
});
export type UserPatchV11 = Infer<typeof userPatchV11Schema>;

/** Fields of PATCH /api/v1/users/me (the profile fields a person edits); an empty body creates it. */
export const userPatchMeSchema = object({
  userName: optional(nameBodySchema),
  avaName: optional(nameBodySchema),
  hearingProfile: optional(hearingProfileBodySchema),
  voicingProfile: optional(oneOf(VOICING_PROFILES)),
  ttsVoice: optional(oneOf(TTS_VOICES)),
  country: optional(string({ max: 100 })),
  city: optional(string({ max: 100 })),
  settings: optional(userSettingsSchema),
});
export type UserPatchMe = Infer<typeof userPatchMeSchema>;

/** A user whose name is still missing is sent to the user-name step of the onboarding. */
export function isProfileComplete(profile: Pick<UserProfile, 'userName'>): boolean {
  return profile.userName.trim().length > 0;
}

export function isScribe(profile: Pick<UserProfile, 'features'>): boolean {
  return profile.features.scribe === true;
}

/** Admin if the profile's role or its organisation role is admin (accounts.md section 6). */
export function isAdmin(profile: Pick<UserProfile, 'role' | 'orgProperties'>): boolean {
  return profile.role === 'admin' || profile.orgProperties?.role === 'admin';
}

/**
 * The plan's name as people see it (accounts.md, conversation.md "Subscription display"): Freedom
 * is shown as Community, the Lite subtype as Free, no plan as Free; others as they are named.
 */
export function planDisplayName(subscription: Subscription | undefined): string {
  if (subscription?.ongoingSubscriptionSubtype === 'Lite') return 'Free';
  const plan = subscription?.ongoingSubscription;
  if (!plan) return 'Free';
  return plan === 'Freedom' ? 'Community' : plan;
}

/** A plan is present, is not Free, and its subtype is not Lite. */
export function isPaidSubscriber(subscription: Subscription | undefined): boolean {
  const plan = subscription?.ongoingSubscription;
  return Boolean(plan) && plan !== 'Free' && subscription?.ongoingSubscriptionSubtype !== 'Lite';
}

/**
 * Whether the plan itself gives Premium recognition (conversation.md, Caption quality): a paid
 * subscriber other than Freedom (a Pro licence included), or the google-cloud-asr feature.
 * Nothing is counted down for them: the server serves them Premium without spending credit
 * (server auth/entitlements.ts), and the conversation shows them no credit countdown.
 */
export function planGivesPremium(profile: Pick<UserProfile, 'subscription' | 'features'>): boolean {
  return (
    (isPaidSubscriber(profile.subscription) && profile.subscription?.ongoingSubscription !== 'Freedom') ||
    profile.features['google-cloud-asr'] === true
  );
}

/** Hearing profile 0 to 4 is set; -1, absent or anything else is not. */
export function isHearingProfileSet(value: number | undefined | null): value is HearingProfile {
  return typeof value === 'number' && (HEARING_PROFILES as readonly number[]).includes(value);
}

/** Saved font size: a whole number of pixels in range, else nothing (the device's own stays). */
export function savedFontSize(settings: UserSettings | undefined): number | undefined {
  const px = settings?.webFontSize;
  return typeof px === 'number' && Number.isInteger(px) && px >= FONT_SIZE_MIN_PX && px <= FONT_SIZE_MAX_PX
    ? px
    : undefined;
}

export const CLIENT_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
/** Entries per POST, and characters per message: more is refused. */
export const CLIENT_LOGS_MAX_ENTRIES = 100;
export const CLIENT_LOG_MAX_MSG = 4000;
/** Keys of an entry's `extra` object (whose JSON is bounded by CLIENT_LOG_MAX_MSG too): more is refused. */
export const CLIENT_LOG_EXTRA_MAX_KEYS = 30;

/** An entry's extra metadata: any JSON object, with at most the keys and the characters of JSON above. */
const clientLogExtraSchema: Schema<Record<string, unknown>> = {
  describe: `object of at most ${CLIENT_LOG_EXTRA_MAX_KEYS} keys`,
  json: { type: 'object', maxProperties: CLIENT_LOG_EXTRA_MAX_KEYS },
  optional: false,
  check(input, path = '') {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return { ok: false, issue: { path, message: 'expected object' } };
    }
    if (
      Object.keys(input).length > CLIENT_LOG_EXTRA_MAX_KEYS ||
      JSON.stringify(input).length > CLIENT_LOG_MAX_MSG
    ) {
      return { ok: false, issue: { path, message: 'is too large' } };
    }
    return { ok: true, value: input as Record<string, unknown> };
  },
};

/** Client log entry (accounts.md section 3), as POST /pushClientLogsToElastic receives them. */
export const clientLogEntrySchema = object({
  tag: string({ max: 100 }),
  msg: string({ max: CLIENT_LOG_MAX_MSG }),
  level: oneOf(CLIENT_LOG_LEVELS),
  extra: optional(clientLogExtraSchema),
  os: string({ max: 100 }),
  app: string({ max: 100 }),
  browser: string({ max: 200 }),
  device: string({ max: 100 }),
  /** ms since epoch, client clock. */
  timestamp: number({ min: 0, max: 1e14 }),
});
export type ClientLogEntry = Infer<typeof clientLogEntrySchema>;

/** POST /pushClientLogsToElastic's body: a batch of entries. */
export const clientLogsBodySchema = array(clientLogEntrySchema, { max: CLIENT_LOGS_MAX_ENTRIES });

/** Remote-config flags the accounts area reads (accounts.md section 9). */
export const remoteConfigFlagsSchema = object({
  web_enable_sso: boolean(),
  theme_colors_v2: boolean(),
  convo_v2: boolean(),
  desktop_v2: boolean(),
  /**
   * Microphone audio over WebRTC (Opus) when the server offers it, PCM on the socket otherwise
   * (conversation.md: web_use_webrtc; docs/webrtc.md). On by default: a peer connection that
   * cannot get through falls back to the socket by itself; HEARKEN_REMOTE_CONFIG can switch it off.
   */
  web_use_webrtc: boolean(),
});
export type RemoteConfigFlags = Infer<typeof remoteConfigFlagsSchema>;
export const DEFAULT_REMOTE_CONFIG: RemoteConfigFlags = {
  web_enable_sso: false,
  theme_colors_v2: false,
  convo_v2: false,
  desktop_v2: false,
  web_use_webrtc: true,
};
