/**
 * Every invoke channel of the channel map (shared/ipc.ts) and the module that answers it. The
 * router (ipc.ts) has already checked the sender and the request; what is decided here is which
 * page may ask for what beyond that: captions state and offline captions only from the recording
 * page, system audio only to the page that asked for it.
 */
import type {
  CaptionsAction,
  CaptionsState,
  DesktopConfig,
  EventChannel,
  EventPayloads,
  InvokeChannel,
  OfflineStartResult,
  InvokeRequest,
  InvokeResults,
  SettingsPane,
} from '../shared/ipc';
import type { InvokeHandler } from './ipc';
import type { PreferencesUpdate } from './preferences-controller';
import type { SystemAudioSession } from './system-audio/system-audio-session';

export interface IpcRoutesDeps {
  preferences: { config(): DesktopConfig; update(update: PreferencesUpdate): Promise<DesktopConfig> };
  captions: {
    command(action: CaptionsAction): void;
    report(state: CaptionsState): void;
    hideCaptions(): void;
  };
  captionWindows: { moveBy(dx: number, dy: number): void; setInteractive(interactive: boolean): void };
  mainWindow: { show(): void; isRecorder(webContentsId: number): boolean };
  events: {
    markReady(webContentsId: number): void;
    send<C extends EventChannel>(webContentsId: number, channel: C, payload: EventPayloads[C]): void;
  };
  tokens: { load(): Promise<string | undefined>; clear(): Promise<void> };
  permissions: {
    request(
      kind: InvokeRequest<'permissions:request'>['kind'],
    ): Promise<InvokeResults['permissions:request']>;
    openSettings(pane: SettingsPane): Promise<void>;
  };
  systemAudio: Pick<SystemAudioSession, 'plan' | 'start' | 'stop'>;
  offline: {
    start(request: InvokeRequest<'offline:start'>): OfflineStartResult | Promise<OfflineStartResult>;
    audio(bytes: InvokeRequest<'offline:audio'>): void;
    stop(): void;
  };
}

/** Registers one handler per invoke channel; a channel left out does not compile. */
export function registerIpcRoutes(
  router: { handle<C extends InvokeChannel>(channel: C, handler: InvokeHandler<C>): void },
  deps: IpcRoutesDeps,
): void {
  const routes: { [C in InvokeChannel]: InvokeHandler<C> } = {
    'desktop:getConfig': () => deps.preferences.config(),
    'desktop:updatePreferences': (update) => deps.preferences.update(update),
    'window:ready': (_request, sender) => deps.events.markReady(sender.webContentsId),
    'captions:command': ({ action }) => deps.captions.command(action),
    'captions:reportState': (state, sender) => {
      // Only the page that records knows whether captions run.
      if (deps.mainWindow.isRecorder(sender.webContentsId)) deps.captions.report(state);
    },
    'window:moveBy': ({ dx, dy }) => deps.captionWindows.moveBy(dx, dy),
    'window:interactive': ({ interactive }) => deps.captionWindows.setInteractive(interactive),
    'window:hide': () => deps.captions.hideCaptions(),
    'window:showMain': () => deps.mainWindow.show(),
    'auth:takeCustomToken': async () => (await deps.tokens.load()) ?? null,
    'auth:clearCustomToken': () => deps.tokens.clear(),
    'permissions:request': ({ kind }) => deps.permissions.request(kind),
    'system:openSettings': ({ pane }) => deps.permissions.openSettings(pane),
    'systemAudio:plan': () => deps.systemAudio.plan(),
    'systemAudio:start': ({ source }, sender) =>
      deps.systemAudio.start(source, {
        chunk: (chunk) => deps.events.send(sender.webContentsId, 'systemAudio:chunk', chunk),
        ended: (message) => deps.events.send(sender.webContentsId, 'systemAudio:ended', { message }),
      }),
    'systemAudio:stop': () => deps.systemAudio.stop(),
    'offline:start': (request, sender) =>
      deps.mainWindow.isRecorder(sender.webContentsId)
        ? deps.offline.start(request)
        : { ok: false, message: 'only the recording window' },
    'offline:audio': (bytes) => deps.offline.audio(bytes),
    'offline:stop': () => deps.offline.stop(),
  };
  for (const channel of Object.keys(routes) as InvokeChannel[]) {
    router.handle(channel, routes[channel] as InvokeHandler<typeof channel>);
  }
}
