import type { RootState } from '../../app/root-reducer';

export const selectRemoteFlags = (state: RootState) => state.remoteConfig.flags;
