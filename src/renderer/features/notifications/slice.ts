/**
 * Short messages to the user (the spec's snackbar): at most SNACKBAR_MAX at once, hidden after
 * SNACKBAR_HIDE_MS, errors after SNACKBAR_ERROR_HIDE_MS; a sticky one stays until dismissed. A notice holds a translation key (and
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
  /**
   * Stays until the person dismisses it (or acts on it), and is the last to make way for newer
   * notices: for what they must not miss, such as why their captions stopped.
   */
  sticky?: boolean;
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
        // Over the limit, the oldest fading notice makes way; the oldest of all when every older
        // one is sticky (the newest is always shown).
        while (state.items.length > SNACKBAR_MAX) {
          const oldestFading = state.items.slice(0, -1).findIndex((n) => !n.sticky);
          state.items.splice(Math.max(0, oldestFading), 1);
        }
      },
      prepare(notice: NoticeInput) {
        return { payload: { ...notice, id: nanoid() } };
      },
    },
    dismiss(state, action: PayloadAction<string>) {
      state.items = state.items.filter((n) => n.id !== action.payload);
    },
    /** Every notice of one message, once what it says is over (a sticky one included). */
    dismissKey(state, action: PayloadAction<TranslationKey>) {
      state.items = state.items.filter((n) => n.key !== action.payload);
    },
  },
});

export const notificationsActions = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
