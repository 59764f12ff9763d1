/**
 * Server configuration from the environment, with embedded defaults that run on a fresh
 * machine: PGlite in ./data, models in ./models, the bundled Silero VAD, port 8080.
 */
import { parseScribeEmails } from './auth';
import { type LogFormat, logFormatFrom } from './logs';
import { availableParallelism } from 'node:os';
import { type ServerLimits, loadLimits } from './limits';
import { join, resolve } from 'node:path';
import { packageRoot } from './package-root';
import { type HostedRecapConfig, loadRecapConfig } from './recap';
import { type PaymentsConfig, loadPaymentsConfig, loadPlacesApiKey } from './payments';
import { loadUpdateFeed } from './desktop-builds';
import {
  parseEngineSettings,
  resolveTiers,
  type Tier,
  type TierChoice,
  tierChoices,
} from '../native/speech/tiers';
import type { EngineSpec } from '../native/speech/types';
import type { TtsEngineSpec } from '../native/tts/types';
import { ttsSpecFromEnv } from '../native/tts/engines';
import { DEFAULT_REMOTE_CONFIG, type RemoteConfigFlags } from '../shared/user';
import { assertSafeConfig } from './config-safety';
import { type TranslationConfig, loadTranslationConfig } from './translation';
import { type WebRtcConfig, loadWebRtcConfig } from './webrtc';
import { type MeetingBotConfig, loadMeetingBotConfig } from './meeting-bot';
import { type PhoneCallConfig, loadPhoneCallConfig } from './phone-calls';
import { type ClusterConfig, loadClusterConfig } from './cluster';
import { type MailSettings, loadMailConfig } from './mail';

/**
 * Firebase Authentication: the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST set, a demo project,
 * no credentials) or a real project (its web configuration, and a service account through
 * GOOGLE_APPLICATION_CREDENTIALS). Absent: accounts are off, guests still work.
 */
export interface AuthConfig {
  projectId: string;
  apiKey: string;
  authDomain: string;
  appId?: string;
  /** host:port of the Auth emulator; set only in emulator mode. */
  emulatorHost?: string;
  /**
   * The emulator's URL as browsers reach it. Default: http://<emulatorHost>, or, when the
   * emulator listens on every interface, the host name each browser used for this server.
   */
  emulatorPublicUrl?: string;
  /** Provider id of the SSO button (a SAML or OIDC provider of the project). */
  ssoProviderId?: string;
}

/** Where client logs are forwarded besides the database: an Elasticsearch or OpenSearch endpoint. */
export interface ElasticConfig {
  url: string;
  index: string;
  /** The Authorization header value ("ApiKey ...", "Basic ..."), when the endpoint needs one. */
  authorization?: string;
}

export interface ServerConfig {
  host: string;
  port: number;
  /**
   * Origin used in room links. Required when listening beyond loopback; when unset (loopback
   * only), the loopback origin the host's browser used (config-safety.ts inviteOrigin).
   */
  publicUrl?: string;
  dataDir: string;
  databaseUrl?: string;
  modelsDir: string;
  vadModel: string;
  speechWorkers: number;
  /** Decoders created ahead per worker and engine, so new streams start at once. */
  warmDecoders: number;
  /**
   * PocketSphinx vocabulary boost (docs/boost.md), in the speech pool's boost host process. On
   * unless HEARKEN_POCKETSPHINX_BOOST=0.
   */
  pocketsphinxBoost: boolean;
  tiers: Record<Tier, EngineSpec[]>;
  /** Whether each tier's engine was named (HEARKEN_TIER_*) or left to the best installed. */
  tierChoices: Record<Tier, TierChoice>;
  /** Voiced replies' engine (HEARKEN_TTS_ENGINE, HEARKEN_ESPEAK_NG); absent: eSpeak NG on the PATH. */
  tts?: TtsEngineSpec;
  /** The built web client (dist/web); not served when absent. */
  webDir: string;
  logLevel: string;
  /** pretty: short lines for a terminal; json: one record a line (logs/pretty.ts). */
  logFormat: LogFormat;
  auth?: AuthConfig;
  remoteConfig: RemoteConfigFlags;
  elastic?: ElasticConfig;
  /**
   * Days client log entries are kept (HEARKEN_CLIENT_LOG_RETENTION_DAYS, 14 by default): older
   * ones are deleted by a periodic sweep (client-logs/retention.ts). They are for debugging a
   * recent problem, and they name who sent them.
   */
  clientLogRetentionDays: number;
  /**
   * Fastify's trustProxy: which proxies' X-Forwarded-For is believed, so per-address limits see
   * the person's address rather than the proxy's. False unless HEARKEN_TRUST_PROXY is set.
   */
  trustProxy: boolean | string;
  /** Limits that hold under abuse (limits.ts). */
  limits: ServerLimits;
  /** The meeting bot provider (meeting-bot/config.ts: HEARKEN_MEETING_BOT_*); absent: the local stand-in. */
  meetingBot?: MeetingBotConfig;
  /** Phone conference dial-in (phone-calls/config.ts: HEARKEN_TWILIO_*, HEARKEN_PHONE_*); absent: off. */
  phoneCalls?: PhoneCallConfig;
  /** The translation engine (translation/config.ts: HEARKEN_TRANSLATION_*). */
  translation: TranslationConfig;
  /** The optional hosted model for smart recaps (recap/config.ts: HEARKEN_RECAP_*); absent: extractive only. */
  recap?: HostedRecapConfig;
  /** WebRTC audio and the TURN servers clients relay through (webrtc/config.ts: HEARKEN_WEBRTC*, HEARKEN_TURN_*). */
  webrtc: WebRtcConfig;
  /** Stripe, or the local checkout stand-in without keys (payments/config.ts). */
  payments: PaymentsConfig;
  /** A hosted places provider's key for organisation search; absent: the bundled gazetteer. */
  placesApiKey?: string;
  /** HEARKEN_SCRIBE_EMAILS: accounts with these emails have the scribe flag (auth/scribe-grants.ts). */
  scribeEmails?: string[];
  /** Cluster mode (cluster/config.ts: HEARKEN_CLUSTER_*); absent: one process, as before. */
  cluster?: ClusterConfig;
  /** HEARKEN_UPDATE_FEED: the desktop app's update feed, whose builds the download page lists (desktop-builds/). */
  updateFeed?: string;
  /** HEARKEN_SMTP_URL, HEARKEN_MAIL_FROM (mail/config.ts); absent: no mail, the interface shows links. */
  mail?: MailSettings;
  /** HEARKEN_METRICS_TOKEN: `GET /metrics` answers beyond loopback to `Bearer <this>` (metrics/routes.ts). */
  metricsToken?: string;
  /**
   * HEARKEN_SHUTDOWN_TIMEOUT_MS: how long stopping may take (storing the rooms' last words,
   * closing connections) before the process exits anyway with a failing code (main.ts). 25 s: under
   * Kubernetes' default 30 s grace, so the log says what hung instead of a SIGKILL saying nothing.
   */
  shutdownTimeoutMs: number;
}

