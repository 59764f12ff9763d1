/** Notices from desktop capture: the quick-setup screen, permission errors with the way to fix them. */
import { buffers, eventChannel } from 'redux-saga';
import { call, put, take } from 'typed-redux-saga';
import { DESKTOP_ROUTES, SCREEN_CAPTURE_ERROR_SHOW_MS } from '../../../../shared/desktop';
import type { AppDeps } from '../../../app/deps';
import { notificationsActions } from '../../notifications/slice';
import type { DesktopDeps } from '../deps';
import type { DesktopCaptureNotice } from '../desktop-capture';
import { desktopActions } from '../slice';
import { askMain } from './ask-main';

export function* watchCaptureNotices(deps: AppDeps, desktop: DesktopDeps) {
  const notices = eventChannel<DesktopCaptureNotice>(
    (emit) => desktop.captureNotices.subscribe(emit),
    buffers.expanding(8),
  );
  try {
    while (true) {
      const notice = yield* take(notices);
      switch (notice.kind) {
        case 'internalAudioUnavailable':
          if (notice.reason === 'macosNeedsSetup') {
            yield* call([deps.navigation, deps.navigation.navigate], DESKTOP_ROUTES.internalAudioSetup);
            yield* askMain(deps, desktop, 'window:showMain', null);
          }
          yield* put(
            notificationsActions.notify({ intent: 'warning', key: 'desktop.systemAudioUnavailable' }),
          );
          break;
        case 'screenCaptureDenied':
          yield* put(
            notificationsActions.notify({
              intent: 'danger',
              key: 'errors.audio.NO_SCREEN_SHARE',
              hideAfterMs: SCREEN_CAPTURE_ERROR_SHOW_MS,
              ...(desktop.platform === 'linux'
                ? {}
                : {
                    action: {
                      labelKey: 'desktop.openSystemSettings',
                      action: desktopActions.systemSettingsRequested('screenCapture'),
                    },
                  }),
            }),
          );
          break;
        case 'microphoneDenied':
          // The audio saga shows PERMISSION_DENIED; this adds the way to change it.
          if (desktop.platform !== 'linux')
            yield* put(
              notificationsActions.notify({
                intent: 'danger',
                key: 'errors.audio.PERMISSION_DENIED',
                action: {
                  labelKey: 'desktop.openSystemSettings',
                  action: desktopActions.systemSettingsRequested('microphone'),
                },
              }),
            );
          break;
        case 'systemAudioEnded':
          yield* put(
            notificationsActions.notify({
              intent: 'warning',
              key: 'desktop.systemAudioEnded',
              values: { message: notice.message },
            }),
          );
          break;
      }
    }
  } finally {
    notices.close();
  }
}
