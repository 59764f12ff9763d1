/**
 * The signed-in person's profile (the spec's User profile, from GET /api/v1/users/me) and the
 * state of its loading and saving. Cleared on sign-out.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type {
  BetaFeatureName,
  FeatureFlags,
  TtsVoice,
  UserPatchMe,
  UserPatchV11,
  UserProfile,
} from '../../../shared/user';

export type ProfileStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface ProfileState {
  status: ProfileStatus;
  profile?: UserProfile;
  /** A save in flight (the form that sent it shows it). */
  saving: boolean;
  /** The server's words when the last save failed. */
  saveError?: string;
  /** Bumped on every successful save, so a form can say "saved" once. */
  savedCount: number;
}

export const initialProfileState: ProfileState = { status: 'idle', saving: false, savedCount: 0 };

const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    loadRequested(state) {
      state.status = 'loading';
    },
    loaded(state, action: PayloadAction<UserProfile>) {
      state.status = 'ready';
      state.profile = action.payload;
    },
    loadFailed(state) {
      state.status = 'failed';
    },
    cleared() {
      return initialProfileState;
    },
    /** PATCH /api/v1.1/users/{avaId}. */
    updateRequested(state, _action: PayloadAction<UserPatchV11>) {
      state.saving = true;
      state.saveError = undefined;
    },
    /** PATCH /api/v1/users/me. */
    mePatchRequested(state, _action: PayloadAction<UserPatchMe>) {
      state.saving = true;
      state.saveError = undefined;
    },
    ttsVoiceRequested(state, _action: PayloadAction<TtsVoice>) {
      state.saving = true;
      state.saveError = undefined;
    },
    betaToggled(state, _action: PayloadAction<{ name: BetaFeatureName; enabled: boolean }>) {
      state.saving = true;
      state.saveError = undefined;
    },
    saved(state, action: PayloadAction<UserProfile>) {
      state.saving = false;
      state.profile = action.payload;
      state.savedCount += 1;
    },
    flagsSaved(state, action: PayloadAction<FeatureFlags>) {
      state.saving = false;
      if (state.profile) state.profile.features = action.payload;
      state.savedCount += 1;
    },
    saveFailed(state, action: PayloadAction<string>) {
      state.saving = false;
      state.saveError = action.payload;
    },
  },
});

export const profileActions = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
