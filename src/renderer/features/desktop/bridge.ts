/**
 * The desktop app's bridge (src/preload), when this page runs inside it. The web build has none:
 * every desktop feature checks for it and steps aside in a browser.
 */
import { BRIDGE_GLOBAL, type DesktopBridge } from '../../../shared/ipc';

export function getDesktopBridge(): DesktopBridge | undefined {
  return (window as unknown as Record<string, DesktopBridge | undefined>)[BRIDGE_GLOBAL];
}

/** True inside the desktop app (the login layout redirects to /web/login/desktop there). */
export function isDesktopShell(): boolean {
  return getDesktopBridge() !== undefined;
}
