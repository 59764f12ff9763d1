/** The spec's displayed TTS items (conversation.md, section 9: default 2): one's own last replies. */
import { describe, expect, it } from 'vitest';
import {
  initialVoicedRepliesState,
  voicedRepliesActions as a,
  voicedRepliesReducer as reduce,
} from '../../../../../src/renderer/features/voiced-replies/slice';
import { TTS_DISPLAYED_ITEMS_DEFAULT } from '../../../../../src/shared/tts';

const requested = (requestId: string, text: string) => a.requested({ requestId, text, lang: 'en-US' });

describe('displayed voiced-reply items', () => {
  it('keeps the last TTS_DISPLAYED_ITEMS_DEFAULT own replies, newest first, with how each went', () => {
    expect(TTS_DISPLAYED_ITEMS_DEFAULT).toBe(2);
    let state = initialVoicedRepliesState;
    state = reduce(state, requested('r1', 'One'));
    state = reduce(state, a.started('r1'));
    state = reduce(state, a.playing('r1'));
    state = reduce(state, a.ended('r1'));
    state = reduce(state, requested('r2', 'Two'));
    state = reduce(state, a.started('r2'));
    state = reduce(state, a.ended('r2'));
    state = reduce(state, requested('r3', 'Three'));
    expect(state.items).toEqual([
      { requestId: 'r3', text: 'Three', state: 'preparing', browser: false },
      { requestId: 'r2', text: 'Two', state: 'not-spoken', browser: false },
    ]);
    state = reduce(state, a.started('r3'));
    state = reduce(state, a.playingInBrowser('r3'));
    expect(state.items[0]).toMatchObject({ state: 'speaking', browser: true });
  });

  it('does not list others’ replies (they carry no text)', () => {
    const first = { type: 'response-text-to-speech' as const, requestId: 'x', isDone: true };
    const state = reduce(
      initialVoicedRepliesState,
      a.requested({ requestId: 'x', text: '', lang: '', first }),
    );
    expect(state.items).toEqual([]);
  });
});
