/**
 * The room's meeting bot as this person's panel sees it: the server's `ava-bot-status` (status,
 * error key, meeting, language), and whether a request of ours is on its way or was refused.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { BotErrorKey, BotStatus } from '../../../shared/meeting-bot';
import { conversationActions } from '../conversation/slice';
import { socketActions } from '../socket/slice';

export interface MeetingBotState {
  status: BotStatus;
  error?: BotErrorKey;
  meetingUrl?: string;
  speechLang?: string;
  /** The server refused our request (a link it does not accept): its message. */
  refusal?: string;
  /** The bot can speak typed replies into the meeting. */
  speaks?: boolean;
  /** Our last reply for the meeting: sent, or why it was not spoken. */
  reply?: { sent: true } | { sent: false; message: string };
}

export const initialMeetingBotState: MeetingBotState = { status: 'NOT_CONNECTED' };

const meetingBotSlice = createSlice({
  name: 'meetingBot',
  initialState: initialMeetingBotState,
  reducers: {
    /** Host: send a bot to this meeting, captioned in this language. */
    requested(state, _action: PayloadAction<{ meetingUrl: string; speechLang: string }>) {
      state.refusal = undefined;
    },
    /** Host: take the bot out of the meeting. */
    endRequested() {},
    /** A typed reply the bot speaks into the meeting. */
    speakRequested(state, _action: PayloadAction<{ text: string }>) {
      state.reply = { sent: true };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(conversationActions.entered, () => initialMeetingBotState);
    builder.addCase(socketActions.messageReceived, (state, action) => {
      const message = action.payload;
      if (message.type === 'ava-bot-status') {
        state.status = message.status;
        state.error = message.error;
        state.meetingUrl = message.meetingUrl;
        state.speechLang = message.speechLang;
        state.speaks = message.speaks === true;
        state.refusal = undefined;
      } else if (message.type === 'error' && message.inReplyTo === 'request-ava-bot') {
        state.refusal = message.error.message;
      } else if (message.type === 'error' && message.inReplyTo === 'ava-bot-text-to-speech') {
        state.reply = { sent: false, message: message.error.message };
      }
    });
  },
});

export const meetingBotActions = meetingBotSlice.actions;
export const meetingBotReducer = meetingBotSlice.reducer;
