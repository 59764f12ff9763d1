/**
 * Everything the sagas reach outside the store, as one object passed to the root saga: the
 * browser build fills it with the real APIs (browserDeps.ts), unit tests with fakes.
 */
import type { PeerConnectionFactory } from '../features/audio/peer-connection';
import type { Channel } from '../../shared/user';
import type { AudioCaptureService } from '../features/audio/capture';
import type { DesktopDeps } from '../features/desktop/deps';
import type { AuthService } from '../features/sign-in/auth-service';
import type { SocketFactory, SocketLink } from '../features/socket/connection';
import type { FileTransfer } from '../lib/files';
import type { HttpClient } from '../lib/http';
import type { Logger } from '../lib/logger';
import type { NetworkMonitor } from '../lib/network';
import type { KeyValueStorage } from '../lib/storage';

export interface Navigation {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The current pathname. */
  currentPath(): string;
  /** The current query string ("?a=b", or ""). */
  currentSearch(): string;
  /** Leaves the app for a URL (the desktop app's deep link). */
  openUrl(url: string): void;
}

/** Where the app runs. */
export interface Platform {
  /** Inside the desktop app's window rather than a browser. */
  isDesktopShell: boolean;
  /** Served from this machine (developer mode shows there). */
  isLocalhost: boolean;
  /** Channel of profile get-or-create: web-v2 or desktop-v2. */
  channel: Channel;
  /** Origin of the web app's server in a browser (the desktop app opens its sign-in there). */
  webOrigin: string;
}

export interface AppDeps {
  http: HttpClient;
  storage: KeyValueStorage;
  /** This tab's own storage, kept through a reload (sessionStorage); absent: nothing survives a reload. */
  tabStorage?: KeyValueStorage;
  logger: Logger;
  openSocket: SocketFactory;
  socketUrl: () => string;
  /** Sends on the room's socket while it is connected; owned by the socket saga. */
  link: SocketLink;
  network: NetworkMonitor;
  audio: AudioCaptureService;
  /** WebRTC audio's peer connections (features/audio/peer-connection.ts); absent: PCM on the socket only. */
  webrtc?: PeerConnectionFactory;
  navigation: Navigation;
  clipboard: { writeText(text: string): Promise<void> };
  /** Files downloaded for the person (transcript exports). */
  files: FileTransfer;
  i18n: { changeLanguage(language: string): Promise<unknown> };
  now: () => number;
  appVersion: string;
  /** The identity provider (Firebase Authentication). */
  auth: AuthService;
  platform: Platform;
  /** The desktop app's bridge and capture; absent in a browser. */
  desktop?: DesktopDeps;
}
