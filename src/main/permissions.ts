/**
 * Microphone and screen-capture permissions through the platform's APIs. macOS gates both
 * (TCC); Windows has a microphone privacy switch; Linux has no OS-level gate. The renderer maps a
 * refusal to the spec's audio errors (PERMISSION_DENIED, NO_SCREEN_SHARE).
 */
import type { PermissionKind, PermissionStatus, SettingsPane } from '../shared/ipc';

export interface SystemPreferencesLike {
  getMediaAccessStatus(mediaType: 'microphone' | 'camera' | 'screen'): string;
  askForMediaAccess?(mediaType: 'microphone' | 'camera'): Promise<boolean>;
}

function asStatus(value: string): PermissionStatus {
  return value === 'granted' || value === 'denied' || value === 'restricted' || value === 'not-determined'
    ? value
    : 'unknown';
}

/**
 * Asks for the permission where the platform lets an app ask, and reports where it stands.
 * macOS cannot be asked for screen recording: the first capture shows the system prompt, and a
 * refusal must be changed in System Settings (systemSettingsUrl).
 */
export async function requestMediaAccess(
  kind: PermissionKind,
  platform: string,
  prefs: SystemPreferencesLike,
): Promise<PermissionStatus> {
  if (platform === 'linux') return 'granted';
  if (kind === 'screen')
    return platform === 'darwin' ? asStatus(prefs.getMediaAccessStatus('screen')) : 'granted';
  const status = asStatus(prefs.getMediaAccessStatus('microphone'));
  if (platform === 'darwin' && status === 'not-determined' && prefs.askForMediaAccess) {
    return (await prefs.askForMediaAccess('microphone')) ? 'granted' : 'denied';
  }
  return status;
}

/** The settings page where the user changes a refused permission, when the platform has one. */
export function systemSettingsUrl(pane: SettingsPane, platform: string): string | undefined {
  if (platform === 'darwin') {
    switch (pane) {
      case 'screenCapture':
        return 'x-apple.systempreferences:com.apple.preference.security?Privacy_ScreenCapture';
      case 'microphone':
        return 'x-apple.systempreferences:com.apple.preference.security?Privacy_Microphone';
      case 'sound':
        return 'x-apple.systempreferences:com.apple.preference.sound';
    }
  }
  if (platform === 'win32') {
    switch (pane) {
      case 'screenCapture':
        return 'ms-settings:privacy-graphicscaptureprogrammatic';
      case 'microphone':
        return 'ms-settings:privacy-microphone';
      case 'sound':
        return 'ms-settings:sound';
    }
  }
  return undefined;
}
