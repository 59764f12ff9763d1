/**
 * The contract between the web pages and the desktop app (accounts.md: desktop sign-in).
 *
 * The desktop app registers its own URL scheme. After a sign-in on `/web/login/desktop`, the web
 * page mints a custom token (`POST /api/v1/users/me/customToken`) and opens
 * `hearken://login?customToken=<token>`; the operating system hands that URL to the running app
 * (second-instance on Windows and Linux, open-url on macOS), which parses it with
 * `parseDeepLink`, keeps the token encrypted and signs the renderer in with it.
 */
import { FIREBASE_TOKEN_MAX_LENGTH, FIREBASE_TOKEN_PATTERN } from './auth';
import { ROUTES } from './routes';

/** The app's own URL scheme, without `:` or `//`. */
export const DESKTOP_PROTOCOL = 'hearken';

/**
 * Deep-link actions: the part after `hearken://`. `open` only brings the app to the front (the
 * web's /convo-v2/launch-app page opens it), and carries nothing.
 */
export const DEEP_LINK_ACTIONS = { login: 'login', open: 'open' } as const;
export type DeepLinkAction = (typeof DEEP_LINK_ACTIONS)[keyof typeof DEEP_LINK_ACTIONS];

/** Query parameter of the login deep link that carries the Firebase custom token. */
export const DEEP_LINK_CUSTOM_TOKEN_PARAM = 'customToken';

/**
 * A Firebase custom token has a Firebase token's shape and length (auth.ts). Anything else
 * arriving through the scheme is refused: any program on the machine can open a `hearken://` URL.
 */
export const CUSTOM_TOKEN_MAX_LENGTH = FIREBASE_TOKEN_MAX_LENGTH;

/** The whole URL, not just the token, is bounded so a huge argument is not even parsed. */
export const DEEP_LINK_MAX_LENGTH = CUSTOM_TOKEN_MAX_LENGTH + 256;

export function isCustomTokenShape(token: string): boolean {
  return token.length > 0 && token.length <= CUSTOM_TOKEN_MAX_LENGTH && FIREBASE_TOKEN_PATTERN.test(token);
}

/** The URL the web page opens to hand a custom token to the desktop app. */
export function desktopLoginDeepLink(customToken: string): string {
  return `${DESKTOP_PROTOCOL}://${DEEP_LINK_ACTIONS.login}?${DEEP_LINK_CUSTOM_TOKEN_PARAM}=${encodeURIComponent(customToken)}`;
}

export type DeepLinkProblem =
  'not-our-scheme' | 'too-long' | 'malformed' | 'unknown-action' | 'missing-token' | 'invalid-token';

export type DeepLink =
  | { ok: true; action: 'login'; customToken: string }
  | { ok: true; action: 'open' }
  | { ok: false; problem: DeepLinkProblem };

/** The URL the web's launch-app page opens: the app, nothing else asked of it. */
export const DESKTOP_OPEN_DEEP_LINK = `${DESKTOP_PROTOCOL}://${DEEP_LINK_ACTIONS.open}`;

/**
 * Parses a URL received through the app's scheme. Only `hearken://open` and
 * `hearken://login?customToken=<JWT>` are accepted (host case and a trailing slash are forgiven, since platforms differ in how they
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
  // Opening the app asks nothing of it: whatever else the link carries is ignored.
  if (action === DEEP_LINK_ACTIONS.open) return { ok: true, action: 'open' };
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

/** Numeric comparison of dotted versions (`2.1.10` > `2.1.9`); a pre-release suffix sorts first. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = '', pre] = v.trim().replace(/^v/i, '').split('-', 2);
    return { parts: core.split('.').map((p) => Number.parseInt(p, 10) || 0), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i++) {
    const d = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** Desktop v2 (the caption windows of this app) needs version 2.1.9 or later. */
export function isDesktopV2Version(version: string): boolean {
  return compareVersions(version, DESKTOP_V2_MIN_VERSION) >= 0;
}

/** Caption modes of the desktop app (conversation.md section 2). */
export const CAPTION_MODES = ['floatingCaptions', 'captionsBox'] as const;
export type CaptionMode = (typeof CAPTION_MODES)[number];

/** The bubble above caption mode (its controls) hides this long after the last interaction. */
export const CAPTION_BUBBLE_HIDE_MS = 3000;
/** Spec "Drag edge margin 5 px": a caption window stays this far inside the screen's work area. */
export const DRAG_EDGE_MARGIN_PX = 5;

/** Desktop themes (accounts.md: Charcoal, Fog, Ocean, Starry Night), each light or dark, optionally bold. */
export const DESKTOP_THEMES = ['oceanBlue', 'starryNight', 'fog', 'charcoal'] as const;
export type DesktopThemeName = (typeof DESKTOP_THEMES)[number];
export const THEME_VARIANTS = ['light', 'dark'] as const;
export type ThemeVariant = (typeof THEME_VARIANTS)[number];
export interface DesktopTheme {
  name: DesktopThemeName;
  variant: ThemeVariant;
  bold: boolean;
}
export const DEFAULT_DESKTOP_THEME: DesktopTheme = { name: 'charcoal', variant: 'dark', bold: false };

/**
 * What the desktop app listens to: the microphone, what the computer plays ("internal audio"),
 * or both mixed (a call where the user also speaks).
 */
