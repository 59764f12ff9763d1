import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../src/shared/api';
import type { Transcript } from '../../src/shared/entities';
import { DESKTOP_ROUTES, SCREEN_CAPTURE_ERROR_SHOW_MS } from '../../src/shared/desktop';
import { VOLUME_SILENCE_TIMEOUT_MS } from '../../src/shared/constants';
import { rootReducer } from '../../src/renderer/app/rootReducer';
import type { RootState } from '../../src/renderer/app/rootReducer';
import {
  OUTAGE_BRIDGE_AFTER_MS,
  bridgeOutages,
  listenToMain,
  onCaptionsCommand,
  reportState,
  requestsToMain,
  serverUnreachable,
  startCaptions,
  watchCaptureNotices,
  watchOutputDevice,
  watchVolume,
} from '../../src/renderer/features/desktop/sagas';
import { desktopActions } from '../../src/renderer/features/desktop/slice';
import { audioActions } from '../../src/renderer/features/audio/slice';
import { captionsActions } from '../../src/renderer/features/captions/slice';
import type { HttpResult } from '../../src/renderer/lib/http';
import { authActions } from '../../src/renderer/features/auth/slice';
import { socketActions } from '../../src/renderer/features/socket/slice';
import { settingsActions } from '../../src/renderer/features/settings/slice';
import { DEFAULT_PREFERENCES } from '../../src/shared/desktop-preferences';
import { FakeCaptureSession, makeFakes, makeStatus, run, settle } from './harness';
import { fakeDesktop } from './desktopFakes';

const initial = rootReducer(undefined, { type: '@@test/init' });
const ready = {
  ...initial.session,
  status: 'ready' as const,
  identity: { kind: 'guest' as const, avaId: 'me_1', userName: 'Ada' },
};

function transcript(id: string, text: string, isFinal: boolean): Transcript {
  return {
    id,
    isFinal,
    author: 'me_1',
    authorShow: 'Ada',
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': text },
    usePaidASR: false,
    index: 0,
    timestampMs: 1,
    t0: 0,
    trackName: 'offline',
  };
}
const types = (actions: { type: string }[]) => actions.map((a) => a.type);

afterEach(() => {
  vi.useRealTimers();
});

describe('events from main', () => {
  it('says it is ready, takes a waiting sign-in token, and turns events into actions', async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    bridge.answer('auth:takeCustomToken', () => 'eyJ.eyJ.');
    const running = run(listenToMain, [fakes.deps, desktop]);
    await settle();
    expect(bridge.invokes.map((i) => i.channel).slice(0, 2)).toEqual([
      'window:ready',
      'auth:takeCustomToken',
    ]);
    // The accounts feature signs in with it; once that is over, main forgets the token.
    expect(running.actions).toContainEqual(authActions.customTokenReceived('eyJ.eyJ.'));
    expect(bridge.invoked('auth:clearCustomToken')).toEqual([]);
    running.dispatch(authActions.requestDone());
    await settle();
    expect(bridge.invoked('auth:clearCustomToken')).toHaveLength(1);

    bridge.emit('offline:transcript', transcript('offline-1.0', 'hello there', true));
    bridge.emit('captions:command', { action: 'toggle' });
    bridge.emit('auth:customToken', { customToken: 'a.b.c' });
    await settle();
    expect(running.state.captions.ids).toEqual(['offline-1.0']);
    expect(running.state.captions.announcement?.text).toBe('hello there');
    expect(running.actions).toContainEqual(desktopActions.captionsCommandReceived('toggle'));
    expect(running.actions).toContainEqual(authActions.customTokenReceived('a.b.c'));
  });

  it("navigates only to the app's own desktop routes", async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    run(listenToMain, [fakes.deps, desktop]);
    await settle();
    bridge.emit('app:navigate', { path: DESKTOP_ROUTES.preferences });
    bridge.emit('app:navigate', { path: 'https://evil.example/' });
    await settle();
    expect(fakes.navigations).toEqual([DESKTOP_ROUTES.preferences]);
  });
});

