/**
 * How a node reaches NATS and Redis (docs/deploy.md): read from the environment, checked at
 * start so that a mistake is named before anything connects. Pure; the clients (nats.ts,
 * redis.ts) read the files named here when they connect.
 *
 * NATS: one URL or a comma-separated list (nats:// or tls://), credentials either in the URLs
 * (`nats://user:password@host`, `nats://token@host`, the same on every URL) or in their own
 * variables, one kind only (user and password, token, or a .creds file). Redis: one URL
 * (redis:// or rediss:// for TLS), its password in the URL or in its own variable.
 */

export const CONNECTION_VARIABLES = {
  natsUrl: 'HEARKEN_CLUSTER_NATS_URL',
  natsUser: 'HEARKEN_CLUSTER_NATS_USER',
  natsPassword: 'HEARKEN_CLUSTER_NATS_PASSWORD',
  natsToken: 'HEARKEN_CLUSTER_NATS_TOKEN',
  natsCreds: 'HEARKEN_CLUSTER_NATS_CREDS',
  natsCaFile: 'HEARKEN_CLUSTER_NATS_CA_FILE',
  natsCertFile: 'HEARKEN_CLUSTER_NATS_CERT_FILE',
  natsKeyFile: 'HEARKEN_CLUSTER_NATS_KEY_FILE',
  redisUrl: 'HEARKEN_CLUSTER_REDIS_URL',
  redisPassword: 'HEARKEN_CLUSTER_REDIS_PASSWORD',
  redisCaFile: 'HEARKEN_CLUSTER_REDIS_CA_FILE',
} as const;

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface NatsSettings {
  /** The servers, tried in turn: URLs without their credentials (safe to log). */
  servers: string[];
  user?: string;
  password?: string;
  token?: string;
  /** A .creds file (the JWT and NKey seed NATS accounts use). */
  credsFile?: string;
  /** TLS: on when a URL is tls:// or a file is given; files of PEM. */
  tls?: { caFile?: string; certFile?: string; keyFile?: string };
}

export interface RedisSettings {
  /** redis:// or rediss:// (TLS), without credentials (safe to log). */
  url: string;
  username?: string;
  password?: string;
  /** TLS (rediss://) with a private certificate authority: a PEM file. */
  caFile?: string;
}

export class ConnectionSettingsError extends Error {}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string) => env[name]?.trim() || undefined;

/** The URL's user and password, decoded, and the URL without them. */
function splitCredentials(url: URL): { bare: string; user?: string; password?: string } {
  const user = url.username ? decodeURIComponent(url.username) : undefined;
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  const bare = new URL(url.toString());
  bare.username = '';
  bare.password = '';
  return {
    bare: bare.toString().replace(/\/$/, ''),
    ...(user !== undefined ? { user } : {}),
    ...(password !== undefined ? { password } : {}),
  };
}

export function natsSettings(env: Env): NatsSettings {
  const V = CONNECTION_VARIABLES;
  const raw = value(env, V.natsUrl) ?? '';
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new ConnectionSettingsError(`${V.natsUrl} is empty`);
  const servers: string[] = [];
  const inUrls = new Set<string>();
  let urlAuth: { user?: string; password?: string } = {};
  let wantsTls = false;
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      url = new URL('invalid://');
    }
    if (
      (url.protocol !== 'nats:' && url.protocol !== 'tls:') ||
      !url.hostname ||
      (url.pathname !== '' && url.pathname !== '/') ||
      url.search ||
      url.hash
    )
      throw new ConnectionSettingsError(
        `${V.natsUrl} must be nats://host:4222 or tls://host:4222, or several separated by commas (got "${redact(entry)}")`,
      );
    wantsTls ||= url.protocol === 'tls:';
    const { bare, ...auth } = splitCredentials(url);
    servers.push(bare);
    inUrls.add(JSON.stringify(auth));
    if (auth.user !== undefined) urlAuth = auth;
  }
  // Every URL says the same, or only some say it and the rest say nothing.
  inUrls.delete('{}');
  if (inUrls.size > 1)
    throw new ConnectionSettingsError(`${V.natsUrl}: the servers' URLs carry different credentials`);

  const user = value(env, V.natsUser);
  const password = value(env, V.natsPassword);
  const token = value(env, V.natsToken);
  const credsFile = value(env, V.natsCreds);
  if (urlAuth.user !== undefined && (user || password || token || credsFile))
    throw new ConnectionSettingsError(
      `NATS credentials are given both in ${V.natsUrl} and in ${V.natsUser}/${V.natsPassword}/${V.natsToken}/${V.natsCreds}: give them once`,
    );
  if (Boolean(user) !== Boolean(password))
    throw new ConnectionSettingsError(`${V.natsUser} and ${V.natsPassword} go together`);
  if ([user, token, credsFile].filter(Boolean).length > 1)
    throw new ConnectionSettingsError(
      `give one kind of NATS credentials: ${V.natsUser} and ${V.natsPassword}, ${V.natsToken}, or ${V.natsCreds}`,
    );
  // NATS's convention: a user without a password in the URL is a token.
  const auth =
    urlAuth.user !== undefined
      ? urlAuth.password !== undefined
        ? { user: urlAuth.user, password: urlAuth.password }
        : { token: urlAuth.user }
      : user && password
        ? { user, password }
        : token
          ? { token }
          : {};

  const caFile = value(env, V.natsCaFile);
  const certFile = value(env, V.natsCertFile);
  const keyFile = value(env, V.natsKeyFile);
  if (Boolean(certFile) !== Boolean(keyFile))
    throw new ConnectionSettingsError(`${V.natsCertFile} and ${V.natsKeyFile} go together`);
  const tls =
    wantsTls || caFile || certFile
      ? {
          tls: {
            ...(caFile ? { caFile } : {}),
            ...(certFile ? { certFile } : {}),
            ...(keyFile ? { keyFile } : {}),
          },
        }
      : {};
  return { servers, ...auth, ...(credsFile ? { credsFile } : {}), ...tls };
}

export function redisSettings(env: Env): RedisSettings {
  const V = CONNECTION_VARIABLES;
  const raw = value(env, V.redisUrl) ?? DEFAULT_REDIS_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    url = new URL('invalid://');
  }
  if (
    (url.protocol !== 'redis:' && url.protocol !== 'rediss:') ||
    !url.hostname ||
    !/^(\/\d{0,2})?$/.test(url.pathname) ||
    url.search ||
    url.hash
  )
    throw new ConnectionSettingsError(
      `${V.redisUrl} must look like redis://host:6379, redis://:password@host:6379 or rediss://host:6380 (TLS) (got "${redact(raw)}")`,
    );
  const { bare, user, password: inUrl } = splitCredentials(url);
  const password = value(env, V.redisPassword);
  if (inUrl !== undefined && password)
    throw new ConnectionSettingsError(
      `the Redis password is given both in ${V.redisUrl} and in ${V.redisPassword}: give it once`,
    );
  const caFile = value(env, V.redisCaFile);
  if (caFile && url.protocol !== 'rediss:')
    throw new ConnectionSettingsError(`${V.redisCaFile} is for TLS: use a rediss:// URL`);
  const secret = inUrl ?? password;
  return {
    url: bare,
    ...(user !== undefined ? { username: user } : {}),
    ...(secret !== undefined ? { password: secret } : {}),
    ...(caFile ? { caFile } : {}),
  };
}

/** A URL as it may be shown in an error: its password (or token) replaced. */
function redact(text: string): string {
  return text.replace(/\/\/[^@/\s]*@/g, '//***@');
}
