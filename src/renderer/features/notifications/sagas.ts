import { delay, put, takeEvery } from 'typed-redux-saga';
import { SNACKBAR_ERROR_HIDE_MS, SNACKBAR_HIDE_MS } from '../../../shared/constants';
import { notificationsActions } from './slice';

export function hideAfterMs(intent: string): number {
  return intent === 'danger' || intent === 'warning' ? SNACKBAR_ERROR_HIDE_MS : SNACKBAR_HIDE_MS;
}

function* autoHide(action: ReturnType<typeof notificationsActions.notify>) {
  if (action.payload.sticky) return;
  yield* delay(action.payload.hideAfterMs ?? hideAfterMs(action.payload.intent));
  yield* put(notificationsActions.dismiss(action.payload.id));
}

export function* notificationsSaga() {
  yield* takeEvery(notificationsActions.notify.type, autoHide);
}
