/**
 * The desktop app's seams on top of the browser's: capture that can listen to the computer's
 * audio, the socket to the server the user chose (pages are served from app://hearken, the
 * API is proxied by main, the socket goes straight to the server), and the bridge.
 */
import type { DesktopBridge, DesktopConfig } from '../../../shared/ipc';
import type { AppDeps } from '../../app/deps';
import { captureStream } from '../audio/browser-capture';
import { socketUrlFor } from '../socket/connection';
import type { DesktopDeps } from './deps';
import { type DesktopCaptureNotice, desktopAudioCapture } from './desktop-capture';

export function withDesktop(base: AppDeps, bridge: DesktopBridge, config: DesktopConfig): AppDeps {
  let current = config;
  bridge.on('desktop:configChanged', (next) => {
    current = next;
  });
  const listeners = new Set<(notice: DesktopCaptureNotice) => void>();
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  const audio = desktopAudioCapture({
    base: base.audio,
    bridge,
    source: () => current.preferences.audioSource,
    captureStream,
    ...(media?.getDisplayMedia
      ? { getDisplayMedia: (c: DisplayMediaStreamOptions) => media.getDisplayMedia(c) }
      : {}),
    notify: (notice) => listeners.forEach((l) => l(notice)),
    now: () => Date.now(),
    delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  const desktop: DesktopDeps = {
    bridge,
    platform: config.platform,
    lastChunkAtMs: () => audio.lastChunkAtMs(),
    captureNotices: {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    listOutputs: async () => (media?.enumerateDevices ? await media.enumerateDevices() : []),
  };
  return {
    ...base,
    // Leaving the app (the web sign-in page) opens the system browser: main never navigates
    // an app window away, and opens http(s) links from window.open externally.
    navigation: { ...base.navigation, openUrl: (url) => void window.open(url, '_blank', 'noopener') },
    audio,
    socketUrl: () => socketUrlFor(new URL(current.preferences.serverUrl)),
    // Web pages (the browser sign-in, invite links) are the server's, not app://hearken's.
    // A change of server reloads every window, so the value read here stays right.
    platform: { ...base.platform, webOrigin: new URL(config.preferences.serverUrl).origin },
    appVersion: config.appVersion,
    desktop,
  };
}