export const AUDIO_SOURCES = ['microphone', 'internal', 'microphoneAndInternal'] as const;
export type AudioSource = (typeof AUDIO_SOURCES)[number];

export function usesInternalAudio(source: AudioSource): boolean {
  return source !== 'microphone';
}
export function usesMicrophone(source: AudioSource): boolean {
  return source !== 'internal';
}

/**
 * The product's virtual speaker (an audio driver that plays to the real speakers and offers
 * what it plays as an input). Switching the output to it is not a device change that stops
 * internal-audio recording.
 */
export const VIRTUAL_SPEAKER_LABEL_RE = /hearken virtual (speaker|audio)/i;
export function isVirtualSpeaker(label: string): boolean {
  return VIRTUAL_SPEAKER_LABEL_RE.test(label);
}

/** A screen-capture permission error stops capture after 250 ms and shows for 10 s. */
export const SCREEN_CAPTURE_ERROR_STOP_MS = 250;
export const SCREEN_CAPTURE_ERROR_SHOW_MS = 10_000;

/** The renderer routes the main process opens windows on or sends the app window to (from ROUTES). */
export const DESKTOP_ROUTES = {
  captions: ROUTES.captionWindow,
  internalAudioSetup: ROUTES.internalAudioSetup,
  preferences: ROUTES.desktopPreferences,
  conversations: ROUTES.conversations,
} as const;

/** Query parameters of the caption route; the main process writes them, the view reads them. */
export const CAPTION_VIEW_PARAMS = {
  mode: 'mode',
  roomId: 'roomId',
  offline: 'offline',
  theme: 'theme',
  variant: 'variant',
  bold: 'bold',
} as const;

export interface CaptionViewQuery {
  mode: CaptionMode;
  roomId?: string;
  offline: boolean;
  theme: DesktopTheme;
}

export function captionViewSearch(query: CaptionViewQuery): string {
  const p = new URLSearchParams();
  p.set(CAPTION_VIEW_PARAMS.mode, query.mode);
  if (query.roomId) p.set(CAPTION_VIEW_PARAMS.roomId, query.roomId);
  if (query.offline) p.set(CAPTION_VIEW_PARAMS.offline, 'true');
  p.set(CAPTION_VIEW_PARAMS.theme, query.theme.name);
  p.set(CAPTION_VIEW_PARAMS.variant, query.theme.variant);
  if (query.theme.bold) p.set(CAPTION_VIEW_PARAMS.bold, 'true');
  return `?${p.toString()}`;
}

/** Reads the caption route's query; anything unknown falls back to the defaults. */
export function parseCaptionViewSearch(search: string): CaptionViewQuery {
  const p = new URLSearchParams(search);
  const pick = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
    raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : fallback;
  const roomId = p.get(CAPTION_VIEW_PARAMS.roomId) ?? '';
  return {
    mode: pick(CAPTION_MODES, p.get(CAPTION_VIEW_PARAMS.mode), 'floatingCaptions'),
    ...(roomId ? { roomId } : {}),
    offline: p.get(CAPTION_VIEW_PARAMS.offline) === 'true',
    theme: {
      name: pick(DESKTOP_THEMES, p.get(CAPTION_VIEW_PARAMS.theme), DEFAULT_DESKTOP_THEME.name),
      variant: pick(THEME_VARIANTS, p.get(CAPTION_VIEW_PARAMS.variant), DEFAULT_DESKTOP_THEME.variant),
      bold: p.get(CAPTION_VIEW_PARAMS.bold) === 'true',
    },
  };
}

/**
 * Why a conversation server address was refused. Captions of medical, legal and work meetings
 * travel to that server, with the account's token: plain http is accepted only where the traffic
 * never leaves the machine (a server run on this computer for development or offline use).
 */
export type ServerUrlProblem =
  'malformed' | 'unsupported-scheme' | 'credentials' | 'query-or-fragment' | 'insecure-remote';

export type ServerUrlCheck = { ok: true; url: string } | { ok: false; problem: ServerUrlProblem };

/**
 * True for a host that is this machine by its address or its reserved name: 127.0.0.0/8, ::1 and
 * `localhost`. `hostname` is a WHATWG URL's, so IPv4 spellings (`127.1`, `0x7f.0.0.1`,
 * `2130706433`) arrive as dotted decimals and IPv6 compressed in brackets; a name that only
 * starts like one (`127.0.0.1.evil.com`, `localhost.evil.com`) is an ordinary DNS name.
 * `*.localhost`, `localhost.` and IPv4-mapped IPv6 are refused: not needed, and less certain.
 */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname);
  return v4 !== null && v4.slice(1).every((part) => Number(part) <= 255);
}

/**
 * A server address as typed by a person (preferences, HEARKEN_SERVER_URL): trimmed; https, or
 * http to a loopback host only; no credentials (they would end up in logs and the CSP), no query
 * or fragment (paths are appended to it). Kept as its origin plus path without a trailing slash.
 */
export function checkServerUrl(input: string): ServerUrlCheck {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, problem: 'unsupported-scheme' };
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  if (url.search || url.hash) return { ok: false, problem: 'query-or-fragment' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return { ok: false, problem: 'insecure-remote' };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}
