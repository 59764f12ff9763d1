/**
 * Configurations that cannot leak. The Firebase Auth emulator trusts unsigned identity tokens
 * and lists every password-reset and verification code to whoever asks: a server using it must
 * only ever be reachable from this machine. These are pure functions of the configuration (and
 * of the environment, for credentials the server never reads itself); loadConfig calls
 * `assertSafeConfig`, so `npm start` and `node dist/server/main.js` refuse to start with the
 * reason and the variable to change.
 *
 * Rules:
 * - Listening beyond loopback (HEARKEN_HOST not 127.x, ::1 or localhost) needs
 *   HEARKEN_PUBLIC_URL: invite links are then never taken from what a request says its origin is.
 * - With the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST): the project id must start with `demo-`
 *   and no real credentials (GOOGLE_APPLICATION_CREDENTIALS, a real Google API key) may be set.
 *   Always; no override.
 * - With the Auth emulator, nothing may be reachable beyond loopback: not the server
 *   (HEARKEN_HOST), not its public URL, not the emulator itself (its host, its public URL).
 *   Only for a private test network, and only with the exact value below, the override
 *   HEARKEN_UNSAFE_ALLOW_EMULATOR_ON_NETWORK lifts this rule (and only this one).
 */
import type { AuthConfig, ServerConfig } from './config';

export const EMULATOR_NETWORK_OVERRIDE = 'HEARKEN_UNSAFE_ALLOW_EMULATOR_ON_NETWORK';
export const EMULATOR_NETWORK_OVERRIDE_VALUE = 'i-understand-anyone-can-sign-in-as-anyone';

/** Environment variables that hold real Google credentials: never beside the emulator. */
export const REAL_CREDENTIAL_VARIABLES = ['GOOGLE_APPLICATION_CREDENTIALS'] as const;

/** Google API keys (a real Firebase project's web key) have this form; the emulator takes any string. */
const GOOGLE_API_KEY = /^AIza[0-9A-Za-z_-]{20,}$/;

/** A host name or address (brackets allowed around IPv6) that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  h = h.replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is the IPv4 address.
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  const parts = v4.split('.');
  return (
    parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
  );
}

/** An http(s) URL whose host is loopback (false for anything unparsable). */
export function isLoopbackUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && isLoopbackHost(parsed.hostname);
}

/** The host of FIREBASE_AUTH_EMULATOR_HOST (`host:port`, `[v6]:port` or a bare host). */
function hostOfHostAndPort(value: string): string {
  const v = value.trim();
  if (v.startsWith('[')) return v.slice(0, v.indexOf(']') + 1);
  const colons = v.split(':').length - 1;
  // One colon: host:port. Several: a bare IPv6 address.
  return colons === 1 ? v.slice(0, v.lastIndexOf(':')) : v;
}

type SafetyConfig = Pick<ServerConfig, 'host' | 'publicUrl'> & { auth?: AuthConfig };

/**
 * Every reason this configuration must not run, as sentences naming the variable to change.
 * `env` is read only for credentials and for the override.
 */
