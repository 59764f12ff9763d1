/**
 * The desktop app's effects in a page (nothing runs in the web build, where deps.desktop is
 * absent), one concern per file:
 * - main-events.ts: events from main become actions; requests-to-main.ts: the page's requests;
 * - captions-control.ts: the window that records starts captions in its conversation, a new
 *   one, or on this computer (offline-captions.ts, also bridging a dropped connection);
 * - audio-status.ts: the state reported to main and the spec's desktop audio status;
 * - output-device.ts, capture-notices.ts: what desktop capture notices.
 * Caption windows only show captions: they listen, ask, and show notices, nothing more.
 */
import { fork, put, select, takeLatest } from 'typed-redux-saga';
import { DESKTOP_ROUTES } from '../../../../shared/desktop';
import type { AppDeps } from '../../../app/deps';
import type { RootState } from '../../../app/root-reducer';
import { desktopActions } from '../slice';
import { askMain } from './ask-main';
import { followLink, reportState, watchVolume } from './audio-status';
import { onCaptionsCommand } from './captions-control';
import { watchCaptureNotices } from './capture-notices';
import { listenToMain } from './main-events';
import { bridgeOutages } from './offline-captions';
import { watchOutputDevice } from './output-device';
import { requestsToMain } from './requests-to-main';

/** Caption windows only show captions; the window that records is the main one. */
function isCaptionWindow(deps: AppDeps): boolean {
  return deps.navigation.currentPath().startsWith(DESKTOP_ROUTES.captions);
}

export function* desktopSaga(deps: AppDeps) {
  const desktop = deps.desktop;
  if (!desktop) return;
  const config = yield* askMain(deps, desktop, 'desktop:getConfig', null);
  if (config) yield* put(desktopActions.configLoaded(config));
  yield* fork(listenToMain, deps, desktop);
  yield* fork(requestsToMain, deps, desktop);
  yield* fork(watchCaptureNotices, deps, desktop);
  if (isCaptionWindow(deps)) return;
  // The tray follows the language of the app window from the start.
  const language = yield* select((s: RootState) => s.settings.language);
  yield* askMain(deps, desktop, 'desktop:updatePreferences', { language });
  yield* takeLatest(desktopActions.captionsCommandReceived, onCaptionsCommand, deps, desktop);
  yield* fork(reportState, deps, desktop);
  yield* fork(followLink);
  yield* fork(watchVolume, deps, desktop);
  yield* fork(watchOutputDevice, deps, desktop);
  yield* fork(bridgeOutages, deps, desktop);
}
