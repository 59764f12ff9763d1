import { createSelector } from '@reduxjs/toolkit';
import type { Transcript } from '../../../shared/entities';
import type { RootState } from '../../app/root-reducer';

const selectById = (state: RootState) => state.captions.byId;
const selectIds = (state: RootState) => state.captions.ids;

export const selectCaptionsRoomId = (state: RootState) => state.captions.roomId;
export const selectAnnouncement = (state: RootState) => state.captions.announcement;
const selectHasOlder = (state: RootState) => state.captions.hasOlder;
const selectOlderLoading = (state: RootState) => state.captions.olderLoading;
/** Whether earlier captions can be fetched, and whether they are on their way. */
export const selectOlder = createSelector([selectHasOlder, selectOlderLoading], (hasOlder, loading) => ({
  hasOlder,
  loading,
}));

/** Captions in order. */
export const selectCaptions = createSelector([selectById, selectIds], (byId, ids): Transcript[] =>
  ids.map((id) => byId[id]).filter((t): t is Transcript => t !== undefined),
);

export const selectFinalCaptions = createSelector([selectCaptions], (captions) =>
  captions.filter((t) => t.isFinal),
);
