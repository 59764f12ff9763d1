import type { RootState } from '../../app/root-reducer';
import { isProfileComplete, isScribe } from '../../../shared/user';

export const selectProfileState = (state: RootState) => state.profile;
export const selectProfile = (state: RootState) => state.profile.profile;
export const selectProfileLoaded = (state: RootState) =>
  state.profile.status === 'ready' && state.profile.profile !== undefined;
export const selectIsScribe = (state: RootState) =>
  state.profile.profile ? isScribe(state.profile.profile) : false;
export const selectProfileComplete = (state: RootState) =>
  state.profile.profile ? isProfileComplete(state.profile.profile) : false;
