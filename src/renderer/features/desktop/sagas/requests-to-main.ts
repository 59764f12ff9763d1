/** What a page's buttons ask of main: captions, preferences, the window, system settings. */
import { all, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import type { AppDeps } from '../../../app/deps';
import type { RootState } from '../../../app/root-reducer';
import { settingsActions } from '../../settings/slice';
import type { DesktopDeps } from '../deps';
import { desktopActions } from '../slice';
import { askMain } from './ask-main';

export function* requestsToMain(deps: AppDeps, desktop: DesktopDeps) {
  yield* all([
    takeEvery(desktopActions.captionsCommandRequested, function* (a) {
      yield* askMain(deps, desktop, 'captions:command', { action: a.payload });
    }),
    takeLatest(desktopActions.preferencesUpdateRequested, function* (a) {
      const config = yield* askMain(deps, desktop, 'desktop:updatePreferences', a.payload);
      if (config) yield* put(desktopActions.configLoaded(config));
    }),
    // The tray speaks the app's language.
    takeLatest(settingsActions.languageChanged, function* () {
      const language = yield* select((s: RootState) => s.settings.language);
      yield* askMain(deps, desktop, 'desktop:updatePreferences', { language });
    }),
    takeEvery(desktopActions.windowMoveRequested, function* (a) {
      yield* askMain(deps, desktop, 'window:moveBy', a.payload);
    }),
    takeLatest(desktopActions.windowInteractiveChanged, function* (a) {
      yield* askMain(deps, desktop, 'window:interactive', { interactive: a.payload });
    }),
    takeEvery(desktopActions.windowHideRequested, function* () {
      yield* askMain(deps, desktop, 'window:hide', null);
    }),
    takeEvery(desktopActions.showMainRequested, function* () {
      yield* askMain(deps, desktop, 'window:showMain', null);
    }),
    takeEvery(desktopActions.systemSettingsRequested, function* (a) {
      yield* askMain(deps, desktop, 'system:openSettings', { pane: a.payload });
    }),
  ]);
}
