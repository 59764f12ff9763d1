import { all, call, put } from 'redux-saga/effects';
import { audioSaga } from '../features/audio/sagas';
import { conversationSaga } from '../features/conversation/sagas';
import { desktopSaga } from '../features/desktop/sagas';
import { inviteSaga } from '../features/invite/sagas';
import { lobbySaga } from '../features/lobby/sagas';
import { notificationsSaga } from '../features/notifications/sagas';
import { sessionSaga } from '../features/session/sagas';
import { sessionActions } from '../features/session/slice';
import { loadSpeechLangs, settingsSaga } from '../features/settings/sagas';
import { socketSaga } from '../features/socket/sagas';
import { transcriptSaga } from '../features/transcript/sagas';
import type { AppDeps } from './deps';

export function* rootSaga(deps: AppDeps) {
  yield all([
    call(sessionSaga, deps),
    call(settingsSaga, deps),
    call(notificationsSaga),
    call(lobbySaga, deps),
    call(socketSaga, deps),
    call(conversationSaga, deps),
    call(audioSaga, deps),
    call(inviteSaga, deps),
    call(transcriptSaga, deps),
    call(desktopSaga, deps),
    call(startUp, deps),
  ]);
}

/** On start: get the guest identity and learn which speech languages the server offers. */
function* startUp(deps: AppDeps) {
  yield put(sessionActions.bootstrapRequested());
  yield call(loadSpeechLangs, deps);
}