export function configProblems(config: SafetyConfig, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const beyondLoopback = !isLoopbackHost(config.host);

  if (config.publicUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(config.publicUrl);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      problems.push(
        `HEARKEN_PUBLIC_URL must be the http(s) address people open, like https://captions.example.org (got "${config.publicUrl}").`,
      );
    }
  } else if (beyondLoopback) {
    problems.push(
      `HEARKEN_HOST=${config.host} makes the server reachable from other machines, so HEARKEN_PUBLIC_URL must say the address people open (like https://captions.example.org): invite links are built from it, never from what a request claims its origin is. Set HEARKEN_PUBLIC_URL, or HEARKEN_HOST=127.0.0.1 to stay on this machine.`,
    );
  }

  const auth = config.auth;
  if (!auth?.emulatorHost) return problems;

  // Never acceptable with the emulator, whatever the network.
  if (!auth.projectId.startsWith('demo-')) {
    problems.push(
      `The Auth emulator (FIREBASE_AUTH_EMULATOR_HOST=${auth.emulatorHost}) is used with the project "${auth.projectId}": the emulator accepts unsigned tokens, so it runs only with a demo project. Set HEARKEN_FIREBASE_PROJECT_ID to a "demo-" id (or leave it unset), or unset FIREBASE_AUTH_EMULATOR_HOST to use the real project.`,
    );
  }
  for (const name of REAL_CREDENTIAL_VARIABLES) {
    if (env[name]?.trim()) {
      problems.push(
        `${name} is set while the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST) is the identity provider: real credentials never go beside the emulator. Unset ${name}, or unset FIREBASE_AUTH_EMULATOR_HOST to use the real project.`,
      );
    }
  }
  if (GOOGLE_API_KEY.test(auth.apiKey)) {
    problems.push(
      'HEARKEN_FIREBASE_API_KEY is a real Google API key while the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST) is the identity provider. Unset HEARKEN_FIREBASE_API_KEY, or unset FIREBASE_AUTH_EMULATOR_HOST to use the real project.',
    );
  }

  // Reachable from other machines: refused unless the override says it is a private network.
  const exposed: string[] = [];
  if (beyondLoopback) exposed.push(`HEARKEN_HOST=${config.host} (use 127.0.0.1)`);
  if (config.publicUrl !== undefined && !isLoopbackUrl(config.publicUrl)) {
    exposed.push(`HEARKEN_PUBLIC_URL=${config.publicUrl} (unset it, or use a localhost address)`);
  }
  if (!isLoopbackHost(hostOfHostAndPort(auth.emulatorHost))) {
    exposed.push(`FIREBASE_AUTH_EMULATOR_HOST=${auth.emulatorHost} (run the emulator on 127.0.0.1)`);
  }
  if (auth.emulatorPublicUrl !== undefined && !isLoopbackUrl(auth.emulatorPublicUrl)) {
    exposed.push(`HEARKEN_AUTH_EMULATOR_PUBLIC_URL=${auth.emulatorPublicUrl} (unset it)`);
  }
  const override = env[EMULATOR_NETWORK_OVERRIDE];
  if (exposed.length > 0 && override !== EMULATOR_NETWORK_OVERRIDE_VALUE) {
    const overrideNote =
      override === undefined || override === ''
        ? ''
        : ` (${EMULATOR_NETWORK_OVERRIDE} is set, but not to the one value that allows this)`;
    problems.push(
      `The Auth emulator lets anyone sign in as anyone and read every sign-in code, so with it nothing may be reachable from other machines. Change: ${exposed.join('; ')}. For a real deployment configure a Firebase project instead (HEARKEN_FIREBASE_PROJECT_ID, HEARKEN_FIREBASE_API_KEY, GOOGLE_APPLICATION_CREDENTIALS; unset FIREBASE_AUTH_EMULATOR_HOST). Only on a private test network that nobody else can reach: ${EMULATOR_NETWORK_OVERRIDE}=${EMULATOR_NETWORK_OVERRIDE_VALUE}${overrideNote}.`,
    );
  }
  return problems;
}

/** Throws one error listing every problem of `configProblems`; returns when there is none. */
export function assertSafeConfig(config: SafetyConfig, env: NodeJS.ProcessEnv): void {
  const problems = configProblems(config, env);
  if (problems.length === 0) return;
  throw new Error(
    problems.length === 1
      ? `refusing to start: ${problems[0]}`
      : `refusing to start:\n${problems.map((p) => `- ${p}`).join('\n')}`,
  );
}

/** The origin of an http(s) URL, or undefined. */
function httpOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/**
 * The origin written into invite links. HEARKEN_PUBLIC_URL when set. Otherwise `hint` (the
 * origin the host's browser used, from its socket's Origin or Host header) only when the server
 * listens on loopback and the hint is itself a loopback http(s) origin: a request's headers are
 * never trusted to name the address other people are sent to. Else the address the server is
 * bound to.
 */
export function inviteOrigin(
  config: Pick<ServerConfig, 'host' | 'publicUrl'>,
  hint: string | undefined,
  boundOrigin: string,
): string {
  if (config.publicUrl) return config.publicUrl;
  if (isLoopbackHost(config.host)) {
    const origin = httpOrigin(hint);
    if (origin && isLoopbackUrl(origin)) return origin;
  }
  return boundOrigin;
}

/**
 * The web app's origin for the links an HTTP answer carries (a licence's magic link, where
 * Checkout and the billing portal send people back): the invite links' rule (inviteOrigin), with
 * the request's Origin header, else its Host, as the hint. A request's headers never name the
 * address people are sent to beyond a loopback server's own loopback origins.
 */
export function requestWebOrigin(
  config: Pick<ServerConfig, 'host' | 'publicUrl'>,
  request: { headers: { origin?: string | undefined; host?: string | undefined }; protocol: string },
  boundOrigin: string,
): string {
  const { origin, host } = request.headers;
  const hint = origin ?? (host ? `${request.protocol}://${host}` : undefined);
  return inviteOrigin(config, hint, boundOrigin);
}

/**
 * The Auth emulator's origin as a browser that loaded this server's pages at `requestHostname`
 * reaches it (HEARKEN_AUTH_EMULATOR_PUBLIC_URL, or http://<FIREBASE_AUTH_EMULATOR_HOST>, with a
 * wildcard host replaced by the browser's host name). Undefined without the emulator.
 */
export function emulatorBrowserOrigin(
  auth: AuthConfig | undefined,
  requestHostname: string,
): string | undefined {
  if (!auth?.emulatorHost) return undefined;
  if (auth.emulatorPublicUrl) return httpOrigin(auth.emulatorPublicUrl);
  const host = hostOfHostAndPort(auth.emulatorHost);
  const port = auth.emulatorHost.slice(host.length).replace(/^:/, '');
  const wildcard = host === '0.0.0.0' || host === '::' || host === '[::]';
  const name = wildcard ? requestHostname : host;
  if (!name) return undefined;
  return httpOrigin(`http://${name}${port ? `:${port}` : ''}`);
}
