import { call, delay, put } from 'typed-redux-saga';
import { API } from '../../../shared/api';
import { REMOTE_CONFIG_REFRESH_MS } from '../../../shared/constants';
import type { AppDeps } from '../../app/deps';
import { remoteConfigActions } from './slice';

/** Reads the flags now, then every hour; a failed read keeps the last flags. */
export function* remoteConfigSaga(deps: AppDeps) {
  for (;;) {
    const result = yield* call([deps.http, deps.http.get], API.remoteConfig);
    if (result.ok && typeof result.data === 'object' && result.data !== null) {
      yield* put(remoteConfigActions.loaded({ flags: result.data, atMs: deps.now() }));
    } else if (!result.ok) {
      deps.logger.log('warn', 'remote-config', `could not read the remote config: ${result.message}`);
    }
    yield* delay(REMOTE_CONFIG_REFRESH_MS);
  }
}
