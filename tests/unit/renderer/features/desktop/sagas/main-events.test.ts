import { describe, expect, it } from 'vitest';
import { DESKTOP_ROUTES } from '../../../../../../src/shared/desktop';
import { listenToMain } from '../../../../../../src/renderer/features/desktop/sagas/main-events';
import { desktopActions } from '../../../../../../src/renderer/features/desktop/slice';
import { authActions } from '../../../../../../src/renderer/features/sign-in/slice';
import { typedRepliesActions } from '../../../../../../src/renderer/features/typed-replies/slice';
import { makeFakes, run, settle } from '../../../../../helpers/saga-harness';
import { fakeDesktop } from '../../../../../helpers/desktop-fakes';
import { transcript, restoreTimersAfterEach } from '../../../../../helpers/desktop-saga';

restoreTimersAfterEach();

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

  it('asks this window, which is in the room, to send a line typed in a caption window', async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    const running = run(listenToMain, [fakes.deps, desktop]);
    await settle();
    bridge.emit('captions:typedReply', { text: 'Could you slow down?' });
    await settle();
    const sent = running.actions.filter(typedRepliesActions.sendRequested.match);
    expect(sent.map((a) => a.payload.text)).toEqual(['Could you slow down?']);
    expect(sent[0]!.payload.viaRecorder).toBeUndefined();
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
