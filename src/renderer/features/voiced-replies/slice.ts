/**
 * Voiced replies (text-to-speech): whether typed lines are also spoken aloud, with which voice,
 * the voice list (the built-in set until the server's arrives, and whenever it cannot), and the
 * reply being spoken now, while which the microphone is muted. Errors show for 2 s.
 */
import { type PayloadAction, createAction, createSlice } from '@reduxjs/toolkit';
import { DEFAULT_SPEECH_LANG, STORAGE_KEYS } from '../../../shared/constants';
import { type TtsVoiceEntry, ttsVoiceList, voiceFromId } from '../../../shared/tts';
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
  /** The reply being voiced: from the request until its lifecycle ends. */
  active?: { requestId: string; playing: boolean };
  /** Why the last reply could not be voiced, shown for TTS_ERROR_DISPLAY_MS. */
  error?: string;
}

export const initialVoicedRepliesState: VoicedRepliesState = {
  speakAloud: false,
  playOthers: false,
  chosenHere: false,
  voices: ttsVoiceList(DEFAULT_SPEECH_LANG, undefined),
  voicesFromServer: false,
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
    },
    ended(state, action: PayloadAction<string>) {
      if (state.active?.requestId === action.payload) state.active = undefined;
    },
    failed: set('error'),
    errorCleared(state) {
      state.error = undefined;
    },
  },
});

/** Events: actions that change no state here; the saga acts on them. */
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

export const voicedRepliesActions = { ...voicedRepliesSlice.actions, ...voicedRepliesEvents };
export const voicedRepliesReducer = voicedRepliesSlice.reducer;
