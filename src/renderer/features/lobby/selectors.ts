import type { RootState } from '../../app/rootReducer';

export const selectLobby = (state: RootState) => state.lobby;
