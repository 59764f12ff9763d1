import type { RootState } from '../../app/rootReducer';

export const selectRemoteFlags = (state: RootState) => state.remoteConfig.flags;
