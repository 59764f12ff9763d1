import { ANALYTICS_EVENTS, ANALYTICS_TAG } from '../../shared/analytics';
import { API } from '../../shared/api';
import { WEB_APP_VERSION_TAG } from '../../shared/constants';
import { BRIDGE_GLOBAL } from '../../shared/ipc';
import { SOCKET_PATH } from '../../shared/protocol';
import { browserAudioCapture } from '../features/audio/browser-capture';
import { browserAudioPeer } from '../features/audio/peer-connection';
import { firebaseAuthService } from '../features/sign-in/firebase-auth-service';
import { SocketLink, openBrowserSocket } from '../features/socket/connection';
import { chooseBackend, socketUrlForBackend } from '../lib/backend';
import { clientErrorReporter, installClientErrorHandlers } from '../lib/client-errors';
import { clientInfoFrom, shippingLogger } from '../lib/client-logs';
import { browserFileTransfer } from '../lib/files';
import { fetchHttpClient } from '../lib/http';
import { consoleLogger } from '../lib/logger';
import { browserNetwork } from '../lib/network';
import { browserStorage, tabStorage } from '../lib/storage';
import type { AppDeps, Navigation } from './deps';

/**
 * The real browser APIs behind the sagas' seams. `credential` answers the headers proving the
 * session's identity (identityHeaders), once the store that holds it exists; client logs are
 * sent with them.
 */
export function browserDeps(
  navigation: Navigation,
  i18n: AppDeps['i18n'],
  credential: () => Record<string, string> | undefined,
): AppDeps {
  const storage = browserStorage();
  const backend = chooseBackend(window.location.search, storage, window.location.origin);
  const http = fetchHttpClient(undefined, backend);
  const isDesktopShell = BRIDGE_GLOBAL in window;
  const logger = shippingLogger({
    local: consoleLogger,
    info: clientInfoFrom(
      navigator.userAgent,
      isDesktopShell ? 'desktop' : 'web',
      navigator.maxTouchPoints > 0,
    ),
    credential,
    post: async (entries, headers) => (await http.post(API.clientLogs, entries, { headers })).ok,
    now: () => Date.now(),
  });
  // Uncaught errors and unhandled rejections reach the server, bounded and rate-limited.
  installClientErrorHandlers(
    window,
    clientErrorReporter(logger, () => Date.now()),
  );
  logger.log('info', ANALYTICS_TAG, ANALYTICS_EVENTS.applicationOpened, {
    app: isDesktopShell ? 'desktop' : 'web',
  });
  window.addEventListener('pagehide', () => {
    logger.log('info', ANALYTICS_TAG, ANALYTICS_EVENTS.applicationClosed);
    void logger.flush();
  });
  return {
    http,
    storage,
    tabStorage: tabStorage(),
    logger,
    openSocket: openBrowserSocket,
    socketUrl: () => socketUrlForBackend(backend, window.location, SOCKET_PATH),
    link: new SocketLink(),
    network: browserNetwork,
    audio: browserAudioCapture(),
    ...(typeof RTCPeerConnection === 'function' ? { webrtc: browserAudioPeer } : {}),
    navigation,
    clipboard: {
      writeText: async (text) => {
        if (!navigator.clipboard) throw new Error('clipboard unavailable');
        await navigator.clipboard.writeText(text);
      },
    },
    files: browserFileTransfer((...args) => fetch(...args), backend, document),
    i18n,
    now: () => Date.now(),
    appVersion: WEB_APP_VERSION_TAG,
    auth: firebaseAuthService(),
    platform: {
      isDesktopShell,
      isLocalhost: ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname),
      channel: isDesktopShell ? 'desktop-v2' : 'web-v2',
      webOrigin: backend || window.location.origin,
    },
  };
}