describe('starting captions in the window that records', () => {
  it('records in the conversation the user is in', async () => {
    const fakes = makeFakes();
    const { desktop } = fakeDesktop();
    const running = run(startCaptions, [fakes.deps, desktop], {
      session: ready,
      conversation: { ...initial.conversation, roomId: 'me_1_r', status: makeStatus({ id: 'me_1_r' }) },
      socket: { ...initial.socket, status: 'online' },
    });
    await settle();
    expect(types(running.actions)).toContain(audioActions.startRequested.type);
    expect(fakes.http.calls).toEqual([]);
  });

  it('starts a conversation when there is none, then records once it is connected', async () => {
    const fakes = makeFakes();
    const { desktop } = fakeDesktop();
    fakes.http.on('GET', API.health, { ok: true, status: 200, data: {} });
    const running = run(startCaptions, [fakes.deps, desktop], { session: ready });
    await settle();
    expect(types(running.actions)).toContain('lobby/startRequested');
    expect(types(running.actions)).not.toContain(audioActions.startRequested.type);
    running.dispatch(socketActions.statusEvent('succeeded'));
    await settle();
    expect(types(running.actions)).toContain(audioActions.startRequested.type);
  });

  it.each([
    [{ ok: false as const, status: 0, message: 'Failed to fetch' }, true],
    [{ ok: false as const, status: 502, message: 'Bad Gateway' }, true],
    [{ ok: false as const, status: 404, message: 'not found' }, false],
    [{ ok: true as const, status: 200, data: {} }, false],
  ])('treats %j as unreachable: %s', (result, unreachable) => {
    expect(serverUnreachable(result)).toBe(unreachable);
  });

  it('captions on this computer when the server cannot be reached', async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    fakes.http.on('GET', API.health, { ok: false, status: 0, message: 'Failed to fetch' });
    bridge.answer('offline:start', () => ({ ok: true, engine: 'pocketsphinx:en-us' }));
    const running = run(startCaptions, [fakes.deps, desktop], { session: ready });
    await settle();
    expect(running.state.desktop.offline.recording).toBe('PENDING');
    const mic = new FakeCaptureSession();
    fakes.audio.lastStart.resolve(mic);
    await settle();
    expect(bridge.invoked('offline:start')).toEqual([{ lang: 'en-US', author: 'me_1', authorShow: 'Ada' }]);
    expect(running.state.desktop.offline.recording).toBe('RECORDING');
    mic.chunk(Int16Array.from([1, 2]));
    mic.chunk(Int16Array.from([3, 4]));
    await settle();
    expect(bridge.invoked('offline:audio')).toEqual([
      Uint8Array.from([1, 0, 2, 0]),
      Uint8Array.from([3, 0, 4, 0]),
    ]);
    expect(running.state.notifications.items.map((n) => n.key)).toContain('desktop.noServer');

    running.dispatch(desktopActions.offlineStopRequested());
    await settle();
    expect(mic.stopped).toBe(true);
    expect(bridge.invoked('offline:stop')).toHaveLength(1);
    expect(running.state.desktop.offline.recording).toBe('NOT_RECORDING');
  });

  it('says why when the speech engine cannot run on this computer', async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    fakes.http.on('GET', API.health, { ok: false, status: 0, message: 'Failed to fetch' });
    bridge.answer('offline:start', () => ({
      ok: false,
      message: 'no speech engine could be loaded on this computer',
    }));
    const running = run(startCaptions, [fakes.deps, desktop], { session: ready });
    await settle();
    const mic = new FakeCaptureSession();
    fakes.audio.lastStart.resolve(mic);
    await settle();
    expect(mic.stopped).toBe(true);
    expect(running.state.desktop.offline.recording).toBe('NOT_RECORDING');
    const notice = running.state.notifications.items.find((n) => n.key === 'desktop.offlineFailed');
    expect(notice?.values).toEqual({ message: 'no speech engine could be loaded on this computer' });
  });
});

describe('state reported to main', () => {
  it('reports each change once', async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    const running = run(reportState, [fakes.deps, desktop], {
      conversation: { ...initial.conversation, roomId: 'me_1_r' },
    });
    await settle();
    running.dispatch(audioActions.recordingEvent('start'));
    running.dispatch(audioActions.volumeChanged(10));
    await settle();
    expect(bridge.invoked('captions:reportState')).toEqual([
      { recording: 'NOT_RECORDING', audioStatus: 'notRecording', roomId: 'me_1_r', offline: false },
      { recording: 'PENDING', audioStatus: 'notRecording', roomId: 'me_1_r', offline: false },
    ]);
  });
});

describe('captions waiting for the connection to resume them', () => {
  const resuming = { audio: { ...initial.audio, resuming: true } };

  it('are reported as PENDING: on, not yet flowing', async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    run(reportState, [fakes.deps, desktop], {
      ...resuming,
      conversation: { ...initial.conversation, roomId: 'me_1_r' },
    });
    await settle();
    expect(bridge.invoked('captions:reportState')).toEqual([
      { recording: 'PENDING', audioStatus: 'notRecording', roomId: 'me_1_r', offline: false },
    ]);
  });

  it('are stopped by the tray toggle, and left alone by its start', async () => {
    const fakes = makeFakes();
    const { desktop } = fakeDesktop();
    const toggled = run(
      onCaptionsCommand,
      [fakes.deps, desktop, desktopActions.captionsCommandReceived('toggle')],
      resuming,
    );
    await settle();
    expect(types(toggled.actions)).toContain(audioActions.stopRequested.type);
    const started = run(
      onCaptionsCommand,
      [fakes.deps, desktop, desktopActions.captionsCommandReceived('start')],
      resuming,
    );
    await settle();
    expect(types(started.actions)).not.toContain(audioActions.startRequested.type);
    expect(types(started.actions)).not.toContain('lobby/startRequested');
    expect(fakes.http.calls).toEqual([]);
  });
});

