import { describe, expect, it } from 'vitest';
import { DESKTOP_ROUTES, SCREEN_CAPTURE_ERROR_SHOW_MS } from '../../../../../../src/shared/desktop';
import { watchCaptureNotices } from '../../../../../../src/renderer/features/desktop/sagas/capture-notices';
import { desktopActions } from '../../../../../../src/renderer/features/desktop/slice';
import { makeFakes, run, settle } from '../../../../../helpers/saga-harness';
import { fakeDesktop } from '../../../../../helpers/desktop-fakes';

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
