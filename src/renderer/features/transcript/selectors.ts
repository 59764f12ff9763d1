import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/root-reducer';
import { finalTranscripts } from './model';

export const selectTranscript = (state: RootState) => state.transcript;
export const selectTranscriptLines = createSelector(
  [(s: RootState) => s.transcript.transcripts],
  finalTranscripts,
);
