import type { RootState } from '../../app/root-reducer';

export const selectSocketStatus = (state: RootState) => state.socket.status;
export const selectSocketOnline = (state: RootState) => state.socket.status === 'online';
export const selectBrowserOnline = (state: RootState) => state.socket.browserOnline;
