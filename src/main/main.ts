/**
 * The desktop app's main process: the one file that imports Electron. It creates the Electron
 * objects and hands them to the modules beside it, which hold the logic (and are tested under
 * Node with fakes). Nothing here decides anything those modules could decide.
 */
import {
  BrowserWindow,
  Menu,
  Tray,
  app,
  autoUpdater,
  desktopCapturer,
  dialog,
  globalShortcut,
  ipcMain,
  nativeImage,
  net,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  systemPreferences,
  utilityProcess,
  type WebContents,
} from 'electron';
import Store from 'electron-store';
import { execFile, spawn } from 'node:child_process';
import { existsSync, renameSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, posix, resolve, win32 } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveTiers } from '../native/speech/tiers';
import { apiError } from '../shared/api';
import type { FromOffline } from '../native/offline/protocol';
import { CAPTION_MODES, DESKTOP_ROUTES, checkServerUrl, type CaptionMode } from '../shared/desktop';
import type {
  DesktopConfig,
  DesktopPreferences,
  InvokeRequest,
  PreferencesProblem,
  SystemAudioPlan,
} from '../shared/ipc';
import {
  APP_ORIGIN,
  APP_SCHEME,
  appFilePath,
  contentTypeFor,
  resolveAppRequest,
  securityHeaders,
} from './app-protocol';
import { CaptionsHub } from './captions-hub';
import { DeepLinkReceiver, registerProtocolClient, signInDialog } from './deep-links';
import { expiryNotice, parseVersionPolicy } from './expiry';
import { EventSender, IpcRouter } from './ipc';
import { setOpenAtLogin, HIDDEN_LAUNCH_ARG } from './login-item';
import { OfflineCaptions } from './offline-captions';
import { requestMediaAccess, systemSettingsUrl } from './permissions';
import {
  contentSecurityPolicy,
  isAllowedNavigation,
  isTrustedSender,
  originOf,
  permissionDecision,
  windowOpenDecision,
} from './security';
import {
  SERVER_URL_PROBLEMS,
  SETTINGS_SCHEMA,
  type StoredSettings,
  applyPreferencesUpdate,
  openSettingsStore,
} from './settings';
import { CaptionsShortcut } from './shortcut';
import { mainStrings } from './strings';
import { displayMediaAnswer } from './system-audio/display-media';
import { type ChildLike, type MonitorCapture, startMonitorCapture } from './system-audio/monitor-capture';
import { systemAudioPlan } from './system-audio/plan';
import { TokenStore } from './token-store';
import { type TrayCommand, toMenuTemplate, trayMenu, trayTooltip } from './tray-menu';
import { decideUpdateFeed, startAutoUpdates, type AutoUpdates } from './update';
import { CaptionWindows } from './windows/caption-windows';
import { captionWindowOptions, mainWindowOptions } from './windows/window-options';

const log = (level: 'info' | 'warn' | 'error', message: string, error?: unknown) =>
  console[level](`[hearken:main] ${message}`, ...(error ? [error] : []));

// Builds give these (forge's Vite plugin, scripts/build-desktop.ts).
const devServerUrl =
  typeof MAIN_WINDOW_VITE_DEV_SERVER_URL === 'string' ? MAIN_WINDOW_VITE_DEV_SERVER_URL : undefined;
const rendererRoot = join(__dirname, `../renderer/${MAIN_WINDOW_VITE_NAME}`);
const preloadPath = join(__dirname, 'preload.cjs');
const offlineProcessPath = join(__dirname, 'offline-captions.cjs');
const appOrigins = [APP_ORIGIN, ...(devServerUrl ? [originOf(devServerUrl)!] : [])];
const platform = process.platform as DesktopConfig['platform'];

// Must happen before `ready`: our pages' scheme behaves like https (storage, fetch, secure context).
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
  },
]);

let quitting = false;
const pendingUrls: string[] = [];
let deepLinks: DeepLinkReceiver | undefined;

if (!app.requestSingleInstanceLock()) {
  // Another Hearken runs: it receives our argv (and deep link) through second-instance.
  app.quit();
} else {
  // macOS delivers deep links with open-url, possibly before ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    if (deepLinks) void deepLinks.handleUrl(url);
    else pendingUrls.push(url);
  });
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log('error', 'the app could not start', error);
      app.exit(1);
    });
}

