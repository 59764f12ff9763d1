import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { Transcript } from '../../../shared/entities';
import { conversationActions } from '../conversation/slice';
import { socketActions } from '../socket/slice';
import { type CaptionsList, captionText, replaceTranscripts, upsertTranscript } from './model';

export interface FinalAnnouncement {
  /** Increases with every announcement, so the same words twice are still announced. */
  seq: number;
  author: string;
  text: string;
}

export interface CaptionsState extends CaptionsList {
  /** The room these captions belong to (kept after leaving, for the transcript view). */
  roomId?: string;
  /** The latest caption that became final live, for the screen-reader announcement. */
  announcement?: FinalAnnouncement;
}

export const initialCaptionsState: CaptionsState = { byId: {}, ids: [] };

function isNewFinal(previous: Transcript | undefined, next: Transcript): boolean {
  if (!next.isFinal) return false;
  return !previous || !previous.isFinal || captionText(previous) !== captionText(next);
}

/** One transcript in place (partials grow, then the final), announced once it is final. */
function applyTranscript(state: CaptionsState, transcript: Transcript): void {
  const previous = state.byId[transcript.id];
  const list = upsertTranscript(state, transcript);
  state.byId = list.byId;
  state.ids = list.ids;
  if (isNewFinal(previous, transcript)) {
    state.announcement = {
      seq: (state.announcement?.seq ?? 0) + 1,
      author: transcript.authorShow,
      text: captionText(transcript),
    };
  }
}

const captionsSlice = createSlice({
  name: 'captions',
  initialState: initialCaptionsState,
  reducers: {
    cleared() {
      return initialCaptionsState;
    },
    /** A transcript from elsewhere than the room's socket: the desktop app's on-device captions. */
    received(state, action: PayloadAction<Transcript>) {
      applyTranscript(state, action.payload);
    },
    /** Transcripts loaded from elsewhere (the transcript view's GET), for one room. */
    loaded(_state, action: PayloadAction<{ roomId: string; transcripts: Transcript[] }>) {
      return { roomId: action.payload.roomId, ...replaceTranscripts(action.payload.transcripts) };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(conversationActions.entered, (state, action) => {
      if (state.roomId !== action.payload.roomId)
        return { ...initialCaptionsState, roomId: action.payload.roomId };
      return state;
    });
    builder.addCase(socketActions.messageReceived, (state, action) => {
      const message = action.payload;
      if (message.type === 'transcripts') {
        const list = replaceTranscripts(message.transcripts);
        state.byId = list.byId;
        state.ids = list.ids;
      } else if (message.type === 'transcript') {
        applyTranscript(state, message.transcript);
      }
    });
  },
});

export const captionsActions = captionsSlice.actions;
export const captionsReducer = captionsSlice.reducer;
