/**
 * After a conversation, on its transcript page: the smart recap, the caption quality report and
 * the host's read-only link; and the page a shared link opens. Each is loaded per room (or per
 * link token) and says whether it is loading, there, or failed with the server's message.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { CaptionQualityReport } from '../../../shared/recap/caption-quality';
import type { SharedTranscriptResponse } from '../../../shared/recap/api';
import type { SmartRecap } from '../../../shared/recap/smart-recap';

export interface Loadable<T> {
  status: 'loading' | 'loaded' | 'failed';
  value?: T;
  error?: string;
}

export interface RecapState {
  roomId?: string;
  recap?: Loadable<SmartRecap>;
  quality?: Loadable<CaptionQualityReport>;
  /** The host's read-only link: its path when shared, null when not; `working` while changing. */
  shareLink?: Loadable<string | null> & { working?: boolean };
  /** The transcript a shared link opened (by its token). */
  shared?: Loadable<SharedTranscriptResponse> & { token: string };
}

export const initialRecapState: RecapState = {};

const recapSlice = createSlice({
  name: 'recap',
  initialState: initialRecapState,
  reducers: {
    /** The transcript page of an ended room asks for its recap and report (and, for its host, the link). */
    opened(state, action: PayloadAction<{ roomId: string; host: boolean }>) {
      if (state.roomId === action.payload.roomId && state.recap?.status !== 'failed') return;
      state.roomId = action.payload.roomId;
      state.recap = { status: 'loading' };
      state.quality = { status: 'loading' };
      if (action.payload.host) state.shareLink = { status: 'loading' };
      else delete state.shareLink;
    },
    recapSettled(state, action: PayloadAction<{ roomId: string } & Loadable<SmartRecap>>) {
      const { roomId, ...loadable } = action.payload;
      if (state.roomId === roomId) state.recap = loadable;
    },
    qualitySettled(state, action: PayloadAction<{ roomId: string } & Loadable<CaptionQualityReport>>) {
      const { roomId, ...loadable } = action.payload;
      if (state.roomId === roomId) state.quality = loadable;
    },
    shareRequested(state, _action: PayloadAction<{ roomId: string; share: boolean }>) {
      if (state.shareLink) state.shareLink.working = true;
    },
    shareLinkSettled(state, action: PayloadAction<{ roomId: string } & Loadable<string | null>>) {
      const { roomId, ...loadable } = action.payload;
      if (state.roomId !== roomId) return;
      // A failed change keeps the link as it was, with the message.
      state.shareLink =
        loadable.status === 'failed' && state.shareLink?.status === 'loaded'
          ? { ...state.shareLink, working: false, ...(loadable.error ? { error: loadable.error } : {}) }
          : loadable;
    },
    sharedOpened(state, action: PayloadAction<string>) {
      if (state.shared?.token === action.payload && state.shared.status === 'loaded') return;
      state.shared = { token: action.payload, status: 'loading' };
    },
    sharedSettled(state, action: PayloadAction<{ token: string } & Loadable<SharedTranscriptResponse>>) {
      if (state.shared?.token === action.payload.token) state.shared = action.payload;
    },
  },
});

export const recapActions = recapSlice.actions;
export const recapReducer = recapSlice.reducer;