describe('a dropped connection bridged by captions on this computer', () => {
  afterEach(() => vi.useRealTimers());

  function start(health: HttpResult<unknown>) {
    vi.useFakeTimers();
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    fakes.http.on('GET', API.health, health);
    bridge.answer('offline:start', () => ({ ok: true, engine: 'pocketsphinx:en-us' }));
    const running = run(bridgeOutages, [fakes.deps, desktop], {
      session: ready,
      conversation: { ...initial.conversation, roomId: 'me_1_r' },
    });
    return { fakes, bridge, running };
  }

  it('takes over when the server stays unreachable, and hands back once the connection returns', async () => {
    const { fakes, bridge, running } = start({ ok: false, status: 0, message: 'Failed to fetch' });
    running.dispatch(audioActions.resumeWaiting(true));
    await vi.advanceTimersByTimeAsync(OUTAGE_BRIDGE_AFTER_MS - 100);
    expect(fakes.audio.starts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(running.state.desktop.offline.recording).toBe('PENDING');
    const mic = new FakeCaptureSession();
    fakes.audio.lastStart.resolve(mic);
    await vi.advanceTimersByTimeAsync(0);
    expect(running.state.desktop.offline.recording).toBe('RECORDING');
    expect(running.state.notifications.items.map((n) => n.key)).toContain('desktop.bridging');
    // The room's captions stay on screen while this computer captions.
    expect(types(running.actions)).not.toContain(captionsActions.cleared.type);

    running.dispatch(audioActions.resumeWaiting(false));
    await vi.advanceTimersByTimeAsync(0);
    expect(mic.stopped).toBe(true);
    expect(bridge.invoked('offline:stop')).toHaveLength(1);
    expect(running.state.desktop.offline.recording).toBe('NOT_RECORDING');
  });

  it('releases the microphone when the connection returns while this computer is still starting', async () => {
    const { fakes, bridge, running } = start({ ok: false, status: 0, message: 'Failed to fetch' });
    running.dispatch(audioActions.resumeWaiting(true));
    await vi.advanceTimersByTimeAsync(OUTAGE_BRIDGE_AFTER_MS + 100);
    expect(running.state.desktop.offline.recording).toBe('PENDING');
    const pending = fakes.audio.lastStart;
    running.dispatch(audioActions.resumeWaiting(false));
    await vi.advanceTimersByTimeAsync(0);
    expect(pending.signal.aborted).toBe(true);
    expect(bridge.invoked('offline:start')).toEqual([]);
    expect(running.state.desktop.offline.recording).toBe('NOT_RECORDING');
  });

  it.each([
    ['a short drop', { ok: false as const, status: 0, message: 'Failed to fetch' }, 2000],
    ['a server that still answers', { ok: true as const, status: 200, data: {} }, undefined],
  ])('leaves %s to the reconnection', async (_name, health, backAfter) => {
    const { fakes, running } = start(health);
    running.dispatch(audioActions.resumeWaiting(true));
    if (backAfter !== undefined) {
      await vi.advanceTimersByTimeAsync(backAfter);
      running.dispatch(audioActions.resumeWaiting(false));
    }
    await vi.advanceTimersByTimeAsync(OUTAGE_BRIDGE_AFTER_MS * 3);
    expect(fakes.audio.starts).toHaveLength(0);
    expect(running.state.desktop.offline.recording).toBe('NOT_RECORDING');
  });
});

describe('audio status: no volume for 5 s stops audio', () => {
  it('stops recording and tells the user when capture delivers nothing', async () => {
    vi.useFakeTimers({ now: 100_000 });
    const fakes = makeFakes();
    const { desktop, state } = fakeDesktop();
    state.lastChunkAt = 100_000;
    const running = run(watchVolume, [fakes.deps, desktop], {
      audio: { ...initial.audio, recording: 'RECORDING' },
      desktop: { ...initial.desktop, audioStatus: { status: 'pending', link: 'connected' } },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(running.state.desktop.audioStatus.status).toBe('recording');
    expect(types(running.actions)).not.toContain(audioActions.stopRequested.type);
    await vi.advanceTimersByTimeAsync(VOLUME_SILENCE_TIMEOUT_MS);
    expect(types(running.actions)).toContain(audioActions.stopRequested.type);
    expect(running.state.desktop.audioStatus.status).toBe('notRecording');
    expect(running.state.notifications.items.map((n) => n.key)).toContain('desktop.audioStalled');
    running.task.cancel();
  });
});

describe('output device change during internal-audio recording', () => {
  const outputs = (label: string) => [
    { deviceId: 'default', kind: 'audiooutput', label: `Default - ${label}`, groupId: 'g' },
  ];
  const recordingInternal = (source: 'internal' | 'microphone') => ({
    audio: { ...initial.audio, recording: 'RECORDING' as const },
    desktop: {
      ...initial.desktop,
      config: {
        preferences: { ...DEFAULT_PREFERENCES, audioSource: source },
        appVersion: '2.2.0',
        platform: 'win32' as const,
      },
    },
  });

  it('stops with a warning when the output changes to another device', async () => {
    const fakes = makeFakes();
    const { desktop, state } = fakeDesktop();
    state.outputs = outputs('Speakers (Realtek)');
    const running = run(
      watchOutputDevice,
      [fakes.deps, desktop],
      recordingInternal('internal') as Partial<RootState>,
    );
    await settle();
    state.outputs = outputs('Headphones (USB)');
    fakes.audio.fireDeviceChange();
    await settle();
    expect(types(running.actions)).toContain(audioActions.stopRequested.type);
    expect(running.state.notifications.items.map((n) => n.key)).toContain('desktop.outputChanged');
  });

  it('keeps recording when the output becomes the Hearken virtual speaker, or when only the microphone records', async () => {
    for (const [source, label] of [
      ['internal', 'Hearken Virtual Speaker'],
      ['microphone', 'Headphones (USB)'],
    ] as const) {
      const fakes = makeFakes();
      const { desktop, state } = fakeDesktop();
      state.outputs = outputs('Speakers (Realtek)');
      const running = run(
        watchOutputDevice,
        [fakes.deps, desktop],
        recordingInternal(source) as Partial<RootState>,
      );
      await settle();
      state.outputs = outputs(label);
      fakes.audio.fireDeviceChange();
      await settle();
      expect(types(running.actions), `${source} ${label}`).not.toContain(audioActions.stopRequested.type);
    }
  });
});

describe('capture notices', () => {
  it('shows the screen-capture permission error for 10 s with an action that opens the system settings', async () => {
    const fakes = makeFakes();
    const { desktop, notice, bridge } = fakeDesktop();
    const running = run(watchCaptureNotices, [fakes.deps, desktop]);
    await settle();
    notice({ kind: 'screenCaptureDenied' });
    await settle();
    const shown = running.state.notifications.items.find((n) => n.key === 'errors.audio.NO_SCREEN_SHARE');
    expect(shown).toMatchObject({
      intent: 'danger',
      hideAfterMs: SCREEN_CAPTURE_ERROR_SHOW_MS,
      action: {
        labelKey: 'desktop.openSystemSettings',
        action: desktopActions.systemSettingsRequested('screenCapture'),
      },
    });
    expect(bridge.invokes).toEqual([]);
  });

  it('offers the system settings when the platform refused the microphone', async () => {
    const fakes = makeFakes();
    const { desktop, notice } = fakeDesktop();
    const running = run(watchCaptureNotices, [fakes.deps, desktop]);
    await settle();
    notice({ kind: 'microphoneDenied' });
    await settle();
    expect(
      running.state.notifications.items.find((n) => n.key === 'errors.audio.PERMISSION_DENIED')?.action,
    ).toEqual({
      labelKey: 'desktop.openSystemSettings',
      action: desktopActions.systemSettingsRequested('microphone'),
    });
  });

  it('opens the macOS internal-audio quick setup in the app window', async () => {
    const fakes = makeFakes();
    const { desktop, notice, bridge } = fakeDesktop();
    run(watchCaptureNotices, [fakes.deps, desktop]);
    await settle();
    notice({ kind: 'internalAudioUnavailable', reason: 'macosNeedsSetup' });
    await settle();
    expect(fakes.navigations).toEqual([DESKTOP_ROUTES.internalAudioSetup]);
    expect(bridge.invoked('window:showMain')).toHaveLength(1);
  });
});

describe('requests from the page to main', () => {
  it('sends what the page asks, and the tray follows the interface language', async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    const running = run(requestsToMain, [fakes.deps, desktop]);
    running.dispatch(desktopActions.windowMoveRequested({ dx: -10, dy: 0 }));
    running.dispatch(desktopActions.captionsCommandRequested('start'));
    running.dispatch(settingsActions.languageChanged('fr'));
    await settle();
    expect(bridge.invoked('window:moveBy')).toEqual([{ dx: -10, dy: 0 }]);
    expect(bridge.invoked('captions:command')).toEqual([{ action: 'start' }]);
    expect(bridge.invoked('desktop:updatePreferences')).toEqual([{ language: 'fr' }]);
  });
});
