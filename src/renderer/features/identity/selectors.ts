import type { RootState } from '../../app/root-reducer';

export const selectSession = (state: RootState) => state.session;
export const selectIdentity = (state: RootState) => state.session.identity;
export const selectAvaId = (state: RootState) => state.session.identity?.avaId;
export const selectUserName = (state: RootState) => state.session.identity?.userName ?? '';
