import { type EventChannel, buffers, eventChannel } from 'redux-saga';
import { call, put, take } from 'typed-redux-saga';
import type { AppDeps } from '../../app/deps';
import { connectivityActions } from './slice';

/** Follows the browser's online and offline events. */
export function* connectivitySaga(deps: AppDeps) {
  yield* put(connectivityActions.changed(deps.network.isOnline()));
  const channel: EventChannel<boolean> = yield* call(() =>
    eventChannel<boolean>((emit) => deps.network.subscribe(emit), buffers.expanding(4)),
  );
  for (;;) {
    const online = yield* take(channel);
    yield* put(connectivityActions.changed(online));
  }
}
