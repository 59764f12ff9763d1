import { describe, expect, it } from 'vitest';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { initialSpeakersState, speakersReducer } from '../../../../../src/renderer/features/speakers/slice';
import { makeTranscript } from '../../../../helpers/saga-harness';

const line = (author: string, authorShow: string) =>
  makeTranscript({
    id: 'l1',
    isFinal: true,
    author,
    authorShow,
    texts: { 'en-US': 'the tea is ready' },
    speechLang: 'en-US',
  });

describe('speakers slice', () => {
  it('announces a line now shown as someone else’s, and not a line seen for the first time', () => {
    let state = speakersReducer(
      initialSpeakersState,
      socketActions.messageReceived({
        type: 'transcripts',
        transcripts: [line('ada', 'Ada')],
        seq: 1,
        hasOlder: false,
      }),
    );
    expect(state.announcement).toBeUndefined();
    state = speakersReducer(
      state,
      socketActions.messageReceived({ type: 'transcript', transcript: line('ada', 'Ada'), seq: 1 }),
    );
    expect(state.announcement).toBeUndefined();
    state = speakersReducer(
      state,
      socketActions.messageReceived({
        type: 'transcript',
        transcript: line('voicing-abcdefgh12', 'Grandma'),
        seq: 2,
      }),
    );
    expect(state.announcement).toEqual({ seq: 1, speaker: 'Grandma', text: 'the tea is ready' });
    // A rename: same speaker id, a new name.
    state = speakersReducer(
      state,
      socketActions.messageReceived({
        type: 'transcript',
        transcript: line('voicing-abcdefgh12', 'Granny'),
        seq: 3,
      }),
    );
    expect(state.announcement).toEqual({ seq: 2, speaker: 'Granny', text: 'the tea is ready' });
  });
});
