/**
 * The captions' side of the socket: asks the server for finals this client is missing. The
 * captions reducer follows the room's sequence numbers and notes when something was missed (a
 * gap, or a reconnection); this saga sends the `transcripts-since` it asked for. Scrolling to the
 * top of the captions asks for the page of older finals (`transcripts-before`).
 */
import { delay, put, select, takeEvery, takeLeading } from 'typed-redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ServerMessage } from '../../../shared/protocol';
import { TRANSCRIPT_PAGE_MAX } from '../../../shared/constants';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { socketActions } from '../socket/slice';
import { captionsActions } from './slice';

/** Larger than any index: "the newest page" when there is nothing here yet. */
const NO_INDEX = 2 ** 31 - 1;

const selectCaptionsState = (state: RootState) => state.captions;

export function* askForMissed(deps: AppDeps) {
  const afterSeq = yield* select((s: RootState) => s.captions.sinceToSend);
  if (afterSeq === undefined) return;
  const sent = deps.link.send({ type: 'transcripts-since', afterSeq });
  if (!sent)
    deps.logger.log(
      'info',
      'captions',
      `not connected: transcripts since ${afterSeq} wait for the next connection`,
    );
  yield* put(captionsActions.sinceSent({ sent }));
}

export function* askForOlder(deps: AppDeps) {
  const captions = yield* select(selectCaptionsState);
  if (!captions.hasOlder || captions.olderLoading) return;
  const oldest = captions.ids.length > 0 ? captions.byId[captions.ids[0]!] : undefined;
  const sent = deps.link.send({
    type: 'transcripts-before',
    beforeIndex: oldest ? oldest.index : NO_INDEX,
    limit: TRANSCRIPT_PAGE_MAX,
  });
  yield* put(captionsActions.olderSent(sent));
}

/** How long to wait before asking again for finals the server refused to send (asked too often). */
export const SINCE_RETRY_MS = 3_000;

/** A refused `transcripts-since`: asked again after a moment, from what this client has then. */
export function* retryRefusedSince(deps: AppDeps, action: PayloadAction<ServerMessage>) {
  const message = action.payload;
  if (message.type !== 'error' || message.inReplyTo !== 'transcripts-since') return;
  deps.logger.log(
    'info',
    'captions',
    `transcripts-since refused (${message.error.code}): asking again later`,
  );
  yield* delay(SINCE_RETRY_MS);
  yield* put(captionsActions.sinceRefused());
  yield* askForMissed(deps);
}

export function* captionsSaga(deps: AppDeps) {
  yield* takeEvery(socketActions.messageReceived.type, askForMissed, deps);
  yield* takeLeading(socketActions.messageReceived.type, retryRefusedSince, deps);
  yield* takeLeading(captionsActions.olderRequested.type, askForOlder, deps);
}
