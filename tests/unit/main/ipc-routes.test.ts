import { describe, expect, it, vi } from 'vitest';
import { type InvokeEvent, IpcRouter, type IpcMainLike } from '../../../src/main/ipc';
import { type IpcRoutesDeps, registerIpcRoutes } from '../../../src/main/ipc-routes';
import { DEFAULT_PREFERENCES } from '../../../src/shared/desktop-preferences';
import { type DesktopConfig, INVOKE_CHANNELS, type TypedReplyForwarded } from '../../../src/shared/ipc';

const MAIN_WINDOW = 1;
const CAPTION_WINDOW = 2;
const config: DesktopConfig = { preferences: DEFAULT_PREFERENCES, appVersion: '2.2.0', platform: 'linux' };

/** ipcMain with the test playing the renderers; every sender is trusted here (ipc.test.ts checks that). */
function setUp(platform = 'linux') {
  const handlers = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  };
  const deps = {
    preferences: {
      current: { ...DEFAULT_PREFERENCES, clickThrough: true },
      config: vi.fn(() => config),
      update: vi.fn(async () => config),
    },
    events: { markReady: vi.fn() },
    captions: {
      command: vi.fn(),
      report: vi.fn(),
      hideCaptions: vi.fn(),
      typedReply: vi.fn((): TypedReplyForwarded => ({ ok: true })),
    },
    captionWindows: { moveBy: vi.fn(), setInteractive: vi.fn() },
    mainWindow: { show: vi.fn(), isRecorder: (id: number) => id === MAIN_WINDOW },
    tokens: { load: vi.fn(async (): Promise<string | undefined> => undefined), clear: vi.fn(async () => {}) },
    platform,
    systemPreferences: { getMediaAccessStatus: vi.fn(() => 'denied') },
    shell: { openExternal: vi.fn(async () => {}) },
    systemAudio: {
      plan: vi.fn(async () => ({ kind: 'loopback' as const })),
      start: vi.fn(() => ({ ok: true as const })),
      stop: vi.fn(),
    },
    offline: {
      start: vi.fn(async () => ({ ok: true as const, engine: 'pocketsphinx' })),
      audio: vi.fn(),
      stop: vi.fn(async () => {}),
    },
  } satisfies IpcRoutesDeps;
  registerIpcRoutes(new IpcRouter(ipcMain, () => true), deps);
  const invoke = (channel: string, from: number, request: unknown = null) =>
    Promise.resolve(
      handlers.get(channel)!({ sender: { id: from }, senderFrame: { url: 'app://hearken/web' } }, request),
    );
  return { deps, handlers, invoke };
}

