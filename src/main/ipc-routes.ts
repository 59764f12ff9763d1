/**
 * What main answers on each channel of the channel map (src/shared/ipc.ts). The router has
 * checked the sender and the request before any of these runs; the few handlers that must know
 * which window asked (only the main window records) check it here.
 */
import type {
  CaptionsAction,
  CaptionsState,
  DesktopConfig,
  DesktopPreferences,
  TypedReplyForwarded,
} from '../shared/ipc';
import type { IpcRouter } from './ipc';
import type { OfflineCaptions } from './offline-captions';
import { type SystemPreferencesLike, requestMediaAccess, systemSettingsUrl } from './permissions';
import type { PreferencesUpdate } from './preferences-controller';
import type { SystemAudioController } from './system-audio/controller';

export interface IpcRoutesDeps {
  preferences: {
    readonly current: DesktopPreferences;
    config(): DesktopConfig;
    update(update: PreferencesUpdate): Promise<DesktopConfig>;
  };
  /** ipc.ts EventSender: a window's page is ready for its events. */
  events: { markReady(webContentsId: number): void };
  captions: {
    command(action: CaptionsAction): void;
    report(state: CaptionsState): void;
    typedReply(text: string): TypedReplyForwarded;
    hideCaptions(): void;
  };
  captionWindows: {
    moveBy(dx: number, dy: number): void;
    setInteractive(interactive: boolean, clickThrough: boolean): void;
  };
  mainWindow: { show(): void; isRecorder(webContentsId: number): boolean };
  /** token-store.ts: the custom token of a desktop sign-in. */
  tokens: { load(): Promise<string | undefined>; clear(): Promise<void> };
  platform: string;
  systemPreferences: SystemPreferencesLike;
  shell: { openExternal(url: string): Promise<void> };
  systemAudio: Pick<SystemAudioController, 'plan' | 'start' | 'stop'>;
  offline: Pick<OfflineCaptions, 'start' | 'audio' | 'stop'>;
}

export function registerIpcRoutes(router: IpcRouter, d: IpcRoutesDeps): void {
  router.handle('desktop:getConfig', () => d.preferences.config());
  router.handle('desktop:updatePreferences', (update) => d.preferences.update(update));
  router.handle('window:ready', (_r, sender) => d.events.markReady(sender.webContentsId));
  router.handle('captions:command', ({ action }) => d.captions.command(action));
  router.handle('captions:reportState', (state, sender) => {
    if (d.mainWindow.isRecorder(sender.webContentsId)) d.captions.report(state);
  });
  router.handle('captions:typedReply', ({ text }) => d.captions.typedReply(text));
  router.handle('window:moveBy', ({ dx, dy }) => d.captionWindows.moveBy(dx, dy));
  router.handle('window:interactive', ({ interactive }) =>
    d.captionWindows.setInteractive(interactive, d.preferences.current.clickThrough),
  );
  router.handle('window:hide', () => d.captions.hideCaptions());
  router.handle('window:showMain', () => d.mainWindow.show());
  router.handle('auth:takeCustomToken', async () => (await d.tokens.load()) ?? null);
  router.handle('auth:clearCustomToken', () => d.tokens.clear());
  router.handle('permissions:request', ({ kind }) =>
    requestMediaAccess(kind, d.platform, d.systemPreferences),
  );
  router.handle('system:openSettings', async ({ pane }) => {
    const url = systemSettingsUrl(pane, d.platform);
    if (url) await d.shell.openExternal(url);
  });
  router.handle('systemAudio:plan', () => d.systemAudio.plan());
  router.handle('systemAudio:start', ({ source }, sender) =>
    d.systemAudio.start(source, sender.webContentsId),
  );
  router.handle('systemAudio:stop', () => d.systemAudio.stop());
  router.handle('offline:start', (request, sender) =>
    d.mainWindow.isRecorder(sender.webContentsId)
      ? d.offline.start(request)
      : { ok: false, message: 'only the recording window' },
  );
  router.handle('offline:audio', (bytes) => d.offline.audio(bytes));
  router.handle('offline:stop', () => d.offline.stop());
}
