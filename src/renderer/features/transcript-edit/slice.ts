/**
 * Correcting captions (issue 12): the person's replica of the lines (shared/transcript-edit/
 * replica.ts, run inside these reducers on immer drafts), what the editor has selected, others'
 * cursors, and the mutations the saga is to send next (one in flight).
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import { randomId } from '../../../shared/ids';
import { type Cursor, type Mutation, mutatorHashOf } from '../../../shared/transcript-edit/mutation';
import {
  type ReplicaState,
  disconnected,
  editOther,
  editText,
  emptyReplica,
  lineView,
  nextMutation,
  receiveServerMessage,
} from '../../../shared/transcript-edit/replica';
import { lineCapRefusal } from '../../../shared/transcript-edit/line-cap';
import {
  codePointLength,
  codePoints,
  diffOp,
  mutationFieldsOfOp,
  splitOp,
} from '../../../shared/transcript-edit/text-ops';
import { conversationActions } from '../conversation/slice';
import { isSocketDroppedEvent, socketActions } from '../socket/slice';

export interface EditorSelection {
  lineId: string;
  /** Position of the word in its line; the line's word count is the slot for a new word. */
  word: number;
}

export interface TranscriptEditState {
  replica: ReplicaState;
  /** "Correct captions" is on. */
  open: boolean;
  selection?: EditorSelection;
  /** Someone else's correction, said once by the editor's live region. */
  announcement?: { seq: number; lineId: string; text: string };
  /** Why the server refused our last correction (shown until the next one). */
  refusal?: string;
  /** Other editors' cursors, by line. */
  cursors: Record<string, Cursor[]>;
  /** This person's mutatorHash (their own cursor is not drawn as someone else's). */
  myHash?: string;
  /** Mutations taken from the replica for the saga to send. */
  outbox: { lineId: string; mutation: Mutation }[];
}

export const initialTranscriptEditState: TranscriptEditState = {
  replica: emptyReplica(),
  open: false,
  cursors: {},
  outbox: [],
};

const newId = () => `e${randomId(10)}`;

function pump(state: TranscriptEditState): void {
  for (let next = nextMutation(state.replica); next; next = nextMutation(state.replica))
    state.outbox.push(next);
}

const slice = createSlice({
  name: 'transcriptEdit',
  initialState: initialTranscriptEditState,
  reducers: {
    toggled(state, action: PayloadAction<boolean | undefined>) {
      state.open = action.payload ?? !state.open;
      if (!state.open) delete state.selection;
    },
    selected: {
      reducer(state, action: PayloadAction<EditorSelection & { cursorIndex?: number; id: string }>) {
        const { lineId, word, cursorIndex, id } = action.payload;
        state.selection = { lineId, word };
        if (cursorIndex !== undefined && state.myHash)
          editOther(state.replica, lineId, id, {
            type: 'cursor',
            mutatorHash: state.myHash,
            index: cursorIndex,
          });
        pump(state);
      },
      prepare: (selection: EditorSelection & { cursorIndex?: number }) => ({
        payload: { ...selection, id: newId() },
      }),
    },
    /**
     * A word replaced, removed (empty replacement) or added (`word` empty), committed as the
     * spec's delete and insert mutations: only the characters that differ (meting → meeting is
     * one insert), so a concurrent correction of the rest of the word is kept and the change
     * reaches others in one round trip. Shown at once; sent in turn.
     */
    wordCommitted: {
      reducer(
        state,
        action: PayloadAction<{
          lineId: string;
          start: number;
          word: string;
          text: string;
          lang: string;
          ids: string[];
        }>,
      ) {
        const { lineId, start, word, text, lang, ids } = action.payload;
        delete state.refusal;
        // The server's cap of a line (its default): a word that would pass it is not sent.
        const before = lineView(state.replica, lineId)?.text;
        if (before !== undefined) {
          const points = codePoints(before);
          const after = [...points.slice(0, start), text, ...points.slice(start + codePointLength(word))];
          const tooLong = lineCapRefusal(before, after.join(''));
          if (tooLong) {
            state.refusal = tooLong;
            return;
          }
        }
        splitOp(diffOp(word, text)).forEach((piece, k) => {
          const fields = mutationFieldsOfOp(piece);
          if (!fields) return;
          const id = ids[k] ?? newId();
          if (fields.type === 'insert')
            editText(state.replica, lineId, id, {
              type: 'insert',
              index: start + fields.index,
              text: fields.text,
              lang,
            });
          else
            editText(state.replica, lineId, id, {
              type: 'delete',
              index: start + fields.index,
              length: fields.length,
              lang,
            });
        });
        pump(state);
      },
      prepare: (edit: { lineId: string; start: number; word: string; text: string; lang: string }) => ({
        payload: { ...edit, ids: [newId(), newId()] },
      }),
    },
    /** The host turns members' corrections off (true) or on: the saga tells the room. */
    editingDisabledSet(_state, _action: PayloadAction<boolean>) {},
    /** The saga sent what was in the outbox (false: it could not, the connection is gone). */
    outboxSent(state, action: PayloadAction<boolean>) {
      state.outbox = [];
      if (!action.payload) disconnected(state.replica);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(conversationActions.entered, () => initialTranscriptEditState);
    builder.addCase(socketActions.messageReceived, (state, action) => {
      const m = action.payload;
      switch (m.type) {
        case 'connection-succeeded':
          state.myHash = mutatorHashOf(m.speakerId);
          return;
        case 'transcript':
          if (m.transcript.cursors) state.cursors[m.transcript.id] = m.transcript.cursors;
          if (m.change?.origin === 'human' && m.change.mutatorHash && m.change.mutatorHash !== state.myHash)
            state.announcement = {
              seq: (state.announcement?.seq ?? 0) + 1,
              lineId: m.transcript.id,
              text: m.transcript.texts[m.transcript.speechLang] ?? '',
            };
          break;
        case 'transcript-cursors':
          state.cursors[m.transcriptId] = m.cursors;
          return;
        case 'error':
          if (m.inReplyTo === 'transcript-edit') state.refusal = m.error.message;
          break;
      }
      if (receiveServerMessage(state.replica, m)) pump(state);
    });
    builder.addMatcher(isSocketDroppedEvent, (state) => {
      state.outbox = [];
      disconnected(state.replica);
    });
  },
});

export const transcriptEditActions = slice.actions;
export const transcriptEditReducer = slice.reducer;
