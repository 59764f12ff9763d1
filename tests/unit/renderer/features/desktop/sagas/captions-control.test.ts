import { describe, expect, it } from 'vitest';
import { API } from '../../../../../../src/shared/api';
import { startCaptions } from '../../../../../../src/renderer/features/desktop/sagas/captions-control';
import { serverUnreachable } from '../../../../../../src/renderer/features/desktop/sagas/server-unreachable';
import { desktopActions } from '../../../../../../src/renderer/features/desktop/slice';
import { audioActions } from '../../../../../../src/renderer/features/audio/slice';
import { socketActions } from '../../../../../../src/renderer/features/socket/slice';
import { FakeCaptureSession, makeFakes, makeStatus, run, settle } from '../../../../../helpers/saga-harness';
import { fakeDesktop } from '../../../../../helpers/desktop-fakes';
import { initial, ready, types, restoreTimersAfterEach } from '../../../../../helpers/desktop-saga';

restoreTimersAfterEach();

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
