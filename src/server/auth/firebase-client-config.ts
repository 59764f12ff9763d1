/**
 * The web client's view of the identity provider (GET /api/v1/config `firebase`): public web
 * settings only, no secrets. Also the start-up line saying which provider accounts use.
 */
import type { FirebaseClientConfig } from '../../shared/api';
import type { AuthConfig } from '../config';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The emulator is reached at the host name the browser used for this server (so a phone on the
 * same network reaches it too), on the emulator's port, unless its public URL is configured.
 * An emulator bound to one address is reached there. No provider: null (guests only).
 */
export function firebaseClientConfig(
  auth: AuthConfig | undefined,
  hostname: string,
): FirebaseClientConfig | null {
  if (!auth) return null;
  let emulatorUrl = auth.emulatorPublicUrl;
  if (!emulatorUrl && auth.emulatorHost) {
    const port = auth.emulatorHost.split(':').pop();
    const emulatorHostname = auth.emulatorHost.slice(0, auth.emulatorHost.lastIndexOf(':'));
    emulatorUrl =
      WILDCARD_HOSTS.has(emulatorHostname) && hostname
        ? `http://${hostname}:${port}`
        : `http://${auth.emulatorHost}`;
  }
  return {
    apiKey: auth.apiKey,
    authDomain: auth.authDomain,
    projectId: auth.projectId,
    ...(auth.appId ? { appId: auth.appId } : {}),
    ...(emulatorUrl ? { emulatorUrl } : {}),
    ...(auth.ssoProviderId ? { ssoProviderId: auth.ssoProviderId } : {}),
  };
}

/** Said once at start-up: without a provider, only guests can use this server. */
export function logIdentityProvider(
  auth: AuthConfig | undefined,
  log: { info(message: string): void; warn(message: string): void },
): void {
  if (!auth) {
    log.warn('accounts are off: no Firebase project or Auth emulator configured (guests only)');
    return;
  }
  log.info(
    auth.emulatorHost
      ? `accounts: Firebase Auth emulator at ${auth.emulatorHost} (project ${auth.projectId})`
      : `accounts: Firebase project ${auth.projectId}`,
  );
}
