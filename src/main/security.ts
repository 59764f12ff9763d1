/**
 * Electron's security checklist as pure decisions: the web preferences of every window, the
 * content security policy, which navigations and new windows are allowed, which permission
 * requests are granted, and which IPC senders are trusted. The wiring file applies them.
 */

/** Web preferences every window of the app gets: isolated, sandboxed, no Node. */
export function secureWebPreferences(preload: string, options: { backgroundThrottling?: boolean } = {}) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    // Middle-click would try to open links in new windows; those are refused anyway.
    disableBlinkFeatures: 'Auxclick',
    spellcheck: false,
    // The window that records keeps its timers and audio running while hidden.
    backgroundThrottling: options.backgroundThrottling ?? true,
  } as const;
}

export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    // `new URL('app://hearken/x').origin` is "null" for non-special schemes: build it ourselves.
    return parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return undefined;
  }
}

/** Origins whose pages are ours: the bundled app, and the Vite dev server in development. */
export function isAppUrl(url: string, appOrigins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== undefined && appOrigins.includes(origin);
}

/**
 * The content security policy of our pages. Scripts only from the app itself; connections
 * to the app and the conversation server (HTTP and its socket); no plugins, no framing, no
 * <base> tricks. Styles allow inline attributes because Blueprint positions popovers with them.
 */
export function contentSecurityPolicy(options: { serverUrl: string; devServerUrl?: string }): string {
  const server = originOf(options.serverUrl);
  const socket = server?.replace(/^http/, 'ws');
  // The Firebase Auth emulator runs beside the server on its own port (development, tests).
  const serverHostAnyPort = server ? `${server.replace(/:\d+$/, '')}:*` : undefined;
  const dev = options.devServerUrl ? originOf(options.devServerUrl) : undefined;
  const devSocket = dev?.replace(/^http/, 'ws');
  const self = ["'self'", ...(dev ? [dev] : [])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Vite's dev server injects its client as an inline module; production has no inline script.
    'script-src': [...self, ...(dev ? ["'unsafe-inline'"] : [])],
    'style-src': [...self, "'unsafe-inline'"],
    'img-src': [...self, 'data:', 'blob:'],
    'font-src': [...self, 'data:'],
    'connect-src': [
      ...self,
      ...(server ? [server] : []),
      ...(socket ? [socket] : []),
      ...(devSocket ? [devSocket] : []),
      ...(serverHostAnyPort ? [serverHostAnyPort] : []),
      // Firebase Authentication (sign-in with the desktop's custom token, token refresh).
      ...FIREBASE_AUTH_ORIGINS,
    ],
    'media-src': [...self, 'blob:'],
    'worker-src': [...self, 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Where the Firebase Auth SDK connects (the accounts feature signs in from the desktop app too). */
export const FIREBASE_AUTH_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];

/** In-app navigation only between our own pages; anything else is refused. */
export function isAllowedNavigation(url: string, appOrigins: readonly string[]): boolean {
  return isAppUrl(url, appOrigins);
}

/**
 * Links that would open a new window: never a new Electron window. Web links (the product's
 * help, an invite link) open in the user's browser; anything else (file:, custom schemes) is
 * dropped.
 */
export function windowOpenDecision(url: string): { action: 'deny'; openExternally: boolean } {
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    // not a URL: dropped
  }
  return { action: 'deny', openExternally: protocol === 'https:' || protocol === 'http:' };
}

export interface PermissionQuery {
  permission: string;
  /** Origin of the page asking. */
  origin: string;
  /** For 'media': what it asks for. */
  mediaTypes?: readonly string[];
  /** True when asked by the main frame (not an iframe). */
  isMainFrame?: boolean;
}

/** Permissions our pages may have. Everything else (geolocation, notifications, USB...) is refused. */
const GRANTED = new Set([
  'media',
  'display-capture',
  'clipboard-sanitized-write',
  'fullscreen',
  'speaker-selection',
]);

/**
 * Microphone (and the screen, whose stream carries system audio on Windows) only for our own
 * pages' main frames; camera never.
 */
export function permissionDecision(query: PermissionQuery, appOrigins: readonly string[]): boolean {
  if (!appOrigins.includes(query.origin)) return false;
  if (query.isMainFrame === false) return false;
  if (!GRANTED.has(query.permission)) return false;
  if (query.permission === 'media') {
    const types = query.mediaTypes ?? [];
    return types.every((t) => t === 'audio');
  }
  return true;
}

/** IPC is trusted only from one of our windows showing one of our pages. */
export function isTrustedSender(
  sender: { webContentsId: number; frameUrl: string | undefined },
  ourWebContents: ReadonlySet<number>,
  appOrigins: readonly string[],
): boolean {
  return (
    ourWebContents.has(sender.webContentsId) &&
    sender.frameUrl !== undefined &&
    isAppUrl(sender.frameUrl, appOrigins)
  );
}
