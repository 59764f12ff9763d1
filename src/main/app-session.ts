/**
 * The browsing session the app's pages live in: how `app://` requests are answered (a file of
 * the built renderer, or the conversation server through main), the content security policy, and
 * the guards every page gets (permissions, screen capture for system audio, navigation, new
 * windows, webviews). The decisions are in security.ts, app-protocol.ts and display-media.ts;
 * this module applies them to the objects Electron hands over.
 */
import { apiError } from '../shared/api';
import {
  type AppRequestRoute,
  appFilePath,
  contentTypeFor,
  resolveAppRequest,
  securityHeaders,
} from './app-protocol';
import { isAllowedNavigation, originOf, permissionDecision, windowOpenDecision } from './security';
import { displayMediaAnswer, type ScreenSource } from './system-audio/display-media';

type PathRules = Parameters<typeof appFilePath>[2];

export interface AppRequestDeps {
  /** The conversation server that `/api` and `/ws` requests go to. */
  serverUrl(): string;
  /** Electron's net.fetch (it goes through the system's proxy settings). */
  fetch(url: string, init: { method: string; headers: Headers; body?: ArrayBuffer }): Promise<Response>;
  readFile(path: string): Promise<Uint8Array<ArrayBuffer>>;
  /** The built renderer's folder. */
  rendererRoot: string;
  /** path.win32 on Windows, path.posix elsewhere: the serving platform's own rules. */
  pathRules: PathRules;
  csp(): string;
}

/** Answers one `app://` request (protocol.handle). */
export async function serveAppRequest(request: Request, deps: AppRequestDeps): Promise<Response> {
  const route: AppRequestRoute = resolveAppRequest(request.url, deps.serverUrl());
  if (route.kind === 'refused') return new Response(null, { status: route.status });
  if (route.kind === 'proxy') {
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    try {
      return await deps.fetch(route.target, {
        method: request.method,
        headers: request.headers,
        ...(hasBody ? { body: await request.arrayBuffer() } : {}),
      });
    } catch (error) {
      // The server cannot be reached: the page gets a gateway error (and captions offline).
      return Response.json(apiError('server-unreachable', (error as Error).message), { status: 502 });
    }
  }
  const file = appFilePath(deps.rendererRoot, route, deps.pathRules);
  if (!file) return new Response(null, { status: 400 });
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await deps.readFile(file);
  } catch {
    return new Response(null, { status: 404 });
  }
  return new Response(body, {
    headers: { 'Content-Type': contentTypeFor(file), ...securityHeaders(deps.csp()) },
  });
}

/** What the guards need of Electron's session. */
export interface SessionLike<Source extends ScreenSource> {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl: string; isMainFrame: boolean; mediaTypes?: ('audio' | 'video')[] },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (
      webContents: unknown,
      permission: string,
      requestingOrigin: string,
      details: { isMainFrame: boolean; mediaType?: string },
    ) => boolean,
  ): void;
  setDisplayMediaRequestHandler(
    handler: (
      request: { securityOrigin: string; audioRequested: boolean; videoRequested: boolean },
      callback: (streams: { video: Source; audio: 'loopback' } | null) => void,
    ) => void,
  ): void;
}

export interface SessionGuardDeps<Source extends ScreenSource> {
  /** Origins of the app's own pages: only they get the microphone or a screen. */
  appOrigins: readonly string[];
  platform: string;
  /** desktopCapturer.getSources({ types: ['screen'] }) */
  screens(): Promise<Source[]>;
  log(level: 'warn', message: string, error?: unknown): void;
}

/** Permissions and screen capture (for system audio): only the app's pages, only what they need. */
export function guardSession<Source extends ScreenSource>(
  session: SessionLike<Source>,
  deps: SessionGuardDeps<Source>,
): void {
  session.setPermissionRequestHandler((_wc, permission, callback, details) => {
    const origin = originOf(details.requestingUrl) ?? '';
    const mediaTypes = details.mediaTypes;
    callback(
      permissionDecision(
        { permission, origin, isMainFrame: details.isMainFrame, ...(mediaTypes ? { mediaTypes } : {}) },
        deps.appOrigins,
      ),
    );
  });
  session.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) => {
    const mediaType = details.mediaType;
    const known = mediaType === 'audio' || mediaType === 'video';
    return permissionDecision(
      {
        permission,
        origin: originOf(requestingOrigin) ?? requestingOrigin,
        isMainFrame: details.isMainFrame,
        ...(known ? { mediaTypes: [mediaType] } : {}),
      },
      deps.appOrigins,
    );
  });
  session.setDisplayMediaRequestHandler((request, callback) => {
    void deps
      .screens()
      .then((sources) => {
        const answer = displayMediaAnswer(
          {
            securityOrigin: request.securityOrigin,
            audioRequested: request.audioRequested,
            videoRequested: request.videoRequested,
          },
          sources.map((s) => ({ id: s.id, name: s.name })),
          deps.platform,
          deps.appOrigins,
        );
        const source = answer ? sources.find((s) => s.id === answer.video.id) : undefined;
        callback(answer && source ? { video: source, audio: 'loopback' } : null);
      })
      .catch((error: unknown) => {
        deps.log('warn', 'could not list screens for system audio', error);
        callback(null);
      });
  });
}

/** What the guards need of a page's webContents. */
export interface ContentsLike {
  on(
    event: 'will-navigate' | 'will-redirect' | 'will-attach-webview',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * Every page (web-contents-created): it may only navigate within the app (and the sign-in
 * providers), never attach a webview, and a link that opens a window opens the browser instead.
 */
export function guardContents(
  contents: ContentsLike,
  deps: {
    appOrigins: readonly string[];
    openExternal(url: string): Promise<void>;
    log(level: 'warn', message: string): void;
  },
): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!isAllowedNavigation(url, deps.appOrigins)) {
      event.preventDefault();
      deps.log('warn', `blocked navigation to ${originOf(url) ?? 'an invalid URL'}`);
    }
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (windowOpenDecision(url).openExternally) void deps.openExternal(url).catch(() => undefined);
    return { action: 'deny' };
  });
}

/** The dev server's pages get the same policy through a response header. */
export function withCspHeader(
  responseHeaders: Record<string, string | string[]> | undefined,
  csp: string,
): Record<string, string | string[]> {
  return { ...responseHeaders, 'Content-Security-Policy': [csp] };
}
