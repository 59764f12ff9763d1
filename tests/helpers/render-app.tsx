/**
 * Renders a component as the app does (the real root reducer, English i18n, a router), with a
 * store built from the state given, and records every action the component dispatches (no sagas
 * run: what a component does is the action it dispatches and what it shows for a state).
 */
import { type Action, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { type RootState, rootReducer } from '../../src/renderer/app/root-reducer';
import { createI18n } from '../../src/renderer/i18n';
import type { Identity } from '../../src/renderer/features/identity/slice';
import type { ConversationStatus } from '../../src/shared/entities';

export type StateOverrides = { [K in keyof RootState]?: Partial<RootState[K]> };

export function appState(overrides: StateOverrides = {}): RootState {
  const initial = rootReducer(undefined, { type: '@@test/init' });
  const state = { ...initial } as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides))
    state[key] = { ...(initial as Record<string, object>)[key], ...value };
  return state as RootState;
}

export function renderApp(ui: ReactElement, overrides: StateOverrides = {}, route = '/web/conversations/r') {
  const actions: Action[] = [];
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: appState(overrides),
    middleware: (getDefault) =>
      getDefault({ thunk: false }).concat(() => (next) => (action) => {
        actions.push(action as Action);
        return next(action);
      }),
  });
  const i18n = createI18n('en', () => undefined);
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, store, actions, user, types: () => actions.map((a) => a.type) };
}

/** A signed-in guest and the room they are in, as the socket leaves them. */
export function inRoom(status: ConversationStatus, me: Identity, extra: StateOverrides = {}): StateOverrides {
  return {
    ...extra,
    session: { status: 'ready', identity: me, ...extra.session },
    conversation: { roomId: status.id, status, ...extra.conversation },
    socket: { status: 'online', ...extra.socket },
  };
}
