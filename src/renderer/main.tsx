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
import { getDesktopBridge } from './features/desktop/bridge';
import { withDesktop } from './features/desktop/desktop-deps';
import { loadSettings } from './features/settings/slice';
import { createI18n } from './i18n';
import { browserStorage } from './lib/storage';

const initialSettings = loadSettings(browserStorage(), navigator.languages ?? []);
// Set before the first paint, so a dark-theme user does not see a light flash.
document.documentElement.dataset.theme = initialSettings.theme;
const i18n = createI18n(initialSettings.language, (language) => {
  document.documentElement.lang = language;
});
const router = createAppRouter();
// Inside the desktop app, the server and audio choices come from main before anything connects.
const desktop = getDesktopBridge();
const desktopConfig = desktop
  ? await desktop.invoke('desktop:getConfig', null).catch(() => undefined)
  : undefined;
const baseDeps = browserDeps(
  {
    navigate: (to, options) => void router.navigate(to, options),
    currentPath: () => router.state.location.pathname,
    currentSearch: () => router.state.location.search,
    openUrl: (url) => window.location.assign(url),
  },
  i18n,
);
const store = createAppStore(
  desktop && desktopConfig ? withDesktop(baseDeps, desktop, desktopConfig) : baseDeps,
);

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
