/**
 * The contract between the web pages and the desktop app (accounts.md: desktop sign-in).
 *
 * The desktop app registers its own URL scheme. After a sign-in on `/web/login/desktop`, the web
 * page mints a custom token (`POST /api/v1/users/me/customToken`) and opens
 * `hearken://login?customToken=<token>`; the operating system hands that URL to the running app
 * (second-instance on Windows and Linux, open-url on macOS), which parses it with
 * `parseDeepLink`, keeps the token encrypted and signs the renderer in with it.
 */

/** The app's own URL scheme, without `:` or `//`. */
export const DESKTOP_PROTOCOL = 'hearken';

/** Deep-link actions: the part after `hearken://`. */
export const DEEP_LINK_ACTIONS = { login: 'login' } as const;
export type DeepLinkAction = (typeof DEEP_LINK_ACTIONS)[keyof typeof DEEP_LINK_ACTIONS];

/** Query parameter of the login deep link that carries the Firebase custom token. */
export const DEEP_LINK_CUSTOM_TOKEN_PARAM = 'customToken';

/**
 * A Firebase custom token is a JWT of about 1 KB (header.payload.signature, base64url; the
 * Auth emulator's are unsigned, so the signature part may be empty). Anything else arriving
 * through the scheme is refused: any program on the machine can open a `hearken://` URL.
 */
export const CUSTOM_TOKEN_MAX_LENGTH = 8192;
const CUSTOM_TOKEN_RE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The whole URL, not just the token, is bounded so a huge argument is not even parsed. */
export const DEEP_LINK_MAX_LENGTH = CUSTOM_TOKEN_MAX_LENGTH + 256;

export function isCustomTokenShape(token: string): boolean {
  return token.length > 0 && token.length <= CUSTOM_TOKEN_MAX_LENGTH && CUSTOM_TOKEN_RE.test(token);
}

/** The URL the web page opens to hand a custom token to the desktop app. */
export function desktopLoginDeepLink(customToken: string): string {
  return `${DESKTOP_PROTOCOL}://${DEEP_LINK_ACTIONS.login}?${DEEP_LINK_CUSTOM_TOKEN_PARAM}=${encodeURIComponent(customToken)}`;
}

export type DeepLinkProblem =
  'not-our-scheme' | 'too-long' | 'malformed' | 'unknown-action' | 'missing-token' | 'invalid-token';

export type DeepLink =
  { ok: true; action: 'login'; customToken: string } | { ok: false; problem: DeepLinkProblem };

/**
 * Parses a URL received through the app's scheme. Only `hearken://login?customToken=<JWT>` is
 * accepted (host case and a trailing slash are forgiven, since platforms differ in how they
 * pass the URL on); everything else gets the reason it was refused.
 */
export function parseDeepLink(raw: string): DeepLink {
  if (raw.length > DEEP_LINK_MAX_LENGTH) return { ok: false, problem: 'too-long' };
  if (!raw.toLowerCase().startsWith(`${DESKTOP_PROTOCOL}:`)) return { ok: false, problem: 'not-our-scheme' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  // `hearken://login?...` puts the action in the host; `hearken:login?...` in the path.
  const action = (url.host || url.pathname).replace(/^\/+|\/+$/g, '').toLowerCase();
  if (action !== DEEP_LINK_ACTIONS.login) return { ok: false, problem: 'unknown-action' };
  const tokens = url.searchParams.getAll(DEEP_LINK_CUSTOM_TOKEN_PARAM);
  if (tokens.length === 0 || tokens[0] === '') return { ok: false, problem: 'missing-token' };
  // Two tokens in one link is not something our page produces: refuse rather than pick one.
  if (tokens.length > 1) return { ok: false, problem: 'invalid-token' };
  const customToken = tokens[0]!;
  if (!isCustomTokenShape(customToken)) return { ok: false, problem: 'invalid-token' };
  return { ok: true, action: 'login', customToken };
}

/**
 * On Windows and Linux a second launch receives the deep link as a command-line argument.
 * Returns the first argument in our scheme, if any (the others are Electron's and Chromium's).
 */
export function findDeepLinkArg(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DESKTOP_PROTOCOL}:`));
}

/** Spec: "Desktop version must be at least 2.1.9 for desktop v2". */
export const DESKTOP_V2_MIN_VERSION = '2.1.9';