describe('registerIpcRoutes', () => {
  it('answers every channel of the channel map', () => {
    const { handlers } = setUp();
    expect([...handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
  });

  it('hands preferences to the preferences controller', async () => {
    const { deps, invoke } = setUp();
    await expect(invoke('desktop:getConfig', CAPTION_WINDOW)).resolves.toBe(config);
    await invoke('desktop:updatePreferences', MAIN_WINDOW, { captionMode: 'captionsBox' });
    expect(deps.preferences.update).toHaveBeenCalledWith({ captionMode: 'captionsBox' });
  });

  it('marks the asking window ready for its events', async () => {
    const { deps, invoke } = setUp();
    await invoke('window:ready', CAPTION_WINDOW);
    expect(deps.events.markReady).toHaveBeenCalledWith(CAPTION_WINDOW);
  });

  it('takes the captions state from the window that records only', async () => {
    const { deps, invoke } = setUp();
    const state = { recording: 'RECORDING', audioStatus: 'recording', offline: false };
    await invoke('captions:reportState', CAPTION_WINDOW, state);
    expect(deps.captions.report).not.toHaveBeenCalled();
    await invoke('captions:reportState', MAIN_WINDOW, state);
    expect(deps.captions.report).toHaveBeenCalledWith(state);
  });

  it('hands a typed line from a caption window to the captions hub, and says what became of it', async () => {
    const { deps, invoke } = setUp();
    await expect(invoke('captions:typedReply', CAPTION_WINDOW, { text: 'Yes, go on' })).resolves.toEqual({
      ok: true,
    });
    expect(deps.captions.typedReply).toHaveBeenCalledWith('Yes, go on');
  });

  it('lets only the window that records start offline captions', async () => {
    const { deps, invoke } = setUp();
    await expect(invoke('offline:start', CAPTION_WINDOW, { lang: 'en-US' })).resolves.toEqual({
      ok: false,
      message: 'only the recording window',
    });
    expect(deps.offline.start).not.toHaveBeenCalled();
    await expect(invoke('offline:start', MAIN_WINDOW, { lang: 'en-US' })).resolves.toEqual({
      ok: true,
      engine: 'pocketsphinx',
    });
  });

  it('passes commands of the caption window on', async () => {
    const { deps, invoke } = setUp();
    await invoke('captions:command', CAPTION_WINDOW, { action: 'toggle' });
    await invoke('window:moveBy', CAPTION_WINDOW, { dx: 10, dy: -50 });
    await invoke('window:interactive', CAPTION_WINDOW, { interactive: true });
    await invoke('window:hide', CAPTION_WINDOW);
    await invoke('window:showMain', CAPTION_WINDOW);
    expect(deps.captions.command).toHaveBeenCalledWith('toggle');
    expect(deps.captionWindows.moveBy).toHaveBeenCalledWith(10, -50);
    // Click-through comes from the preferences, not from the page.
    expect(deps.captionWindows.setInteractive).toHaveBeenCalledWith(true, true);
    expect(deps.captions.hideCaptions).toHaveBeenCalledTimes(1);
    expect(deps.mainWindow.show).toHaveBeenCalledTimes(1);
  });

  it('hands the sign-in token over once there is one, as null otherwise', async () => {
    const { deps, invoke } = setUp();
    await expect(invoke('auth:takeCustomToken', MAIN_WINDOW)).resolves.toBeNull();
    deps.tokens.load.mockResolvedValueOnce('a.b.c');
    await expect(invoke('auth:takeCustomToken', MAIN_WINDOW)).resolves.toBe('a.b.c');
    await invoke('auth:clearCustomToken', MAIN_WINDOW);
    expect(deps.tokens.clear).toHaveBeenCalledTimes(1);
  });

  it('asks the platform for permissions, and opens its settings where it has them', async () => {
    const mac = setUp('darwin');
    await expect(mac.invoke('permissions:request', MAIN_WINDOW, { kind: 'microphone' })).resolves.toBe(
      'denied',
    );
    await mac.invoke('system:openSettings', MAIN_WINDOW, { pane: 'microphone' });
    expect(mac.deps.shell.openExternal).toHaveBeenCalledWith(
      'x-apple.systempreferences:com.apple.preference.security?Privacy_Microphone',
    );
    const linux = setUp('linux');
    await expect(linux.invoke('permissions:request', MAIN_WINDOW, { kind: 'microphone' })).resolves.toBe(
      'granted',
    );
    await linux.invoke('system:openSettings', MAIN_WINDOW, { pane: 'sound' });
    expect(linux.deps.shell.openExternal).not.toHaveBeenCalled();
  });

  it('records computer audio for the window that asked', async () => {
    const { deps, invoke } = setUp();
    await expect(invoke('systemAudio:plan', MAIN_WINDOW)).resolves.toEqual({ kind: 'loopback' });
    await invoke('systemAudio:start', MAIN_WINDOW, { source: 'sink.monitor' });
    expect(deps.systemAudio.start).toHaveBeenCalledWith('sink.monitor', MAIN_WINDOW);
    await invoke('systemAudio:stop', MAIN_WINDOW);
    expect(deps.systemAudio.stop).toHaveBeenCalledTimes(1);
  });

  it('feeds audio to offline captions and stops them', async () => {
    const { deps, invoke } = setUp();
    const bytes = new Uint8Array(1920);
    await invoke('offline:audio', MAIN_WINDOW, bytes);
    await invoke('offline:stop', MAIN_WINDOW);
    expect(deps.offline.audio).toHaveBeenCalledWith(bytes);
    expect(deps.offline.stop).toHaveBeenCalledTimes(1);
  });
});
