/**
 * The host's choices, sent on the room's socket: the room mode (connection-params-update
 * conversationMode), someone's recognition language (change-speaker-language) and the
 * transcript's owners (update-transcript-owner). The server's answer comes back in the room
 * status or as an error the socket saga shows.
 */
import { call, put, takeEvery } from 'typed-redux-saga';
import type { ClientMessage } from '../../../shared/protocol';
import type { AppDeps } from '../../app/deps';
import { notificationsActions } from '../notifications/slice';
import { hostControlsActions } from './actions';

function* send(deps: AppDeps, message: ClientMessage) {
  const sent = yield* call([deps.link, deps.link.send], message);
  if (!sent) yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

function* changeMode(deps: AppDeps, action: ReturnType<typeof hostControlsActions.modeChanged>) {
  yield* send(deps, { type: 'connection-params-update', conversationMode: action.payload });
}

function* changeSpeakerLanguage(
  deps: AppDeps,
  action: ReturnType<typeof hostControlsActions.speakerLanguageChanged>,
) {
  const { avaId, language } = action.payload;
  yield* send(deps, { type: 'change-speaker-language', targetAvaId: avaId, language });
}

function* changeTranscriptOwner(
  deps: AppDeps,
  action: ReturnType<typeof hostControlsActions.transcriptOwnerChanged>,
) {
  yield* send(deps, { type: 'update-transcript-owner', ...action.payload });
}

export function* hostControlsSaga(deps: AppDeps) {
  yield* takeEvery(hostControlsActions.modeChanged.type, changeMode, deps);
  yield* takeEvery(hostControlsActions.speakerLanguageChanged.type, changeSpeakerLanguage, deps);
  yield* takeEvery(hostControlsActions.transcriptOwnerChanged.type, changeTranscriptOwner, deps);
}
