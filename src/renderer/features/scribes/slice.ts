/**
 * Scribes in the client: the dashboard's requests (polled), the chat with the Scribe or the
 * person served, the correction mode one last chose (stored locally, default Fast), training.
 * The room's Scribe status itself is the room status's `scribe` (conversation slice).
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import type {
  ScribeChatMessage,
  ScribeDashboardResponse,
  ScribeTrainingItem,
  ScribeTrainingScore,
} from '../../../shared/scribe/api';
import { type CorrectionMode, DEFAULT_CORRECTION_MODE } from '../../../shared/scribe/model';
import type { ScribeEligibility } from '../../../shared/scribe/time';
import { socketActions } from '../socket/slice';
import { fieldSetter } from '../../lib/field-setter';

export interface ScribeState {
  /** The last dashboard, and the difference between the server's clock and ours when it came. */
  dashboard?: ScribeDashboardResponse;
  clockOffsetMs: number;
  dashboardError?: string;
  /** A request being accepted (its button waits), and the room to open once accepted. */
  accepting?: string;
  openRoom?: { roomId: string; training?: string };
  /** The chat of the room one is in (as the person served, or their Scribe). */
  chat: ScribeChatMessage[];
  /** Fast or accurate, as last chosen (stored locally). */
  correctionMode: CorrectionMode;
  training: ScribeTrainingItem[];
  trainingAudioUrl?: string;
  score?: ScribeTrainingScore;
  /** Whether one may ask for a Scribe, as the server last said; absent until it did (or if it failed). */
  eligibility?: ScribeEligibility;
}

export const initialScribeState: ScribeState = {
  clockOffsetMs: 0,
  chat: [],
  correctionMode: DEFAULT_CORRECTION_MODE,
  training: [],
};

const set = fieldSetter<ScribeState>();

const scribeSlice = createSlice({
  name: 'scribe',
  initialState: initialScribeState,
  reducers: {
    correctionModeLoaded: set('correctionMode'),
    dashboardLoaded(
      state,
      action: PayloadAction<{ dashboard: ScribeDashboardResponse; receivedAtMs: number }>,
    ) {
      state.dashboard = action.payload.dashboard;
      state.clockOffsetMs = action.payload.dashboard.nowMs - action.payload.receivedAtMs;
      state.dashboardError = undefined;
    },
    dashboardFailed: set('dashboardError'),
    acceptRequested: set('accepting'),
    acceptFinished(state, action: PayloadAction<{ roomId?: string }>) {
      state.accepting = undefined;
      if (action.payload.roomId) state.openRoom = { roomId: action.payload.roomId };
    },
    roomOpened(state) {
      state.openRoom = undefined;
    },
    trainingLoaded: set('training'),
    trainingStarted(state, action: PayloadAction<{ roomId: string; name: string }>) {
      state.openRoom = { roomId: action.payload.roomId, training: action.payload.name };
      state.score = undefined;
    },
    trainingAudioLoaded(state, action: PayloadAction<string | undefined>) {
      state.trainingAudioUrl = action.payload;
    },
    scoreLoaded: set('score'),
    eligibilityLoaded: set('eligibility'),
  },
  extraReducers: (builder) => {
    builder.addCase(socketActions.messageReceived, (state, action) => {
      const message = action.payload;
      if (message.type === 'connection-succeeded') state.chat = [];
      if (message.type === 'scribe-chat') {
        const m = message.message;
        // Sent again on every (re)join: kept once.
        if (!state.chat.some((c) => c.atMs === m.atMs && c.fromAvaId === m.fromAvaId && c.text === m.text))
          state.chat.push(m);
      }
    });
  },
});

/** Events: what the screens ask for; the sagas act on them. */
const scribeEvents = {
  /** The dashboard is on screen: poll it. */
  dashboardOpened: createAction('scribe/dashboardOpened'),
  dashboardClosed: createAction('scribe/dashboardClosed'),
  refreshRequested: createAction('scribe/refreshRequested'),
  endRequested: createAction<string>('scribe/endRequested'),
  /** beginChat from the dashboard: to the person who asked. */
  beginChatRequested: createAction<{ requesterAvaId: string; text: string }>('scribe/beginChatRequested'),
  /** In the room: ask for a Scribe, withdraw or remove them, switch the mode, chat. */
  requestScribe: createAction<{ correctionMode: CorrectionMode }>('scribe/requestScribe'),
  cancelScribe: createAction('scribe/cancelScribe'),
  correctionModeChosen: createAction<CorrectionMode>('scribe/correctionModeChosen'),
  chatSent: createAction<string>('scribe/chatSent'),
  trainingStartRequested: createAction<string>('scribe/trainingStartRequested'),
  /** A practice room is on screen: load its recording and follow its score. */
  practiceOpened: createAction<{ roomId: string; name: string }>('scribe/practiceOpened'),
  practiceClosed: createAction('scribe/practiceClosed'),
  /** The host's Scribe button is on screen: ask the server whether they may ask for one. */
  eligibilityRequested: createAction('scribe/eligibilityRequested'),
};

export const scribeActions = { ...scribeSlice.actions, ...scribeEvents };
export const scribeReducer = scribeSlice.reducer;
