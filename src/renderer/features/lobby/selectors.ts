import type { RootState } from '../../app/root-reducer';

export const selectLobby = (state: RootState) => state.lobby;
