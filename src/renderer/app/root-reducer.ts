import { combineReducers } from '@reduxjs/toolkit';
import { admissionReducer } from '../features/admission/slice';
import { audioReducer } from '../features/audio/slice';
import { authReducer } from '../features/sign-in/slice';
import { captionsReducer } from '../features/captions/slice';
import { captionDelayReducer } from '../features/caption-delay/slice';
import { connectivityReducer } from '../features/connectivity/slice';
import { conversationReducer } from '../features/conversation/slice';
import { desktopReducer } from '../features/desktop/slice';
import { desktopBuildsReducer } from '../features/desktop-download/slice';
import { endingReducer } from '../features/ending/slice';
import { historyReducer } from '../features/history/slice';
import { ratingReducer } from '../features/rating/slice';
import { problemReportsReducer } from '../features/problem-reports/slice';
import { recapReducer } from '../features/recap/slice';
import { inviteReducer } from '../features/invite/slice';
import { invitePeopleReducer } from '../features/invite-people/slice';
import { lobbyReducer } from '../features/lobby/slice';
import { notificationsReducer } from '../features/notifications/slice';
import { profileReducer } from '../features/account-profile/slice';
import { remoteConfigReducer } from '../features/remote-config/slice';
import { sessionReducer } from '../features/identity/slice';
import { settingsReducer } from '../features/settings/slice';
import { socketReducer } from '../features/socket/slice';
import { transcriptReducer } from '../features/transcript/slice';
import { typedRepliesReducer } from '../features/typed-replies/slice';
import { speakersReducer } from '../features/speakers/slice';
import { voicedRepliesReducer } from '../features/voiced-replies/slice';
import { translationReducer } from '../features/translation/slice';
import { organizationReducer } from '../features/organization/slice';
import { workspaceReducer } from '../features/workspace/slice';
import { accountBoostReducer } from '../features/account-settings/boost-slice';
import { scribeReducer } from '../features/scribes/slice';
import { transcriptEditReducer } from '../features/transcript-edit/slice';
import { meetingBotReducer } from '../features/meeting-bot/slice';
import { creditsReducer } from '../features/credits/slice';
import { phoneCallsReducer } from '../features/phone-calls/slice';
import { boostReducer } from '../features/boost/slice';

export const rootReducer = combineReducers({
  session: sessionReducer,
  auth: authReducer,
  profile: profileReducer,
  remoteConfig: remoteConfigReducer,
  connectivity: connectivityReducer,
  settings: settingsReducer,
  notifications: notificationsReducer,
  lobby: lobbyReducer,
  socket: socketReducer,
  conversation: conversationReducer,
  admission: admissionReducer,
  invite: inviteReducer,
  invitePeople: invitePeopleReducer,
  captions: captionsReducer,
  audio: audioReducer,
  transcript: transcriptReducer,
  typedReplies: typedRepliesReducer,
  meetingBot: meetingBotReducer,
  phoneCalls: phoneCallsReducer,
  boost: boostReducer,
  speakers: speakersReducer,
  voicedReplies: voicedRepliesReducer,
  translation: translationReducer,
  desktop: desktopReducer,
  desktopBuilds: desktopBuildsReducer,
  ending: endingReducer,
  history: historyReducer,
  rating: ratingReducer,
  problemReports: problemReportsReducer,
  captionDelay: captionDelayReducer,
  recap: recapReducer,
  organization: organizationReducer,
  workspace: workspaceReducer,
  accountBoost: accountBoostReducer,
  scribe: scribeReducer,
  transcriptEdit: transcriptEditReducer,
  credits: creditsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** The whole state, for sagas that read several parts: `yield* select(selectState)` is typed. */
export const selectState = (state: RootState): RootState => state;
