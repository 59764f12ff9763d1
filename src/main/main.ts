/**
 * The desktop app's main process: the one file that imports Electron. It creates the Electron
 * objects and hands them to the modules beside it, which hold the logic and are tested under
 * Node with fakes: the pages' session (app-session.ts), the main window, the caption windows, the
 * captions hub, preferences (preferences-controller.ts), the tray (app-tray.ts), the IPC routes
 * (ipc-routes.ts), deep links, offline captions, system audio, updates and expiry. Nothing here
 * decides anything; it only connects.
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
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, posix, resolve, win32 } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveTiers } from '../native/speech/tiers';
import type { FromOffline } from '../native/offline/protocol';
import { CAPTION_MODES, DESKTOP_ROUTES, type CaptionMode } from '../shared/desktop';
import type { DesktopConfig, DesktopPreferences, EventChannel, EventPayloads } from '../shared/ipc';
import { APP_ORIGIN, APP_SCHEME } from './app-protocol';
import { guardContents, guardSession, serveAppRequest, withCspHeader } from './app-session';
import { AppTray, runTrayCommand } from './app-tray';
import { CaptionsHub } from './captions-hub';
import { DeepLinkReceiver, registerProtocolClient, signInDialog } from './deep-links';
import { fetchExpiryNotice } from './expiry';
import { EventSender, IpcRouter } from './ipc';
import { registerIpcRoutes } from './ipc-routes';
import { setOpenAtLogin, HIDDEN_LAUNCH_ARG } from './login-item';
import { OfflineCaptions } from './offline-captions';
import { requestMediaAccess, systemSettingsUrl } from './permissions';
import { PreferencesController } from './preferences-controller';
import { contentSecurityPolicy, isTrustedSender, originOf } from './security';
import { SETTINGS_SCHEMA, type StoredSettings, openSettingsStore } from './settings';
import { CaptionsShortcut } from './shortcut';
import { mainStrings } from './strings';
import { type ChildLike, startMonitorCapture } from './system-audio/monitor-capture';
import { systemAudioPlan } from './system-audio/plan';
import { SystemAudioSession } from './system-audio/system-audio-session';
import { TokenStore } from './token-store';
import { decideUpdateFeed, startAutoUpdates, type AutoUpdates } from './update';
import { CaptionWindows } from './windows/caption-windows';
import { MainWindow } from './windows/main-window';
import { autostartFiles, privateFiles } from './node-files';
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
    privateFiles,
    join(userData, 'desktop-token.bin'),
    process.platform,
    Date.now,
  );

  // ---- Pages: the app:// scheme, CSP, navigation and permission guards (app-session.ts) ----
  protocol.handle(APP_SCHEME, (request) =>
    serveAppRequest(request, {
      serverUrl: () => prefs().serverUrl,
      fetch: (url, init) => net.fetch(url, init),
      readFile: (path) => readFile(path),
      rendererRoot,
      pathRules: process.platform === 'win32' ? win32 : posix,
      csp,
    }),
  );
  if (devServerUrl) {
    session.defaultSession.webRequest.onHeadersReceived(
      { urls: [`${devServerUrl}/*`] },
      (details, callback) => callback({ responseHeaders: withCspHeader(details.responseHeaders, csp()) }),
    );
  }
  guardSession(session.defaultSession, {
    appOrigins,
    platform: process.platform,
    screens: () => desktopCapturer.getSources({ types: ['screen'] }),
    log,
  });
  app.on('web-contents-created', (_event, contents) =>
    guardContents(contents, { appOrigins, openExternal: (url) => shell.openExternal(url), log }),
  );

  // ---- Windows and the events they receive ----
  const events = new EventSender();
  const track = (contents: WebContents) => {
    const id = contents.id;
    events.register({ id, send: (c, p) => contents.send(c, p), isDestroyed: () => contents.isDestroyed() });
    contents.on('did-start-loading', () => events.markLoading(id));
    contents.once('destroyed', () => events.unregister(id));
  };
  const main = new MainWindow({
    create: () => {
      const win = createWindow(mainWindowOptions(preloadPath, 'Hearken'));
      track(win.webContents);
      return win;
    },
    url: urlFor(DESKTOP_ROUTES.conversations),
    log,
  });
  const sendToApp = <C extends EventChannel>(channel: C, payload: EventPayloads[C]) =>
    events.send(main.ensure().webContents.id, channel, payload);
  const openAppAt = (path: string) => {
    main.show();
    sendToApp('app:navigate', { path });
  };

  const captionWindows = new CaptionWindows({
    create: (mode, bounds) =>
      createWindow(captionWindowOptions(mode, bounds, preloadPath, strings().modes[mode], process.platform)),
    screen,
    settings,
    urlFor: (search) => urlFor(`${DESKTOP_ROUTES.captions}${search}`),
    onOpened: (win) => {
      track((win as BrowserWindow).webContents);
      tray.refresh();
    },
    onClosed: () => tray.refresh(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  });
  // A monitor unplugged or rearranged: bring the caption window back onto a screen.
  screen.on('display-added', () => captionWindows.displaysChanged());
  screen.on('display-removed', () => captionWindows.displaysChanged());
  screen.on('display-metrics-changed', () => captionWindows.displaysChanged());

  const hub = new CaptionsHub({
    tellRecorder: (action) => sendToApp('captions:command', { action }),
    broadcast: (state) => events.broadcast('captions:state', state),
    showCaptionWindow: (query) => captionWindows.show(query, prefs().clickThrough),
    hideCaptionWindow: () => captionWindows.close(),
    captionWindowVisible: () => captionWindows.visible,
    preferences: () => prefs(),
    changed: () => tray.refresh(),
  });

  // ---- Preferences, global shortcut, login item ----
  const shortcut = new CaptionsShortcut(globalShortcut, () => hub.command('toggle'));
  const loginItemDeps = {
    platform: process.platform,
    app,
    files: autostartFiles,
    autostartPath: join(
      process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'),
      'autostart',
      'hearken.desktop',
    ),
    execPath: process.execPath,
  };
  const preferences = new PreferencesController({
    settings,
    shortcut,
    setOpenAtLogin: (enabled) => setOpenAtLogin(enabled, loginItemDeps),
    appVersion: app.getVersion(),
    platform,
    effects: {
      clickThroughChanged: (enabled) => captionWindows.setClickThrough(enabled),
      captionModeChanged: () => hub.modeChanged(),
      serverChanged: () => {
        for (const win of BrowserWindow.getAllWindows()) win.webContents.reload();
      },
      configChanged: (config) => {
        events.broadcast('desktop:configChanged', config);
        tray.refresh();
      },
    },
    log,
  });

  // ---- Tray (app-tray.ts) ----
  // macOS tints a black "template" image for its menu bar; elsewhere the coloured icon shows on any taskbar.
  const trayIcon =
    process.platform === 'darwin'
      ? nativeImage.createFromPath(join(resourcesDir, 'tray/trayTemplate.png'))
      : nativeImage.createFromPath(join(resourcesDir, 'icons/icon.png')).resize({ width: 32, height: 32 });
  const electronTray = new Tray(trayIcon);
  const tray = new AppTray({
    tray: electronTray,
    buildMenu: (template) => Menu.buildFromTemplate(template),
    state: () => ({
      preferences: prefs(),
      captions: hub.state,
      captionsVisible: captionWindows.visible,
      platform,
    }),
    strings,
    run: (command) =>
      runTrayCommand(command, {
        captions: hub,
        preferences: prefs,
        updatePreferences: (update) => preferences.update(update),
        openApp: () => main.show(),
        openAppAt,
        installUpdate: () => updates.installNow(),
        quit: () => app.quit(),
        log,
      }),
  });

  // ---- Deep links (desktop sign-in) ----
  deepLinks = new DeepLinkReceiver({
    saveToken: (token) => tokens.save(token),
    deliverToken: (customToken) => sendToApp('auth:customToken', { customToken }),
    showMainWindow: () => main.show(),
    signedInAccount: () => settings.get('signedInAccount') ?? undefined,
    accountSignedIn: (account) => settings.set('signedInAccount', account),
    serverUrl: () => prefs().serverUrl,
    // Modal to the app window, so it is clear which app asks.
    confirmSignIn: async (request) => {
      const { signInId, ...options } = signInDialog(request, strings().signInLink);
      const { response } = await dialog.showMessageBox(main.ensure(), options);
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
      if (!outcome) main.show();
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
  const run = (command: string, args: readonly string[]) =>
    new Promise<string>((ok, fail) =>
      execFile(command, [...args], { timeout: 3000 }, (error, stdout) => (error ? fail(error) : ok(stdout))),
    );
  const systemAudio = new SystemAudioSession({
    plan: () => systemAudioPlan(process.platform, run),
    capture: (source, onChunk, onEnd) =>
      startMonitorCapture({
        spawn: (command, args) =>
          spawn(command, [...args], { stdio: ['ignore', 'pipe', 'pipe'] }) as unknown as ChildLike,
        source,
        onChunk,
        onEnd,
      }),
  });

  // ---- IPC (ipc-routes.ts) ----
  const router = new IpcRouter(
    ipcMain,
    (sender) => isTrustedSender(sender, events.ids(), appOrigins),
    (error) => log('warn', error.message),
  );
  registerIpcRoutes(router, {
    preferences,
    captions: hub,
    captionWindows: {
      moveBy: (dx, dy) => captionWindows.moveBy(dx, dy),
      setInteractive: (interactive) => captionWindows.setInteractive(interactive, prefs().clickThrough),
    },
    mainWindow: main,
    events,
    tokens,
    permissions: {
      request: (kind) => requestMediaAccess(kind, process.platform, systemPreferences),
      openSettings: async (pane) => {
        const url = systemSettingsUrl(pane, process.platform);
        if (url) await shell.openExternal(url);
      },
    },
    systemAudio,
    offline,
  });

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
      tray.setUpdateReady(status === 'ready');
    },
  });
  const checkExpiry = async () => {
    try {
      const notice = await fetchExpiryNotice({
        feed: updateFeed,
        fetch: (url) => net.fetch(url),
        currentVersion: app.getVersion(),
        now: Date.now,
      });
      if (notice) sendToApp('app:expiryNotice', notice);
      if (updateFeed) tray.setExpired(notice?.kind === 'expired');
    } catch (error) {
      log('info', `version policy unavailable: ${(error as Error).message}`);
    }
  };

  // ---- Start ----
  preferences.start({
    // Development and the smoke test point the app at a server without the preferences screen.
    ...(process.env.HEARKEN_SERVER_URL ? { envServerUrl: process.env.HEARKEN_SERVER_URL } : {}),
    shortcutTaken: (accelerator) => strings().shortcutTaken(accelerator),
  });
  tray.refresh();
  electronTray.on('click', () => (process.platform === 'darwin' ? undefined : main.show()));
  app.on('activate', () => main.show());
  app.on('window-all-closed', () => {
    // Stay in the tray: captions are started from there.
  });
  app.on('before-quit', () => {
    main.allowClose();
    shortcut.release();
    systemAudio.stop();
    offline.dispose();
    updates.stop();
  });

  const hidden = process.argv.includes(HIDDEN_LAUNCH_ARG);
  const first = main.ensure();
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
    void preferences
      .update({ captionMode: process.env.HEARKEN_OPEN_CAPTIONS as CaptionMode })
      .then(() => hub.showCaptions());
  }
  if (!existsSync(rendererRoot) && !devServerUrl) log('error', `renderer not built: ${rendererRoot}`);
  log('info', `started ${app.getVersion()} (${pathToFileURL(rendererRoot).href})`);
}
