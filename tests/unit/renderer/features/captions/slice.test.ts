import { describe, expect, it } from 'vitest';
import { captionsReducer, initialCaptionsState } from '../../../../../src/renderer/features/captions/slice';
import { captionText } from '../../../../../src/renderer/features/captions/model';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import type { Transcript } from '../../../../../src/shared/entities';
import { makeTranscript } from '../../../../helpers/saga-harness';

const one = (t: Transcript) => socketActions.messageReceived({ type: 'transcript', transcript: t, seq: 0 });
const all = (list: Transcript[], seq = 0) =>
  socketActions.messageReceived({ type: 'transcripts', transcripts: list, seq, hasOlder: false });
const texts = (state: typeof initialCaptionsState) => state.ids.map((id) => captionText(state.byId[id]!));

describe('captions reducer', () => {
  const entered = captionsReducer(
    initialCaptionsState,
    conversationActions.entered({ roomId: 'r1', readonly: false }),
  );

  it('updates a partial in place as it grows, then replaces it with the final', () => {
    let state = captionsReducer(
      entered,
      one(makeTranscript({ id: 'a', index: 0, texts: { 'en-US': 'hello' } })),
    );
    state = captionsReducer(
      state,
      one(makeTranscript({ id: 'a', index: 0, texts: { 'en-US': 'hello there' } })),
    );
    expect(state.ids).toEqual(['a']);
    expect(state.byId.a?.isFinal).toBe(false);
    expect(texts(state)).toEqual(['hello there']);
    state = captionsReducer(
      state,
      one(makeTranscript({ id: 'a', index: 0, isFinal: true, texts: { 'en-US': 'Hello there.' } })),
    );
    expect(state.ids).toEqual(['a']);
    expect(state.byId.a?.isFinal).toBe(true);
    expect(texts(state)).toEqual(['Hello there.']);
  });

  it('orders captions by index whatever the order they arrive in', () => {
    let state = entered;
    for (const index of [2, 0, 3, 1]) {
      state = captionsReducer(
        state,
        one(makeTranscript({ id: `t${index}`, index, texts: { 'en-US': `${index}` } })),
      );
    }
    expect(state.ids).toEqual(['t0', 't1', 't2', 't3']);
  });

  it("takes the first `transcripts` as the list, and merges a reconnection's without duplicating", () => {
    let state = captionsReducer(
      entered,
      one(makeTranscript({ id: 'a', index: 0, texts: { 'en-US': 'partial' } })),
    );
    state = captionsReducer(state, one(makeTranscript({ id: 'b', index: 1, texts: { 'en-US': 'other' } })));
    const finals = [
      makeTranscript({ id: 'b', index: 1, isFinal: true, texts: { 'en-US': 'B.' } }),
      makeTranscript({ id: 'a', index: 0, isFinal: true, texts: { 'en-US': 'A.' } }),
    ];
    state = captionsReducer(state, all(finals));
    expect(state.ids).toEqual(['a', 'b']);
    state = captionsReducer(state, one(makeTranscript({ id: 'c', index: 2, texts: { 'en-US': 'spoken' } })));
    state = captionsReducer(state, all(finals));
    expect(state.ids).toEqual(['a', 'b']);
    expect(texts(state)).toEqual(['A.', 'B.']);
    // A reconnection keeps the finals already shown (the snapshot holds only the latest ones).
    state = captionsReducer(state, all([]));
    expect(state.ids).toEqual(['a', 'b']);
  });

  it('announces a caption when it becomes final, not while partial, and once per final', () => {
    let state = captionsReducer(entered, one(makeTranscript({ id: 'a', texts: { 'en-US': 'hel' } })));
    expect(state.announcement).toBeUndefined();
    state = captionsReducer(
      state,
      one(makeTranscript({ id: 'a', isFinal: true, texts: { 'en-US': 'Hello.' } })),
    );
    expect(state.announcement).toMatchObject({ seq: 1, author: 'Hana Host', text: 'Hello.' });
    state = captionsReducer(
      state,
      one(makeTranscript({ id: 'a', isFinal: true, texts: { 'en-US': 'Hello.' } })),
    );
    expect(state.announcement?.seq).toBe(1);
    state = captionsReducer(
      state,
      all([makeTranscript({ id: 'z', isFinal: true, texts: { 'en-US': 'Old.' } })]),
    );
    expect(state.announcement?.seq).toBe(1);
  });

  it('starts empty for another room and keeps captions when re-entering the same room', () => {
    const withCaption = captionsReducer(entered, one(makeTranscript({ id: 'a', texts: { 'en-US': 'x' } })));
    const same = captionsReducer(withCaption, conversationActions.entered({ roomId: 'r1', readonly: false }));
    expect(same.ids).toEqual(['a']);
    const other = captionsReducer(
      withCaption,
      conversationActions.entered({ roomId: 'r2', readonly: false }),
    );
    expect(other.ids).toEqual([]);
    expect(other.roomId).toBe('r2');
  });
});
