import { WEB_APP_VERSION_TAG } from '../../shared/constants';
import { browserAudioCapture } from '../features/audio/browserCapture';
import { SocketLink, openBrowserSocket, socketUrlFor } from '../features/socket/connection';
import { fetchHttpClient } from '../lib/http';
import { consoleLogger } from '../lib/logger';
import { browserNetwork } from '../lib/network';
import { browserStorage } from '../lib/storage';
import type { AppDeps, Navigation } from './deps';

/** The real browser APIs behind the sagas' seams. */
export function browserDeps(navigation: Navigation, i18n: AppDeps['i18n']): AppDeps {
  return {
    http: fetchHttpClient(),
    storage: browserStorage(),
    logger: consoleLogger,
    openSocket: openBrowserSocket,
    socketUrl: () => socketUrlFor(window.location),
    link: new SocketLink(),
    network: browserNetwork,
    audio: browserAudioCapture(),
    navigation,
    clipboard: {
      writeText: async (text) => {
        if (!navigator.clipboard) throw new Error('clipboard unavailable');
        await navigator.clipboard.writeText(text);
      },
    },
    i18n,
    now: () => Date.now(),
    appVersion: WEB_APP_VERSION_TAG,
  };
}