/**
 * HEARKEN_TRUST_PROXY: "true" (believe any proxy) or the proxies' addresses or CIDR ranges,
 * comma-separated ("10.0.0.0/8,127.0.0.1"). Unset or "false": none.
 */
export function parseTrustProxy(raw: string | undefined): boolean | string {
  const value = raw?.trim();
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** The SSO provider the emulator's fake sign-in page answers for, when none is configured. */
export const EMULATOR_SSO_PROVIDER_ID = 'oidc.hearken-sso';

export function loadAuthConfig(env: NodeJS.ProcessEnv): AuthConfig | undefined {
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  const projectId = env.HEARKEN_FIREBASE_PROJECT_ID?.trim();
  const sso = env.HEARKEN_FIREBASE_SSO_PROVIDER?.trim();
  if (emulatorHost) {
    const id = projectId || 'demo-hearken';
    return {
      projectId: id,
      // The emulator accepts any API key.
      apiKey: env.HEARKEN_FIREBASE_API_KEY?.trim() || 'demo-api-key',
      authDomain: `${id}.firebaseapp.com`,
      emulatorHost,
      ...(env.HEARKEN_AUTH_EMULATOR_PUBLIC_URL?.trim()
        ? { emulatorPublicUrl: env.HEARKEN_AUTH_EMULATOR_PUBLIC_URL.trim().replace(/\/+$/, '') }
        : {}),
      ssoProviderId: sso || EMULATOR_SSO_PROVIDER_ID,
    };
  }
  const apiKey = env.HEARKEN_FIREBASE_API_KEY?.trim();
  if (!projectId && !apiKey) return undefined;
  if (!projectId || !apiKey) {
    throw new Error(
      'a real Firebase project needs both HEARKEN_FIREBASE_PROJECT_ID and HEARKEN_FIREBASE_API_KEY',
    );
  }
  return {
    projectId,
    apiKey,
    authDomain: env.HEARKEN_FIREBASE_AUTH_DOMAIN?.trim() || `${projectId}.firebaseapp.com`,
    ...(env.HEARKEN_FIREBASE_APP_ID ? { appId: env.HEARKEN_FIREBASE_APP_ID.trim() } : {}),
    ...(sso ? { ssoProviderId: sso } : {}),
  };
}

/** HEARKEN_REMOTE_CONFIG: a JSON object of flags over the defaults; unknown or non-boolean values refused. */
export function loadRemoteConfig(raw: string | undefined): RemoteConfigFlags {
  if (!raw || raw.trim() === '') return { ...DEFAULT_REMOTE_CONFIG };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`HEARKEN_REMOTE_CONFIG must be a JSON object, got "${raw}"`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('HEARKEN_REMOTE_CONFIG must be a JSON object');
  }
  const flags = { ...DEFAULT_REMOTE_CONFIG };
  for (const [key, value] of Object.entries(parsed)) {
    if (!(key in flags) || typeof value !== 'boolean') {
      throw new Error(`HEARKEN_REMOTE_CONFIG: "${key}" is not a known flag with a true/false value`);
    }
    flags[key as keyof RemoteConfigFlags] = value;
  }
  return flags;
}

