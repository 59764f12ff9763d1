/**
 * The session our pages run in, set up once at start: the `app://` scheme that serves them (files,
 * client-side routes, and `/api` proxied to the conversation server; app-protocol.ts decides
 * where each request goes), the content security policy on every page, which permissions a page
 * gets, what the screen-capture request is answered, and where a page may navigate or open
 * windows. The decisions are security.ts's; this applies them to Electron's hooks.
 */
import { posix, win32 } from 'node:path';
import { apiError } from '../shared/api';
import { APP_SCHEME, appFilePath, contentTypeFor, resolveAppRequest, securityHeaders } from './app-protocol';
import type { MainLog } from './log';
import {
  contentSecurityPolicy,
  isAllowedNavigation,
  originOf,
  permissionDecision,
  windowOpenDecision,
} from './security';
import { type ScreenSource, displayMediaAnswer } from './system-audio/display-media';

/** A navigation event: refusing it is `preventDefault`. */
export interface Preventable {
  preventDefault(): void;
}

/** The part of Electron's WebContents the guards need. */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: Preventable, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: Preventable) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** The part of Electron's Session this sets up. */
export interface SessionLike<S extends ScreenSource> {
  webRequest: {
    onHeadersReceived(
      filter: { urls: string[] },
      listener: (
        details: { responseHeaders?: Record<string, string[]> },
        callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
      ) => void,
    ): void;
  };
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl: string; isMainFrame: boolean; mediaTypes?: readonly string[] },
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
      callback: (streams: { video: S; audio: 'loopback' } | null) => void,
    ) => void,
  ): void;
}

export interface AppSessionDeps<S extends ScreenSource> {
  protocol: { handle(scheme: string, handler: (request: Request) => Promise<Response>): void };
  session: SessionLike<S>;
  app: {
    on(event: 'web-contents-created', listener: (event: unknown, contents: GuardedContents) => void): unknown;
  };
  desktopCapturer: { getSources(options: { types: 'screen'[] }): Promise<S[]> };
  shell: { openExternal(url: string): Promise<void> };
  /** Electron's net.fetch: the /api proxy's way to the server. */
  fetch(url: string, init: RequestInit): Promise<Response>;
  readFile(path: string): Promise<Uint8Array<ArrayBuffer>>;
  /** The built renderer's folder, where app:// files come from. */
  rendererRoot: string;
  platform: string;
  /** The conversation server of the preferences, now. */
  serverUrl(): string;
  /** Development: the Vite dev server serving the pages instead of app://. */
  devServerUrl?: string;
  /** Origins whose pages are ours (security.ts). */
  appOrigins: readonly string[];
  log: MainLog;
}

export function setUpAppSession<S extends ScreenSource>(d: AppSessionDeps<S>): void {
  const csp = () =>
    contentSecurityPolicy({
      serverUrl: d.serverUrl(),
      ...(d.devServerUrl ? { devServerUrl: d.devServerUrl } : {}),
    });

  d.protocol.handle(APP_SCHEME, appRequestHandler(d, csp));
  if (d.devServerUrl) {
    // The dev server's pages get the same policy through a response header.
    d.session.webRequest.onHeadersReceived({ urls: [`${d.devServerUrl}/*`] }, (details, callback) =>
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp()] } }),
    );
  }
  d.session.setPermissionRequestHandler((_wc, permission, callback, details) => {
    const origin = originOf(details.requestingUrl) ?? '';
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(
      permissionDecision(
        { permission, origin, isMainFrame: details.isMainFrame, ...(mediaTypes ? { mediaTypes } : {}) },
        d.appOrigins,
      ),
    );
  });
  d.session.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) => {
    const known = details.mediaType === 'audio' || details.mediaType === 'video';
    return permissionDecision(
      {
        permission,
        origin: originOf(requestingOrigin) ?? requestingOrigin,
        isMainFrame: details.isMainFrame,
        ...(known ? { mediaTypes: [details.mediaType!] } : {}),
      },
      d.appOrigins,
    );
  });
  d.session.setDisplayMediaRequestHandler((request, callback) => {
    void d.desktopCapturer
      .getSources({ types: ['screen'] })
      .then((sources) => {
        const answer = displayMediaAnswer(
          {
            securityOrigin: request.securityOrigin,
            audioRequested: request.audioRequested,
            videoRequested: request.videoRequested,
          },
          sources.map((s) => ({ id: s.id, name: s.name })),
          d.platform,
          d.appOrigins,
        );
        const source = answer ? sources.find((s) => s.id === answer.video.id) : undefined;
        callback(answer && source ? { video: source, audio: 'loopback' } : null);
      })
      .catch((error: unknown) => {
        d.log('warn', 'could not list screens for system audio', error);
        callback(null);
      });
  });
  d.app.on('web-contents-created', (_event, contents) => {
    const guard = (event: Preventable, url: string) => {
      if (!isAllowedNavigation(url, d.appOrigins)) {
        event.preventDefault();
        d.log('warn', `blocked navigation to ${originOf(url) ?? 'an invalid URL'}`);
      }
    };
    contents.on('will-navigate', guard);
    contents.on('will-redirect', guard);
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (windowOpenDecision(url).openExternally) void d.shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}

/** Answers one app:// request: a file of the renderer, or the server's answer to an /api call. */
function appRequestHandler<S extends ScreenSource>(d: AppSessionDeps<S>, csp: () => string) {
  return async (request: Request): Promise<Response> => {
    const route = resolveAppRequest(request.url, d.serverUrl());
    if (route.kind === 'refused') return new Response(null, { status: route.status });
    if (route.kind === 'proxy') {
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      try {
        return await d.fetch(route.target, {
          method: request.method,
          headers: request.headers,
          ...(hasBody ? { body: await request.arrayBuffer() } : {}),
        });
      } catch (error) {
        // The server cannot be reached: the page gets a gateway error (and captions offline).
        return Response.json(apiError('server-unreachable', (error as Error).message), { status: 502 });
      }
    }
    // Joined and checked by this platform's own path rules (win32 on Windows).
    const file = appFilePath(d.rendererRoot, route, d.platform === 'win32' ? win32 : posix);
    if (!file) return new Response(null, { status: 400 });
    try {
      return new Response(await d.readFile(file), {
        headers: { 'Content-Type': contentTypeFor(file), ...securityHeaders(csp()) },
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  };
}
