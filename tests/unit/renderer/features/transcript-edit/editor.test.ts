import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../../src/shared/entities';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import {
  initialTranscriptEditState,
  transcriptEditActions,
  transcriptEditReducer,
} from '../../../../../src/renderer/features/transcript-edit/slice';
import {
  appendPoint,
  moveSelection,
  wordsOf,
} from '../../../../../src/renderer/features/transcript-edit/words';
import { lineView } from '../../../../../src/shared/transcript-edit/replica';
import { LINE_MAX_CHARS } from '../../../../../src/shared/transcript-edit/line-cap';

const line: Transcript = {
  id: 'l1',
  isFinal: true,
  author: 'a',
  authorShow: 'Ada',
  origin: 'asr',
  speechLang: 'en-US',
  texts: { 'en-US': 'The meting starts' },
  usePaidASR: false,
  index: 0,
  timestampMs: 0,
  t0: 0,
  trackName: 'mic',
  version: 3,
};

describe('the words of a line', () => {
  it('counts code points and marks the words people corrected', () => {
    const words = wordsOf('Zoë 😀 said  hi', [{ index: 6, length: 2 }]);
    expect(words.map((w) => [w.text, w.start, w.length, w.corrected])).toEqual([
      ['Zoë', 0, 3, false],
      ['😀', 4, 1, false],
      ['said', 6, 4, true],
      ['hi', 12, 2, false],
    ]);
    expect(appendPoint('hi')).toEqual({ index: 2, prefix: ' ' });
  });

  it('moves across lines at the edges, and past the last word to a new one unless suppressed', () => {
    const counts = [2, 3];
    expect(moveSelection(counts, { line: 0, word: 1 }, 1, true)).toEqual({ line: 1, word: 0 });
    expect(moveSelection(counts, { line: 1, word: 0 }, -1, true)).toEqual({ line: 0, word: 1 });
    expect(moveSelection(counts, { line: 1, word: 2 }, 1, true)).toEqual({ line: 1, word: 3 });
    expect(moveSelection(counts, { line: 1, word: 2 }, 1, false)).toBeUndefined();
    expect(moveSelection(counts, { line: 0, word: 0 }, -1, true)).toBeUndefined();
  });
});

describe('the editing slice', () => {
  const received = (message: Parameters<typeof socketActions.messageReceived>[0]) =>
    socketActions.messageReceived(message);

  it('commits only what differs, shows it at once and sends one mutation against the line version', () => {
    let state = transcriptEditReducer(
      initialTranscriptEditState,
      received({ type: 'transcripts', transcripts: [line], seq: 1, hasOlder: false }),
    );
    state = transcriptEditReducer(
      state,
      transcriptEditActions.wordCommitted({
        lineId: 'l1',
        start: 4,
        word: 'meting',
        text: 'meeting',
        lang: 'en-US',
      }),
    );
    expect(lineView(state.replica, 'l1')?.text).toBe('The meeting starts');
    expect(state.outbox).toHaveLength(1);
    expect(state.outbox[0]!.mutation).toMatchObject({ type: 'insert', index: 6, text: 'e', parent: 3 });
    state = transcriptEditReducer(state, transcriptEditActions.outboxSent(true));
    // Refused: dropped, the line as the server has it, the reason kept for the screen.
    state = transcriptEditReducer(
      state,
      received({
        type: 'error',
        error: { code: 'forbidden', message: 'Edition has been disabled by the host' },
        inReplyTo: 'transcript-edit',
      }),
    );
    expect(lineView(state.replica, 'l1')?.text).toBe('The meting starts');
    expect(state.refusal).toBe('Edition has been disabled by the host');
  });

  it('an emptied word is deleted; someone else’s correction is announced once', () => {
    let state = transcriptEditReducer(
      { ...initialTranscriptEditState, myHash: 'mine' },
      received({ type: 'transcripts', transcripts: [line], seq: 1, hasOlder: false }),
    );
    state = transcriptEditReducer(
      state,
      transcriptEditActions.wordCommitted({
        lineId: 'l1',
        start: 11,
        word: 'starts',
        text: '',
        lang: 'en-US',
      }),
    );
    expect(state.outbox[0]!.mutation).toMatchObject({ type: 'delete', index: 11, length: 6 });
    const corrected: Transcript = { ...line, texts: { 'en-US': 'The meeting starts' }, version: 4 };
    state = transcriptEditReducer(
      state,
      received({
        type: 'transcript',
        transcript: corrected,
        seq: 2,
        change: { version: 4, op: [6, 'e'], origin: 'human', mutationId: 'x', mutatorHash: 'theirs' },
      }),
    );
    expect(state.announcement).toMatchObject({ seq: 1, lineId: 'l1', text: 'The meeting starts' });
    expect(lineView(state.replica, 'l1')?.text).toBe('The meeting ');
  });

  it('stops at the line cap: a word that would pass it is not sent, and the editor says why', () => {
    let state = transcriptEditReducer(
      initialTranscriptEditState,
      received({ type: 'transcripts', transcripts: [line], seq: 1, hasOlder: false }),
    );
    const room = LINE_MAX_CHARS - 'The meting starts'.length;
    state = transcriptEditReducer(
      state,
      transcriptEditActions.wordCommitted({
        lineId: 'l1',
        start: 11,
        word: 'starts',
        text: `starts${'!'.repeat(room + 1)}`,
        lang: 'en-US',
      }),
    );
    expect(state.outbox).toEqual([]);
    expect(lineView(state.replica, 'l1')?.text).toBe('The meting starts');
    expect(state.refusal).toBe(
      `the line would hold ${LINE_MAX_CHARS + 1} characters; a line holds at most ${LINE_MAX_CHARS}: start a new line instead`,
    );
    // Up to the cap is sent.
    state = transcriptEditReducer(
      state,
      transcriptEditActions.wordCommitted({
        lineId: 'l1',
        start: 11,
        word: 'starts',
        text: `starts${'!'.repeat(room)}`,
        lang: 'en-US',
      }),
    );
    expect(state.outbox).toHaveLength(1);
    expect(state.refusal).toBeUndefined();
  });
});
