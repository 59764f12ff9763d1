import { describe, expect, it, vi } from 'vitest';
import type { InvokeHandler } from '../../../src/main/ipc';
import { type IpcRoutesDeps, registerIpcRoutes } from '../../../src/main/ipc-routes';
import { INVOKE_CHANNELS, type InvokeChannel } from '../../../src/shared/ipc';
import { DEFAULT_PREFERENCES } from '../../../src/shared/desktop-preferences';

const RECORDER = 1;
const CAPTION_WINDOW = 2;

function setup() {
  const handlers = new Map<string, InvokeHandler<InvokeChannel>>();
  const router = {
    handle: <C extends InvokeChannel>(channel: C, handler: InvokeHandler<C>) =>
      void handlers.set(channel, handler as unknown as InvokeHandler<InvokeChannel>),
  };
  const config = { preferences: DEFAULT_PREFERENCES, appVersion: '2.2.0', platform: 'linux' as const };
  const deps = {
    preferences: { config: vi.fn(() => config), update: vi.fn(async () => config) },
    captions: { command: vi.fn(), report: vi.fn(), hideCaptions: vi.fn() },
    captionWindows: { moveBy: vi.fn(), setInteractive: vi.fn() },
    mainWindow: { show: vi.fn(), isRecorder: (id: number) => id === RECORDER },
    events: { markReady: vi.fn(), send: vi.fn() },
    tokens: { load: vi.fn(async () => undefined), clear: vi.fn(async () => undefined) },
    permissions: {
      request: vi.fn(async () => 'granted' as const),
      openSettings: vi.fn(async () => undefined),
    },
    systemAudio: {
      plan: vi.fn(async () => ({ kind: 'pulseMonitor' as const, source: 'out.monitor' })),
      start: vi.fn((_source: string, _to: { chunk(c: Uint8Array): void; ended(m: string): void }) => ({
        ok: true as const,
      })),
      stop: vi.fn(),
    },
    offline: {
      start: vi.fn(() => ({ ok: true as const, engine: 'pocketsphinx' })),
      audio: vi.fn(),
      stop: vi.fn(),
    },
  } satisfies IpcRoutesDeps;
  registerIpcRoutes(router, deps);
  const invoke = (channel: InvokeChannel, request: unknown, from = RECORDER) =>
    handlers.get(channel)!(request as never, { webContentsId: from, frameUrl: 'app://hearken/' });
  return { handlers, deps, invoke, config };
}

describe('registerIpcRoutes', () => {
  it('answers every invoke channel of the channel map, and nothing else', () => {
    const { handlers } = setup();
    expect([...handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
  });

  it('takes the captions state only from the recording page', async () => {
    const { deps, invoke } = setup();
    const state = { recording: 'RECORDING', audioStatus: 'recording', offline: false };
    await invoke('captions:reportState', state, CAPTION_WINDOW);
    expect(deps.captions.report).not.toHaveBeenCalled();
    await invoke('captions:reportState', state, RECORDER);
    expect(deps.captions.report).toHaveBeenCalledWith(state);
  });

  it('starts offline captions only for the recording page', async () => {
    const { deps, invoke } = setup();
    const request = { language: 'en-US' };
    expect(await invoke('offline:start', request, CAPTION_WINDOW)).toEqual({
      ok: false,
      message: 'only the recording window',
    });
    expect(deps.offline.start).not.toHaveBeenCalled();
    expect(await invoke('offline:start', request, RECORDER)).toEqual({ ok: true, engine: 'pocketsphinx' });
  });

  it('sends system audio to the page that asked for it', async () => {
    const { deps, invoke } = setup();
    await invoke('systemAudio:start', { source: 'out.monitor' }, CAPTION_WINDOW);
    const to = deps.systemAudio.start.mock.calls[0]![1];
    const chunk = new Uint8Array([1, 2]);
    to.chunk(chunk);
    to.ended('parec stopped');
    expect(deps.events.send.mock.calls).toEqual([
      [CAPTION_WINDOW, 'systemAudio:chunk', chunk],
      [CAPTION_WINDOW, 'systemAudio:ended', { message: 'parec stopped' }],
    ]);
  });

  it('hands the sign-in token over once, as null when there is none', async () => {
    const { invoke } = setup();
    expect(await invoke('auth:takeCustomToken', null)).toBeNull();
  });

  it('routes preferences, windows and permissions to their modules', async () => {
    const { deps, invoke, config } = setup();
    expect(await invoke('desktop:getConfig', null)).toBe(config);
    await invoke('desktop:updatePreferences', { clickThrough: true });
    expect(deps.preferences.update).toHaveBeenCalledWith({ clickThrough: true });
    await invoke('window:moveBy', { dx: 3, dy: -4 }, CAPTION_WINDOW);
    expect(deps.captionWindows.moveBy).toHaveBeenCalledWith(3, -4);
    await invoke('window:ready', null, CAPTION_WINDOW);
    expect(deps.events.markReady).toHaveBeenCalledWith(CAPTION_WINDOW);
    expect(await invoke('permissions:request', { kind: 'microphone' })).toBe('granted');
    await invoke('system:openSettings', { pane: 'microphone' });
    expect(deps.permissions.openSettings).toHaveBeenCalledWith('microphone');
  });
});