function loadElasticConfig(env: NodeJS.ProcessEnv): ElasticConfig | undefined {
  const url = env.HEARKEN_LOGS_ELASTIC_URL?.trim();
  if (!url) return undefined;
  return {
    url: url.replace(/\/+$/, ''),
    index: env.HEARKEN_LOGS_ELASTIC_INDEX?.trim() || 'hearken-client-logs',
    ...(env.HEARKEN_LOGS_ELASTIC_AUTH ? { authorization: env.HEARKEN_LOGS_ELASTIC_AUTH.trim() } : {}),
  };
}

export { packageRoot, packageVersion } from './package-root';

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

/** A whole number of at least 1 (0 would keep nothing, or be read as "for ever"). */
function positiveInt(value: string | undefined, fallback: number, name: string): number {
  const n = int(value, fallback, name);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${value}"`);
  return n;
}

function withDefined<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  isTerminal: boolean = Boolean(process.stdout.isTTY),
): ServerConfig {
  const root = packageRoot();
  const modelsDir = resolve(env.HEARKEN_MODELS_DIR ?? join(root, 'models'));
  const vadModel = resolve(
    env.HEARKEN_VAD_MODEL ?? join(root, 'resources/models/silero-vad/silero_vad.onnx'),
  );
  const workers = int(env.HEARKEN_SPEECH_WORKERS, availableParallelism(), 'HEARKEN_SPEECH_WORKERS');
  const configuredTiers: Partial<Record<Tier, string>> = {
    ...(env.HEARKEN_TIER_BASIC ? { basic: env.HEARKEN_TIER_BASIC } : {}),
    ...(env.HEARKEN_TIER_PREMIUM ? { premium: env.HEARKEN_TIER_PREMIUM } : {}),
  };
  const dataDir = env.HEARKEN_DATA_DIR ?? join(root, 'data');
  const config: ServerConfig = {
    host: env.HEARKEN_HOST ?? '127.0.0.1',
    port: int(env.HEARKEN_PORT ?? env.PORT, 8080, 'HEARKEN_PORT'),
    ...(env.HEARKEN_PUBLIC_URL ? { publicUrl: env.HEARKEN_PUBLIC_URL.replace(/\/+$/, '') } : {}),
    dataDir,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...withDefined('cluster', loadClusterConfig(env)),
    modelsDir,
    vadModel,
    speechWorkers: Math.max(1, workers),
    warmDecoders: int(env.HEARKEN_WARM_DECODERS, 1, 'HEARKEN_WARM_DECODERS'),
    pocketsphinxBoost: env.HEARKEN_POCKETSPHINX_BOOST !== '0',
    tiers: resolveTiers({
      modelsDir,
      vadModel,
      ...withDefined('pocketsphinxArgs', parseEngineSettings(env.HEARKEN_POCKETSPHINX_ARGS)),
      configured: configuredTiers,
    }),
    tierChoices: tierChoices(configuredTiers),
    tts: ttsSpecFromEnv(env),
    webDir: resolve(env.HEARKEN_WEB_DIR ?? join(root, 'dist/web')),
    logLevel: env.HEARKEN_LOG_LEVEL ?? 'info',
    logFormat: logFormatFrom(env.HEARKEN_LOG_FORMAT, isTerminal),
    ...withDefined('auth', loadAuthConfig(env)),
    remoteConfig: loadRemoteConfig(env.HEARKEN_REMOTE_CONFIG),
    ...withDefined('elastic', loadElasticConfig(env)),
    clientLogRetentionDays: positiveInt(
      env.HEARKEN_CLIENT_LOG_RETENTION_DAYS,
      14,
      'HEARKEN_CLIENT_LOG_RETENTION_DAYS',
    ),
    trustProxy: parseTrustProxy(env.HEARKEN_TRUST_PROXY),
    limits: loadLimits(env, Math.max(1, workers)),
    translation: loadTranslationConfig(env),
    meetingBot: loadMeetingBotConfig(env),
    phoneCalls: loadPhoneCallConfig(env),
    ...withDefined('recap', loadRecapConfig(env)),
    webrtc: loadWebRtcConfig(env),
    payments: loadPaymentsConfig(env, dataDir, env.HEARKEN_HOST ?? '127.0.0.1'),
    ...withDefined('placesApiKey', loadPlacesApiKey(env)),
    scribeEmails: parseScribeEmails(env.HEARKEN_SCRIBE_EMAILS),
    ...withDefined('updateFeed', loadUpdateFeed(env.HEARKEN_UPDATE_FEED)),
    ...withDefined('mail', loadMailConfig(env, env.HEARKEN_PUBLIC_URL)),
    ...withDefined('metricsToken', env.HEARKEN_METRICS_TOKEN?.trim() || undefined),
    shutdownTimeoutMs: positiveInt(env.HEARKEN_SHUTDOWN_TIMEOUT_MS, 25_000, 'HEARKEN_SHUTDOWN_TIMEOUT_MS'),
  };
  // An Auth emulator reachable from other machines, or invite links taken from request headers:
  // refused here, before anything listens (config-safety.ts).
  assertSafeConfig(config, env);
  return config;
}
