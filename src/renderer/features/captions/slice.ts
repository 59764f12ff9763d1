/** The live captions of the room: partials and finals by id, in order, with the room's sequence and older pages. */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import type { Transcript, TranscriptGap } from '../../../shared/entities';
import {
  type SeqEvent,
  type SeqState,
  initialSeqState,
  nextSeqState,
} from '../../../shared/transcript-sequence';
import { conversationActions } from '../conversation/slice';
import { socketActions } from '../socket/slice';
import {
  type CaptionsList,
  captionText,
  mergeTranscripts,
  replaceTranscripts,
  upsertTranscript,
} from './model';
import { fieldSetter } from '../../lib/field-setter';

export interface FinalAnnouncement {
  /** Increases with every announcement, so the same words twice are still announced. */
  seq: number;
  /** The caption's id: a reader of another language hears its translation (translation feature). */
  id?: string;
  author: string;
  text: string;
  /** A gap marker: said as a sentence about the lost captions. */
  gap?: TranscriptGap;
}

export interface CaptionsState extends CaptionsList {
  /** The room these captions belong to (kept after leaving, for the transcript view). */
  roomId?: string;
  /** The latest caption that became final live, for the screen-reader announcement. */
  announcement?: FinalAnnouncement;
  /** Where we are in the room's sequence of stored changes (see shared/transcript-sequence). */
  sequence: SeqState;
  /** A `transcripts-since` the captions saga is to send (a gap was seen); cleared once sent. */
  sinceToSend?: number;
  /** The room has finals older than the oldest one here (fetched when scrolling back). */
  hasOlder: boolean;
  /** A `transcripts-before` is on its way. */
  olderLoading: boolean;
}

export const initialCaptionsState: CaptionsState = {
  byId: {},
  ids: [],
  sequence: initialSeqState,
  hasOlder: false,
  olderLoading: false,
};

function follow(state: CaptionsState, event: SeqEvent): void {
  const step = nextSeqState(state.sequence, event);
  state.sequence = step.state;
  if (step.ask !== undefined) state.sinceToSend = step.ask;
}

function setList(state: CaptionsState, list: CaptionsList): void {
  state.byId = list.byId;
  state.ids = list.ids;
}

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
      id: transcript.id,
      author: transcript.authorShow,
      text: captionText(transcript),
      ...(transcript.gap ? { gap: transcript.gap } : {}),
    };
  }
}

const set = fieldSetter<CaptionsState>();

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
      return {
        ...initialCaptionsState,
        roomId: action.payload.roomId,
        ...replaceTranscripts(action.payload.transcripts),
      };
    },
    /** The captions saga sent the `transcripts-since` asked for (or could not: no connection). */
    sinceSent(state, action: PayloadAction<{ sent: boolean }>) {
      state.sinceToSend = undefined;
      // Unsent: the next connection's snapshot starts over (and asks again if need be).
      if (!action.payload.sent) state.sequence = { ...state.sequence, asked: undefined };
    },
    /** A `transcripts-before` went out (true) or could not (false: no connection). */
    olderSent: set('olderLoading'),
    /** The server refused a `transcripts-since` (asked too often) and the saga waited: ask again. */
    sinceRefused(state) {
      follow(state, { kind: 'refused' });
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
      switch (message.type) {
        case 'transcripts': {
          if (state.sequence.seq === undefined) {
            // First connection to this room: the snapshot is the list.
            setList(state, replaceTranscripts(message.transcripts));
            state.hasOlder = message.hasOlder;
          } else {
            // A reconnection: keep the finals we have (older pages included), drop lines that
            // were still being spoken (their finals come from the server), add the snapshot;
            // what was missed in between comes with the `transcripts-since` this asks for.
            const kept = state.ids.map((id) => state.byId[id]!).filter((t) => t.isFinal);
            setList(state, mergeTranscripts(replaceTranscripts(kept), message.transcripts));
          }
          state.olderLoading = false;
          follow(state, { kind: 'snapshot', seq: message.seq });
          break;
        }
        case 'transcript': {
          const t = message.transcript;
          const stored = t.isFinal && captionText(t) !== '';
          applyTranscript(state, t);
          follow(state, { kind: stored ? 'final' : 'unstored', seq: message.seq });
          break;
        }
        case 'transcripts-since-response':
          setList(state, mergeTranscripts(state, message.transcripts));
          follow(state, {
            kind: 'since',
            afterSeq: message.afterSeq,
            seq: message.seq,
            complete: message.complete,
          });
          break;
        case 'transcripts-before-response':
          setList(state, mergeTranscripts(state, message.transcripts));
          state.hasOlder = message.hasOlder;
          state.olderLoading = false;
          break;
        case 'error':
          // Refused (asked too often): scrolling back may ask again; a missed `since` is asked
          // again by the captions saga after a moment (sinceRefused).
          if (message.inReplyTo === 'transcripts-before') state.olderLoading = false;
          break;
        default:
          break;
      }
    });
  },
});

/** Events: actions that change no state here; sagas and other features act on them. */
const captionsEvents = {
  /** The user scrolled to the top of the captions: the captions saga fetches the page before. */
  olderRequested: createAction('captions/olderRequested'),
};

export const captionsActions = { ...captionsSlice.actions, ...captionsEvents };
export const captionsReducer = captionsSlice.reducer;
