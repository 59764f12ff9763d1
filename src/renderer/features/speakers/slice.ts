/**
 * Who said what, on the client: which line's speaker menu is open, and the last change of a
 * line's speaker seen from the room, for the screen-reader announcement (a line moved, a speaker
 * renamed or claimed all arrive as the same line with another author). The lines themselves are
 * the captions slice's; this keeps only who each final line was shown as, to notice a change.
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { Transcript } from '../../../shared/entities';
import { conversationActions } from '../conversation/slice';
import { socketActions } from '../socket/slice';
import { fieldSetter } from '../../lib/field-setter';

export interface SpeakerChangeAnnouncement {
  /** Increases with every change, so the same words twice are still announced. */
  seq: number;
  speaker: string;
  text: string;
}

export interface SpeakersState {
  /** The line whose speaker menu is open. */
  openLineId?: string;
  /** Who each final line was last shown as, by id. */
  shownAs: Record<string, string>;
  announcement?: SpeakerChangeAnnouncement;
}

export const initialSpeakersState: SpeakersState = { shownAs: {} };

const lineText = (t: Transcript) => t.texts[t.speechLang] ?? Object.values(t.texts)[0] ?? '';
const shownAs = (t: Transcript) => `${t.author}\u0000${t.authorShow}`;

function remember(state: SpeakersState, lines: readonly Transcript[]): void {
  for (const t of lines) if (t.isFinal) state.shownAs[t.id] = shownAs(t);
}

const set = fieldSetter<SpeakersState>();

const speakersSlice = createSlice({
  name: 'speakers',
  initialState: initialSpeakersState,
  reducers: {
    menuOpened: set('openLineId'),
    menuClosed(state) {
      state.openLineId = undefined;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(conversationActions.entered, () => initialSpeakersState);
    builder.addCase(socketActions.messageReceived, (state, action) => {
      const message = action.payload;
      if (message.type === 'transcripts') remember(state, message.transcripts);
      else if (
        message.type === 'transcripts-since-response' ||
        message.type === 'transcripts-before-response'
      )
        remember(state, message.transcripts);
      else if (message.type === 'transcript' && message.transcript.isFinal) {
        const t = message.transcript;
        const before = state.shownAs[t.id];
        if (before !== undefined && before !== shownAs(t)) {
          state.announcement = {
            seq: (state.announcement?.seq ?? 0) + 1,
            speaker: t.authorShow,
            text: lineText(t),
          };
          if (state.openLineId === t.id) state.openLineId = undefined;
        }
        state.shownAs[t.id] = shownAs(t);
      }
    });
  },
});

/** Events: actions that change no state here; the saga sends them to the room. */
const speakersEvents = {
  /** Give a line to a speaker the room knows (a person, or a named speaker). */
  lineAssigned: createAction<{ lineId: string; speakerId: string }>('speakers/lineAssigned'),
  /** Give a line to someone new, named here: the speaker is created, then given the line. */
  lineGivenToNewSpeaker: createAction<{ lineId: string; name: string }>('speakers/lineGivenToNewSpeaker'),
  renamed: createAction<{ speakerId: string; name: string }>('speakers/renamed'),
  /** "This was me": a named speaker's lines become one's own. */
  claimed: createAction<{ speakerId: string }>('speakers/claimed'),
};

export const speakersActions = { ...speakersSlice.actions, ...speakersEvents };
export const speakersReducer = speakersSlice.reducer;
