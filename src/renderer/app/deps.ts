/**
 * Everything the sagas reach outside the store, as one object passed to the root saga: the
 * browser build fills it with the real APIs (browserDeps.ts), unit tests with fakes.
 */
import type { AudioCaptureService } from '../features/audio/capture';
import type { DesktopDeps } from '../features/desktop/deps';
import type { SocketFactory, SocketLink } from '../features/socket/connection';
import type { HttpClient } from '../lib/http';
import type { Logger } from '../lib/logger';
import type { NetworkMonitor } from '../lib/network';
import type { KeyValueStorage } from '../lib/storage';

export interface Navigation {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The current pathname. */
  currentPath(): string;
}

export interface AppDeps {
  http: HttpClient;
  storage: KeyValueStorage;
  logger: Logger;
  openSocket: SocketFactory;
  socketUrl: () => string;
  /** Sends on the room's socket while it is connected; owned by the socket saga. */
  link: SocketLink;
  network: NetworkMonitor;
  audio: AudioCaptureService;
  navigation: Navigation;
  clipboard: { writeText(text: string): Promise<void> };
  i18n: { changeLanguage(language: string): Promise<unknown> };
  now: () => number;
  appVersion: string;
  /** The desktop app's bridge and capture; absent in a browser. */
  desktop?: DesktopDeps;
}