/**
 * Every window is made here, with the security settings of secureWebPreferences written out
 * again where reviewers and the static scan (electronegativity) look for them.
 */
function createWindow(
  options: ReturnType<typeof mainWindowOptions> | ReturnType<typeof captionWindowOptions>,
): BrowserWindow {
  return new BrowserWindow({
    ...options,
    webPreferences: {
      ...options.webPreferences,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
}

function urlFor(path: string): string {
  return `${devServerUrl ?? APP_ORIGIN}${path}`;
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  // Packaged: forge's extraResource copies resources/{models,tray,icons} beside the archive.
  const resourcesDir = app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'resources');
  const settingsFile = join(userData, 'settings.json');
  const settings = openSettingsStore(
    () =>
      new Store<StoredSettings>({
        name: 'settings',
        schema: SETTINGS_SCHEMA,
        clearInvalidConfig: false,
      }),
    settingsFile,
    renameSync,
    Date.now,
    (m) => log('warn', m),
  );
  const prefs = (): DesktopPreferences => settings.get('preferences');
  const strings = () => mainStrings(settings.get('language'), app.getLocale());
  const csp = () =>
    contentSecurityPolicy({ serverUrl: prefs().serverUrl, ...(devServerUrl ? { devServerUrl } : {}) });

  const tokens = new TokenStore(
    safeStorage,
    {
      read: (p) => readFile(p).catch(() => undefined),
      write: async (p, data) => {
        await mkdir(dirname(p), { recursive: true });
        await writeFile(p, data, { mode: 0o600 });
      },
      remove: (p) => rm(p, { force: true }),
    },
    join(userData, 'desktop-token.bin'),
    process.platform,
    Date.now,
  );

  // ---- Pages: the app:// scheme, CSP, navigation and permission guards ----
  protocol.handle(APP_SCHEME, async (request) => {
    const route = resolveAppRequest(request.url, prefs().serverUrl);
    if (route.kind === 'refused') return new Response(null, { status: route.status });
    if (route.kind === 'proxy') {
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      try {
        return await net.fetch(route.target, {
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
    const file = appFilePath(rendererRoot, route, process.platform === 'win32' ? win32 : posix);
    if (!file) return new Response(null, { status: 400 });
    try {
      return new Response(await readFile(file), {
        headers: { 'Content-Type': contentTypeFor(file), ...securityHeaders(csp()) },
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
  if (devServerUrl) {
    // The dev server's pages get the same policy through a response header.
    session.defaultSession.webRequest.onHeadersReceived(
      { urls: [`${devServerUrl}/*`] },
      (details, callback) =>
        callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp()] } }),
    );
  }
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) => {
    const origin = originOf(details.requestingUrl) ?? '';
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(
      permissionDecision(
        { permission, origin, isMainFrame: details.isMainFrame, ...(mediaTypes ? { mediaTypes } : {}) },
        appOrigins,
      ),
    );
  });
  session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) => {
    const known = details.mediaType === 'audio' || details.mediaType === 'video';
    return permissionDecision(
      {
        permission,
        origin: originOf(requestingOrigin) ?? requestingOrigin,
        isMainFrame: details.isMainFrame,
        ...(known ? { mediaTypes: [details.mediaType!] } : {}),
      },
      appOrigins,
    );
  });
  session.defaultSession.setDisplayMediaRequestHandler((request, callback) => {
    void desktopCapturer
      .getSources({ types: ['screen'] })
      .then((sources) => {
        const answer = displayMediaAnswer(
          {
            securityOrigin: request.securityOrigin,
            audioRequested: request.audioRequested,
            videoRequested: request.videoRequested,
          },
          sources.map((s) => ({ id: s.id, name: s.name })),
          process.platform,
          appOrigins,
        );
        const source = answer ? sources.find((s) => s.id === answer.video.id) : undefined;
        callback(answer && source ? { video: source, audio: 'loopback' } : null);
      })
      .catch((error: unknown) => {
        log('warn', 'could not list screens for system audio', error);
        callback(null);
      });
  });
  app.on('web-contents-created', (_event, contents) => {
    const guard = (event: { preventDefault(): void }, url: string) => {
      if (!isAllowedNavigation(url, appOrigins)) {
        event.preventDefault();
        log('warn', `blocked navigation to ${originOf(url) ?? 'an invalid URL'}`);
      }
    };
    contents.on('will-navigate', guard);
    contents.on('will-redirect', guard);
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (windowOpenDecision(url).openExternally) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });

  // ---- Windows and the events they receive ----
  const events = new EventSender();
  const track = (contents: WebContents) => {
    const id = contents.id;
    events.register({ id, send: (c, p) => contents.send(c, p), isDestroyed: () => contents.isDestroyed() });
    contents.on('did-start-loading', () => events.markLoading(id));
    contents.once('destroyed', () => events.unregister(id));
  };

  let mainWindow: BrowserWindow | undefined;
  const ensureMainWindow = (): BrowserWindow => {
    if (mainWindow && !mainWindow.isDestroyed()) return mainWindow;
    const win = createWindow(mainWindowOptions(preloadPath, 'Hearken'));
    track(win.webContents);
    win.on('close', (event) => {
      // Closing the window keeps Hearken in the tray (captions may be running from it).
      if (!quitting) {
        event.preventDefault();
        win.hide();
      }
    });
    win.on('closed', () => {
      if (mainWindow === win) mainWindow = undefined;
    });
    void win.loadURL(urlFor(DESKTOP_ROUTES.conversations));
    mainWindow = win;
    return win;
  };
  const showMainWindow = () => {
    const win = ensureMainWindow();
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  };

  const captionWindows = new CaptionWindows({
    create: (mode, bounds) =>
      createWindow(captionWindowOptions(mode, bounds, preloadPath, strings().modes[mode], process.platform)),
    screen,
    settings,
    urlFor: (search) => urlFor(`${DESKTOP_ROUTES.captions}${search}`),
    onOpened: (win) => {
      track((win as BrowserWindow).webContents);
      refreshTray();
    },
    onClosed: () => refreshTray(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  });
  // A monitor unplugged or rearranged: bring the caption window back onto a screen.
  screen.on('display-added', () => captionWindows.displaysChanged());
  screen.on('display-removed', () => captionWindows.displaysChanged());
  screen.on('display-metrics-changed', () => captionWindows.displaysChanged());

  const hub = new CaptionsHub({
    tellRecorder: (action) => events.send(ensureMainWindow().webContents.id, 'captions:command', { action }),
    broadcast: (state) => events.broadcast('captions:state', state),
    showCaptionWindow: (query) => captionWindows.show(query, prefs().clickThrough),
    hideCaptionWindow: () => captionWindows.close(),
    captionWindowVisible: () => captionWindows.visible,
    preferences: () => prefs(),
    changed: () => refreshTray(),
  });

  // ---- Tray, shortcut, login item ----
  // macOS tints a black "template" image for its menu bar; elsewhere the coloured icon shows on any taskbar.
  const trayIcon =
    process.platform === 'darwin'
      ? nativeImage.createFromPath(join(resourcesDir, 'tray/trayTemplate.png'))
      : nativeImage.createFromPath(join(resourcesDir, 'icons/icon.png')).resize({ width: 32, height: 32 });
  const tray = new Tray(trayIcon);
  let updateReady = false;
  let expired = false;
  function refreshTray(): void {
    const state = {
      preferences: prefs(),
      captions: hub.state,
      captionsVisible: captionWindows.visible,
      updateReady,
      expired,
      platform,
    };
    tray.setToolTip(trayTooltip(state, strings()));
    tray.setContextMenu(Menu.buildFromTemplate(toMenuTemplate(trayMenu(state, strings()), runTrayCommand)));
  }

  const shortcut = new CaptionsShortcut(globalShortcut, () => hub.command('toggle'));
  const loginItemDeps = {
    platform: process.platform,
    app,
    files: {
      write: async (p: string, text: string) => {
        await mkdir(dirname(p), { recursive: true });
        await writeFile(p, text);
      },
      remove: (p: string) => rm(p, { force: true }),
      exists: (p: string) =>
        stat(p).then(
          () => true,
          () => false,
        ),
    },
    autostartPath: join(
      process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'),
      'autostart',
      'hearken.desktop',
    ),
    execPath: process.execPath,
  };

  /** A problem found at start (the saved shortcut is held by another app), shown until the next change. */
  let startupProblem: PreferencesProblem | undefined;
  const config = (problem = startupProblem): DesktopConfig => ({
    preferences: prefs(),
    appVersion: app.getVersion(),
    platform,
    ...(problem ? { problem } : {}),
  });

  async function updatePreferences(
    update: InvokeRequest<'desktop:updatePreferences'>,
  ): Promise<DesktopConfig> {
    if (Object.keys(update).some((key) => key !== 'language')) startupProblem = undefined;
    const before = prefs();
    const result = applyPreferencesUpdate(before, update);
    const next = result.preferences;
    let problem = result.problem;
    if (result.serverUrlProblem)
      log(
        'warn',
        `server address refused (${SERVER_URL_PROBLEMS[result.serverUrlProblem]}); kept ${before.serverUrl}`,
      );
    if (next.globalShortcut !== before.globalShortcut) {
      const outcome = shortcut.apply(next.globalShortcut);
      if (outcome === 'taken' || outcome === 'invalid') {
        problem = outcome === 'taken' ? 'shortcut-taken' : 'shortcut-invalid';
        next.globalShortcut = shortcut.accelerator;
      }
    }
    if (next.openAtLogin !== before.openAtLogin) {
      try {
        await setOpenAtLogin(next.openAtLogin, loginItemDeps);
      } catch (error) {
        log('warn', 'could not change start at login', error);
        next.openAtLogin = before.openAtLogin;
        problem = 'login-item-failed';
      }
    }
    settings.set('preferences', next);
    if (update.language !== undefined) settings.set('language', update.language);
    if (next.clickThrough !== before.clickThrough) captionWindows.setClickThrough(next.clickThrough);
    if (next.captionMode !== before.captionMode) hub.modeChanged();
    const current = config(problem);
    events.broadcast('desktop:configChanged', current);
    if (next.serverUrl !== before.serverUrl) {
      // Every page talks to the server: load them again against the new one.
      for (const win of BrowserWindow.getAllWindows()) win.webContents.reload();
    }
    refreshTray();
    return current;
  }

  function runTrayCommand(command: TrayCommand): void {
    const p = prefs();
    switch (command.type) {
      case 'toggleCaptions':
        return hub.command('toggle');
      case 'setCaptionMode':
        void updatePreferences({ captionMode: command.mode });
        return;
      case 'setCaptionsVisible':
        return command.visible ? hub.showCaptions() : hub.hideCaptions();
      case 'setClickThrough':
        void updatePreferences({ clickThrough: command.enabled });
        return;
      case 'setAudioSource':
        void updatePreferences({ audioSource: command.source });
        return;
      case 'openInternalAudioSetup':
        showMainWindow();
        events.send(ensureMainWindow().webContents.id, 'app:navigate', {
          path: DESKTOP_ROUTES.internalAudioSetup,
        });
        return;
      case 'setThemeName':
        void updatePreferences({ theme: { ...p.theme, name: command.name } });
        return;
      case 'setThemeVariant':
        void updatePreferences({ theme: { ...p.theme, variant: command.variant } });
        return;
      case 'setBold':
        void updatePreferences({ theme: { ...p.theme, bold: command.bold } });
        return;
      case 'setOpenAtLogin':
        void updatePreferences({ openAtLogin: command.enabled });
        return;
      case 'openApp':
        return showMainWindow();
      case 'openPreferences':
        showMainWindow();
        events.send(ensureMainWindow().webContents.id, 'app:navigate', { path: DESKTOP_ROUTES.preferences });
        return;
      case 'installUpdate':
        return updates.installNow();
      case 'quit':
        app.quit();
        return;
    }
  }

  // ---- Deep links (desktop sign-in) ----
  deepLinks = new DeepLinkReceiver({
    saveToken: (token) => tokens.save(token),
    deliverToken: (customToken) =>
      events.send(ensureMainWindow().webContents.id, 'auth:customToken', { customToken }),
    showMainWindow,
    signedInAccount: () => settings.get('signedInAccount') ?? undefined,
    accountSignedIn: (account) => settings.set('signedInAccount', account),
    serverUrl: () => prefs().serverUrl,
    // Modal to the app window, so it is clear which app asks.
    confirmSignIn: async (request) => {
      const { signInId, ...options } = signInDialog(request, strings().signInLink);
      const { response } = await dialog.showMessageBox(ensureMainWindow(), options);
      return response === signInId;
    },
    log: (level, message) => log(level, message),
  });
  registerProtocolClient(app, {
    defaultApp: Boolean(process.defaultApp),
    execPath: process.execPath,
    appPath: process.defaultApp && process.argv[1] ? resolve(process.argv[1]) : undefined,
  });
  app.on('second-instance', (_event, argv) => {
    void deepLinks!.handleArgv(argv).then((outcome) => {
      if (!outcome) showMainWindow();
    });
  });

  // ---- Offline captions and system audio ----
  const offline = new OfflineCaptions({
    fork: () => {
      const child = utilityProcess.fork(offlineProcessPath, [], {
        serviceName: 'Hearken offline captions',
        stdio: 'inherit',
      });
      return {
        postMessage: (m) => child.postMessage(m),
        onMessage: (l) => void child.on('message', (m) => l(m as FromOffline)),
        onExit: (l) => void child.on('exit', (code) => l(code)),
        kill: () => void child.kill(),
      };
    },
    engines: () => {
      const vadModel = join(resourcesDir, 'models/silero-vad/silero_vad.onnx');
      return resolveTiers({ modelsDir: join(userData, 'models'), vadModel, configured: {} }).basic;
    },
    onTranscript: (t) => events.broadcast('offline:transcript', t),
    onStatus: (s) => events.broadcast('offline:status', s),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  });
  let monitor: MonitorCapture | undefined;
  let lastPlan: SystemAudioPlan | undefined;
  const run = (command: string, args: readonly string[]) =>
    new Promise<string>((ok, fail) =>
      execFile(command, [...args], { timeout: 3000 }, (error, stdout) => (error ? fail(error) : ok(stdout))),
    );

  // ---- IPC ----
  const router = new IpcRouter(
    ipcMain,
    (sender) => isTrustedSender(sender, events.ids(), appOrigins),
    (error) => log('warn', error.message),
  );
  const isRecorder = (id: number) =>
    mainWindow !== undefined && !mainWindow.isDestroyed() && mainWindow.webContents.id === id;
  router.handle('desktop:getConfig', () => config());
  router.handle('desktop:updatePreferences', (update) => updatePreferences(update));
  router.handle('window:ready', (_r, sender) => events.markReady(sender.webContentsId));
  router.handle('captions:command', ({ action }) => hub.command(action));
  router.handle('captions:reportState', (state, sender) => {
    if (isRecorder(sender.webContentsId)) hub.report(state);
  });
  router.handle('window:moveBy', ({ dx, dy }) => captionWindows.moveBy(dx, dy));
  router.handle('window:interactive', ({ interactive }) =>
    captionWindows.setInteractive(interactive, prefs().clickThrough),
  );
  router.handle('window:hide', () => hub.hideCaptions());
  router.handle('window:showMain', () => showMainWindow());
  router.handle('auth:takeCustomToken', async () => (await tokens.load()) ?? null);
  router.handle('auth:clearCustomToken', () => tokens.clear());
  router.handle('permissions:request', ({ kind }) =>
    requestMediaAccess(kind, process.platform, systemPreferences),
  );
  router.handle('system:openSettings', async ({ pane }) => {
    const url = systemSettingsUrl(pane, process.platform);
    if (url) await shell.openExternal(url);
  });
  router.handle('systemAudio:plan', async () => (lastPlan = await systemAudioPlan(process.platform, run)));
  router.handle('systemAudio:start', ({ source }, sender) => {
    // Only the monitor this machine offered: a page cannot make main record something else.
    if (lastPlan?.kind !== 'pulseMonitor' || lastPlan.source !== source)
      return { ok: false, message: 'unknown source' };
    monitor?.stop();
    monitor = startMonitorCapture({
      spawn: (command, args) =>
        spawn(command, [...args], { stdio: ['ignore', 'pipe', 'pipe'] }) as unknown as ChildLike,
      source,
      onChunk: (chunk) => events.send(sender.webContentsId, 'systemAudio:chunk', chunk),
      onEnd: (message) => {
        monitor = undefined;
        events.send(sender.webContentsId, 'systemAudio:ended', { message });
      },
    });
    return { ok: true };
  });
  router.handle('systemAudio:stop', () => {
    monitor?.stop();
    monitor = undefined;
  });
  router.handle('offline:start', (request, sender) =>
    isRecorder(sender.webContentsId)
      ? offline.start(request)
      : { ok: false, message: 'only the recording window' },
  );
  router.handle('offline:audio', (bytes) => offline.audio(bytes));
  router.handle('offline:stop', () => offline.stop());

  // ---- Updates and expiry ----
  // https only; a packaged build reads only the feed it was built with (update.ts).
  const feedDecision = decideUpdateFeed({
    isPackaged: app.isPackaged,
    buildFeed: HEARKEN_UPDATE_FEED,
    envFeed: process.env.HEARKEN_UPDATE_FEED,
  });
  for (const { level, message } of feedDecision.log) log(level, message);
  const updateFeed = feedDecision.base;
  const updates: AutoUpdates = startAutoUpdates({
    autoUpdater,
    platform: process.platform,
    arch: process.arch,
    isPackaged: app.isPackaged,
    feedBase: updateFeed ?? '',
    timers: {
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
    },
    onStatus: (status, detail) => {
      if (status === 'error') log('warn', `update check failed: ${detail ?? ''}`);
      if (status === 'disabled' && detail) log('warn', detail);
      updateReady = status === 'ready';
      refreshTray();
    },
  });
  const checkExpiry = async () => {
    if (!updateFeed) return;
    try {
      const response = await net.fetch(`${updateFeed.replace(/\/+$/, '')}/version-policy.json`);
      const policy = response.ok ? parseVersionPolicy(await response.json()) : undefined;
      const notice = policy ? expiryNotice(app.getVersion(), policy, Date.now()) : undefined;
      expired = notice?.kind === 'expired';
      if (notice) events.send(ensureMainWindow().webContents.id, 'app:expiryNotice', notice);
      refreshTray();
    } catch (error) {
      log('info', `version policy unavailable: ${(error as Error).message}`);
    }
  };

  // ---- Start ----
  if (process.env.HEARKEN_SERVER_URL) {
    // Development and the smoke test point the app at a server without touching the preferences UI.
    // The same rule as the preferences screen: https, or http to this computer only.
    const checked = checkServerUrl(process.env.HEARKEN_SERVER_URL);
    if (checked.ok) settings.set('preferences', { ...prefs(), serverUrl: checked.url });
    else
      log(
        'warn',
        `HEARKEN_SERVER_URL refused (${SERVER_URL_PROBLEMS[checked.problem]}); keeping ${prefs().serverUrl}`,
      );
  }
  const applied = shortcut.apply(prefs().globalShortcut);
  if (applied === 'taken') {
    // The preferences screen says so, and the tray still starts captions.
    log('warn', strings().shortcutTaken(prefs().globalShortcut));
    startupProblem = 'shortcut-taken';
  }
  refreshTray();
  tray.on('click', () => (process.platform === 'darwin' ? undefined : showMainWindow()));
  app.on('activate', () => showMainWindow());
  app.on('window-all-closed', () => {
    // Stay in the tray: captions are started from there.
  });
  app.on('before-quit', () => {
    quitting = true;
    shortcut.release();
    monitor?.stop();
    offline.dispose();
    updates.stop();
  });

  const hidden = process.argv.includes(HIDDEN_LAUNCH_ARG);
  const first = ensureMainWindow();
  if (!hidden) first.once('ready-to-show', () => first.show());
  for (const url of pendingUrls.splice(0)) void deepLinks.handleUrl(url);
  void deepLinks.handleArgv(process.argv);
  void checkExpiry();
  setInterval(() => void checkExpiry(), 24 * 60 * 60 * 1000).unref();
  if (
    process.env.HEARKEN_OPEN_CAPTIONS &&
    (CAPTION_MODES as readonly string[]).includes(process.env.HEARKEN_OPEN_CAPTIONS)
  ) {
    // Used by the smoke test: open a caption window at start.
    void updatePreferences({ captionMode: process.env.HEARKEN_OPEN_CAPTIONS as CaptionMode }).then(() =>
      hub.showCaptions(),
    );
  }
  if (!existsSync(rendererRoot) && !devServerUrl) log('error', `renderer not built: ${rendererRoot}`);
  log('info', `started ${app.getVersion()} (${pathToFileURL(rendererRoot).href})`);
}
