/**
 * Voiced replies (text-to-speech): whether typed lines are also spoken aloud, with which voice,
 * the voice list (the built-in set until the server's arrives, and whenever it cannot), and the
 * reply being spoken now, while which the microphone is muted. Errors show for 2 s.
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import { DEFAULT_SPEECH_LANG, STORAGE_KEYS } from '../../../shared/constants';
import {
  TTS_DISPLAYED_ITEMS_DEFAULT,
  type TtsVoiceEntry,
  ttsVoiceList,
  voiceFromId,
} from '../../../shared/tts';
import type { ServerMessageOf } from '../../../shared/protocol';
import type { KeyValueStorage } from '../../lib/storage';
import { fieldSetter } from '../../lib/field-setter';

export interface VoicedRepliesState {
  /** The composer's "Speak aloud" choice (kept on this device). */
  speakAloud: boolean;
  /** Others' voiced replies are played here too (the room's downAudio; kept on this device). */
  playOthers: boolean;
  /**
   * The voice chosen on this device (guests keep theirs here; an account's is also saved to its
   * profile); undefined: the account's onboarding voice, else the spec's default.
   */
  voiceId?: string;
  /** The voice was chosen on this page since it opened (it then wins over the account's). */
  chosenHere: boolean;
  voices: TtsVoiceEntry[];
  /** True once the server's list arrived; false: the built-in set. */
  voicesFromServer: boolean;
  /**
   * The reply being voiced: from the request until its lifecycle ends. `browser`: read by this
   * browser's speech synthesis because the server could not (browser-voice.ts).
   */
  active?: { requestId: string; playing: boolean; browser?: boolean };
  /**
   * The spec's displayed TTS items: one's own last voiced replies (TTS_DISPLAYED_ITEMS_DEFAULT),
   * newest first, each with how it went.
   */
  items: VoicedReplyItem[];
  /** Why the last reply could not be voiced, shown for TTS_ERROR_DISPLAY_MS. */
  error?: string;
}

export type VoicedReplyItemState = 'preparing' | 'speaking' | 'spoken' | 'not-spoken';

export interface VoicedReplyItem {
  requestId: string;
  text: string;
  state: VoicedReplyItemState;
  /** Read by this browser's own voice (the server could not). */
  browser: boolean;
}

export const initialVoicedRepliesState: VoicedRepliesState = {
  speakAloud: false,
  playOthers: false,
  chosenHere: false,
  voices: ttsVoiceList(DEFAULT_SPEECH_LANG, undefined),
  voicesFromServer: false,
  items: [],
};

export function loadVoicedRepliesState(storage: KeyValueStorage): VoicedRepliesState {
  const voiceId = storage.get(STORAGE_KEYS.ttsVoice);
  return {
    ...initialVoicedRepliesState,
    speakAloud: storage.get(STORAGE_KEYS.speakAloud) === 'true',
    playOthers: storage.get(STORAGE_KEYS.playVoicedReplies) === 'true',
    ...(voiceFromId(voiceId ?? undefined) ? { voiceId: voiceId! } : {}),
  };
}

/** Events the saga acts on (`requested` also adds one's own reply to the displayed items). */
const voicedRepliesEvents = {
  /** A typed line was sent to be voiced (request-text-to-speech, id `requestId`). */
  requested: createAction<{
    requestId: string;
    text: string;
    lang: string;
    /** Another member's voiced reply: its first answer, already received. */
    first?: ServerMessageOf<'response-text-to-speech'>;
  }>('voicedReplies/requested'),
  /** The voice list for the speech language is wanted (the conversation screen opened). */
  voicesRequested: createAction<string>('voicedReplies/voicesRequested'),
};

const set = fieldSetter<VoicedRepliesState>();

const voicedRepliesSlice = createSlice({
  name: 'voicedReplies',
  initialState: initialVoicedRepliesState,
  reducers: {
    speakAloudChanged: set('speakAloud'),
    playOthersChanged: set('playOthers'),
    voiceChosen(state, action: PayloadAction<string>) {
      if (!voiceFromId(action.payload)) return;
      state.voiceId = action.payload;
      state.chosenHere = true;
    },
    voicesLoaded(state, action: PayloadAction<{ voices: TtsVoiceEntry[]; fromServer: boolean }>) {
      state.voices = action.payload.voices;
      state.voicesFromServer = action.payload.fromServer;
    },
    started(state, action: PayloadAction<string>) {
      state.active = { requestId: action.payload, playing: false };
      state.error = undefined;
    },
    playing(state, action: PayloadAction<string>) {
      if (state.active?.requestId === action.payload) state.active.playing = true;
      setItem(state, action.payload, 'speaking');
    },
    /** The server could not voice it: this browser's speech synthesis reads it instead. */
    playingInBrowser(state, action: PayloadAction<string>) {
      if (state.active?.requestId === action.payload) {
        state.active.playing = true;
        state.active.browser = true;
      }
      setItem(state, action.payload, 'speaking', true);
    },
    ended(state, action: PayloadAction<string>) {
      if (state.active?.requestId === action.payload) state.active = undefined;
      const item = state.items.find((i) => i.requestId === action.payload);
      if (item) item.state = item.state === 'speaking' ? 'spoken' : 'not-spoken';
    },
    failed: set('error'),
    errorCleared(state) {
      state.error = undefined;
    },
  },
  extraReducers: (builder) => {
    // One's own reply joins the displayed items (others' carry no text: they are not listed).
    builder.addCase(voicedRepliesEvents.requested, (state, action) => {
      const { requestId, text } = action.payload;
      if (!text || action.payload.first) return;
      state.items = [
        { requestId, text, state: 'preparing' as const, browser: false },
        ...state.items.filter((i) => i.requestId !== requestId),
      ].slice(0, TTS_DISPLAYED_ITEMS_DEFAULT);
    });
  },
});

function setItem(state: VoicedRepliesState, requestId: string, to: VoicedReplyItemState, browser = false) {
  const item = state.items.find((i) => i.requestId === requestId);
  if (!item) return;
  item.state = to;
  item.browser = browser;
}

export const voicedRepliesActions = { ...voicedRepliesSlice.actions, ...voicedRepliesEvents };
export const voicedRepliesReducer = voicedRepliesSlice.reducer;
