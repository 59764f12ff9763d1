/**
 * Vocabulary boost on the socket (docs/boost.md): the person's list is asked for once they are
 * in a conversation (not as a Scribe: correcting others' conversations grows nobody's list), and
 * the end sequence's BOOST stage offers the words people corrected, adding only those chosen.
 */
import { delay, put, race, select, take, takeEvery } from 'typed-redux-saga';
import { correctedWordCounts } from '../../../shared/boost-words';
import { END_SEQUENCE_GUARD_MS } from '../../../shared/constants';
import type { ServerMessage } from '../../../shared/protocol';
import type { AppDeps } from '../../app/deps';
import { selectState } from '../../app/root-reducer';
import { captionText } from '../captions/model';
import { socketActions } from '../socket/slice';
import { notificationsActions } from '../notifications/slice';
import { boostActions } from './slice';

const TAG = 'boost';
/** How long the stage waits for the server to confirm an addition before the end goes on. */
export const BOOST_ANSWER_TIMEOUT_MS = 5000;

function askForList(deps: AppDeps, action: ReturnType<typeof socketActions.messageReceived>): void {
  const message = action.payload;
  if (message.type !== 'connection-succeeded' || message.role === 'scribe') return;
  deps.link.send({ type: 'access-boost-words', action: 'list' });
}

const isBoostAnswer = (action: unknown): boolean => {
  if (!socketActions.messageReceived.match(action as never)) return false;
  const m = (action as { payload: ServerMessage }).payload;
  return m.type === 'user-boost-words' || (m.type === 'error' && m.inReplyTo === 'access-boost-words');
};

/**
 * The BOOST stage: nothing is asked when nobody corrected a word; otherwise the person chooses
 * which corrected words to boost, and only those are added. Never adds anything by itself. The
 * question stays open no longer than the end sequence's guard (END_SEQUENCE_GUARD_MS from the
 * end's start): past it a new end request could start over this one, so the dialog closes,
 * adding nothing, and the end goes on.
 */
export function* runBoostStage(deps: AppDeps) {
  const state = yield* select(selectState);
  const lines = state.captions.ids
    .map((id) => state.captions.byId[id])
    .filter((t) => t !== undefined)
    .map((t) => ({ asrText: t.asrText, text: captionText(t) }));
  const suggestions = correctedWordCounts(lines, state.boost.words);
  if (suggestions.length === 0) return;
  yield* put(boostActions.offered(suggestions));
  const startedAtMs = state.ending.startedAtMs ?? deps.now();
  const left = Math.max(0, END_SEQUENCE_GUARD_MS - (deps.now() - startedAtMs));
  try {
    const { answer } = yield* race({ answer: take(boostActions.answered), expired: delay(left) });
    if (!answer) {
      deps.logger.log('info', TAG, 'the boost question was left unanswered: nothing added');
      return;
    }
    const words = answer.payload;
    if (words.length === 0) return;
    if (!deps.link.send({ type: 'access-boost-words', action: 'add', words: words.join(',') })) {
      deps.logger.log('warn', TAG, 'not connected: the chosen boost words were not sent');
      return;
    }
    const { reply } = yield* race({ reply: take(isBoostAnswer), timeout: delay(BOOST_ANSWER_TIMEOUT_MS) });
    const message = (reply as { payload?: ServerMessage } | undefined)?.payload;
    if (message?.type === 'error') {
      yield* put(boostActions.failed(message.error.message));
      yield* put(
        notificationsActions.notify({
          intent: 'warning',
          key: 'boost.failed',
          detail: message.error.message,
        }),
      );
    } else if (!message) deps.logger.log('warn', TAG, 'the server did not confirm the boost words');
  } finally {
    yield* put(boostActions.offerClosed());
  }
}

function sendSwitch(deps: AppDeps, action: ReturnType<typeof boostActions.switchRequested>): void {
  deps.link.send({ type: 'boost', enabled: action.payload });
}

export function* boostSaga(deps: AppDeps) {
  yield* takeEvery(socketActions.messageReceived, askForList, deps);
  yield* takeEvery(boostActions.switchRequested, sendSwitch, deps);
}
