/**
 * Short messages to the user (the spec's snackbar): at most SNACKBAR_MAX at once, hidden after
 * SNACKBAR_HIDE_MS, errors after SNACKBAR_ERROR_HIDE_MS. A notice holds a translation key (and
 * its values) rather than words, so it follows the interface language; text from the server is
 * kept as `detail`, shown as is.
 */
import { type PayloadAction, createSlice, nanoid } from '@reduxjs/toolkit';
import { SNACKBAR_MAX } from '../../../shared/constants';
import type { TranslationKey } from '../../i18n/types';

export type NoticeIntent = 'primary' | 'success' | 'warning' | 'danger';

export interface Notice {
  id: string;
  intent: NoticeIntent;
  /** i18n key of the message (checked against the English messages at compile time). */
  key: TranslationKey;
  values?: Record<string, string | number>;
  /** Extra words from elsewhere (a server message), not translated. */
  detail?: string;
  /** Shown this long instead of the default for its intent. */
  hideAfterMs?: number;
  /** A button that dispatches `action` (e.g. open the system settings). */
  action?: { labelKey: TranslationKey; action: { type: string; payload?: unknown } };
}

export interface NotificationsState {
  items: Notice[];
}

export const initialNotificationsState: NotificationsState = { items: [] };

export type NoticeInput = Omit<Notice, 'id'>;

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<Notice>) {
        // The same message twice in a row is shown once.
        const same = state.items.find(
          (n) => n.key === action.payload.key && n.detail === action.payload.detail,
        );
        if (same) state.items = state.items.filter((n) => n !== same);
        state.items.push(action.payload);
        if (state.items.length > SNACKBAR_MAX) state.items.splice(0, state.items.length - SNACKBAR_MAX);
      },
      prepare(notice: NoticeInput) {
        return { payload: { ...notice, id: nanoid() } };
      },
    },
    dismiss(state, action: PayloadAction<string>) {
      state.items = state.items.filter((n) => n.id !== action.payload);
    },
  },
});

export const notificationsActions = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
