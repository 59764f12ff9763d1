import type { RootState } from '../../app/root-reducer';

export const selectNotices = (state: RootState) => state.notifications.items;
