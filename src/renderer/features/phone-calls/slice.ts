/**
 * The phone call panel's own state: a dial or a hang-up of ours on its way, and why the server
 * refused it. The calls themselves (status, why they ended) are the room status's `twilioCalls`.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { ConferenceType, PhoneCallTextKey } from '../../../shared/phone-calls';
import { conversationActions } from '../conversation/slice';

export interface PhoneCallDial {
  /** E.164, checked by the panel (shared/phone-calls.ts). */
  calleeInternationalNumber: string;
  sendDigits: string;
  speechLang: string;
  conferenceType: ConferenceType;
}

export interface PhoneCallsState {
  dialing: boolean;
  hangingUp: boolean;
  /** Our last request was refused: the catalogue's key when known, else the server's words. */
  refusal?: { key: PhoneCallTextKey } | { message: string };
}

export const initialPhoneCallsState: PhoneCallsState = { dialing: false, hangingUp: false };

const phoneCallsSlice = createSlice({
  name: 'phoneCalls',
  initialState: initialPhoneCallsState,
  reducers: {
    /** Host: dial this conference into the room. */
    dialRequested(state, _action: PayloadAction<PhoneCallDial>) {
      state.dialing = true;
      state.refusal = undefined;
    },
    dialSettled(state, action: PayloadAction<{ refusal?: PhoneCallsState['refusal'] }>) {
      state.dialing = false;
      state.refusal = action.payload.refusal;
    },
    /** Host: hang up this call. */
    hangUpRequested(state, _action: PayloadAction<{ sid: string }>) {
      state.hangingUp = true;
      state.refusal = undefined;
    },
    hangUpSettled(state, action: PayloadAction<{ refusal?: PhoneCallsState['refusal'] }>) {
      state.hangingUp = false;
      state.refusal = action.payload.refusal;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(conversationActions.entered, () => initialPhoneCallsState);
  },
});

export const phoneCallsActions = phoneCallsSlice.actions;
export const phoneCallsReducer = phoneCallsSlice.reducer;
