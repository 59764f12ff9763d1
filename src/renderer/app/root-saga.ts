import { all, call, fork } from 'typed-redux-saga';
import { scribeSaga } from '../features/scribes/sagas';
import { admissionSaga } from '../features/admission/sagas';
import { hostControlsSaga } from '../features/host-controls/sagas';
import { audioSaga } from '../features/audio/sagas';
import { captionsSaga } from '../features/captions/sagas';
import { captionDelaySaga } from '../features/caption-delay/sagas';
import { authSaga, startAuth } from '../features/sign-in/sagas';
import { connectivitySaga } from '../features/connectivity/sagas';
import { conversationSaga } from '../features/conversation/sagas';
import { inviteSaga } from '../features/invite/sagas';
import { invitePeopleSaga } from '../features/invite-people/sagas';
import { typedRepliesSaga } from '../features/typed-replies/sagas';
import { meetingBotSaga } from '../features/meeting-bot/sagas';
import { phoneCallsSaga } from '../features/phone-calls/sagas';
import { speakersSaga } from '../features/speakers/sagas';
import { voicedRepliesSaga } from '../features/voiced-replies/sagas';
import { translationSaga } from '../features/translation/sagas';
import { lobbySaga } from '../features/lobby/sagas';
import { notificationsSaga } from '../features/notifications/sagas';
import { onboardingSaga } from '../features/onboarding/sagas';
import { profileSaga } from '../features/account-profile/sagas';
import { remoteConfigSaga } from '../features/remote-config/sagas';
import { sessionSaga } from '../features/identity/sagas';
import { loadSpeechLangs, settingsSaga } from '../features/settings/sagas';
import { socketSaga } from '../features/socket/sagas';
import { transcriptSaga } from '../features/transcript/sagas';
import { historySaga } from '../features/history/sagas';
import { ratingSaga } from '../features/rating/sagas';
import { problemReportsSaga } from '../features/problem-reports/sagas';
import { sessionLimitsSaga } from '../features/session-limits/sagas';
import { creditsSaga } from '../features/credits/sagas';
import { recapSaga } from '../features/recap/sagas';
import { endingSaga } from '../features/ending/sagas';
import { organizationSaga } from '../features/organization/sagas';
import { workspaceSaga } from '../features/workspace/sagas';
import { accountBoostSaga } from '../features/account-settings/boost-sagas';
import { transcriptEditSaga } from '../features/transcript-edit/sagas';
import { boostSaga } from '../features/boost/sagas';
import { desktopBuildsSaga } from '../features/desktop-download/sagas';
import type { AppDeps } from './deps';

export function* rootSaga(deps: AppDeps) {
  yield* all([
    call(sessionSaga, deps),
    call(authSaga, deps),
    call(profileSaga, deps),
    call(onboardingSaga, deps),
    call(connectivitySaga, deps),
    call(settingsSaga, deps),
    call(notificationsSaga),
    call(lobbySaga, deps),
    call(socketSaga, deps),
    call(typedRepliesSaga, deps),
    call(meetingBotSaga, deps),
    call(phoneCallsSaga, deps),
    call(speakersSaga, deps),
    call(voicedRepliesSaga, deps),
    call(translationSaga, deps),
    call(captionsSaga, deps),
    call(conversationSaga, deps),
    call(admissionSaga, deps),
    call(hostControlsSaga, deps),
    call(audioSaga, deps),
    call(inviteSaga, deps),
    call(invitePeopleSaga, deps),
    call(transcriptSaga, deps),
    call(startDesktop, deps),
    call(historySaga, deps),
    call(ratingSaga, deps),
    call(problemReportsSaga, deps),
    call(sessionLimitsSaga, deps),
    call(creditsSaga, deps),
    call(recapSaga, deps),
    call(endingSaga, deps),
    call(captionDelaySaga, deps),
    call(organizationSaga, deps),
    call(workspaceSaga, deps),
    call(accountBoostSaga, deps),
    call(scribeSaga, deps),
    call(transcriptEditSaga, deps),
    call(boostSaga, deps),
    call(desktopBuildsSaga, deps),
    call(startUp, deps),
  ]);
}

/**
 * The desktop app's sagas, in a chunk that only the desktop app loads (deps.desktop is set only
 * there): a browser never downloads the desktop's code.
 */
function* startDesktop(deps: AppDeps) {
  if (!deps.desktop) return;
  const { desktopSaga } = yield* call(() => import('../features/desktop/sagas/index'));
  yield* call(desktopSaga, deps);
}

/**
 * On start: find out who is signed in (the identity comes from that: the account's, or a guest
 * identity when nobody is; see the profile saga), read the remote config (then hourly), and
 * learn which speech languages the server offers.
 */
function* startUp(deps: AppDeps) {
  yield* fork(startAuth, deps);
  yield* fork(remoteConfigSaga, deps);
  yield* call(loadSpeechLangs, deps);
}
