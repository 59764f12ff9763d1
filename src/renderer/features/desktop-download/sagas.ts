import { call, put, takeLatest } from 'typed-redux-saga';
import { DESKTOP_BUILD_ROUTES, type DesktopBuildsResponse } from '../../../shared/desktop-builds';
import type { AppDeps } from '../../app/deps';
import { desktopBuildsActions } from './slice';

/** Reads the builds (a public route: no credential). */
export function* loadDesktopBuilds(deps: AppDeps) {
  yield* put(desktopBuildsActions.loading());
  const result = yield* call(
    [deps.http, deps.http.get<DesktopBuildsResponse>],
    DESKTOP_BUILD_ROUTES.desktopBuilds,
  );
  if (result.ok) yield* put(desktopBuildsActions.loaded(result.data));
  else yield* put(desktopBuildsActions.failed(result.message));
}

export function* desktopBuildsSaga(deps: AppDeps) {
  yield* takeLatest(desktopBuildsActions.requested, loadDesktopBuilds, deps);
}
