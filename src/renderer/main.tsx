/**
 * Entry point of the web client: storage, i18n, router, store and sagas are made here and
 * handed to React. The router is made before the store so sagas can navigate.
 */
import '@blueprintjs/core/lib/css/blueprint.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { browserDeps } from './app/browser-deps';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';
import { installIconLoader } from './app/icons';
import { getDesktopBridge } from './features/desktop/bridge';
import { selectIdentity } from './features/identity/selectors';
import { identityHeaders } from './features/identity/sagas';
import { loadSettings } from './features/settings/slice';
import { createBrowserI18n } from './i18n/browser';
import { browserStorage } from './lib/storage';

/**
 * Not top-level awaits: chunks loaded here (French, the desktop's deps) import shared modules
 * from this entry chunk, and a chunk cannot finish loading while the entry it imports is still
 * suspended at a top-level await: the page would never start (a French reader's did not).
 */
async function start(): Promise<void> {
  installIconLoader();
  const initialSettings = loadSettings(browserStorage(), navigator.languages ?? []);
  // Set before the first paint, so a dark-theme user does not see a light flash.
  document.documentElement.dataset.theme = initialSettings.theme;
  const i18n = await createBrowserI18n(initialSettings.language, (language) => {
    document.documentElement.lang = language;
  });
  const router = createAppRouter();
  // Inside the desktop app, the server and audio choices come from main before anything connects.
  const desktop = getDesktopBridge();
  const desktopConfig = desktop
    ? await desktop.invoke('desktop:getConfig', null).catch(() => undefined)
    : undefined;
  // Client logs are sent as the session's identity, which the store (made below) holds.
  const made: { store?: ReturnType<typeof createAppStore> } = {};
  const baseDeps = browserDeps(
    {
      navigate: (to, options) => void router.navigate(to, options),
      currentPath: () => router.state.location.pathname,
      currentSearch: () => router.state.location.search,
      openUrl: (url) => window.location.assign(url),
    },
    i18n,
    () => {
      const identity = made.store ? selectIdentity(made.store.getState()) : undefined;
      const headers = identity ? identityHeaders(identity) : {};
      return Object.keys(headers).length > 0 ? headers : undefined;
    },
  );
  // The desktop's capture and bridge code is a chunk of its own: browsers never load it.
  const store = createAppStore(
    desktop && desktopConfig
      ? (await import('./features/desktop/desktop-deps')).withDesktop(baseDeps, desktop, desktopConfig)
      : baseDeps,
  );
  made.store = store;

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error('Hearken could not start', error);
});
