/**
 * Which backend the client talks to. The page's own server by default; an `endpoint` query
 * parameter switches it (and is remembered under the spec's `avaBackendUrl` key) only when its
 * host is in the product's domain (src/shared/routes.ts acceptEndpoint), so a crafted link cannot
 * send someone's identity token to another server.
 */
import { STORAGE_KEYS } from '../../shared/constants';
import { QUERY_PARAMS, acceptEndpoint } from '../../shared/routes';
import type { KeyValueStorage } from './storage';

/** The backend origin to use ('' = the page's own origin). */
export function chooseBackend(search: string, storage: KeyValueStorage, pageOrigin: string): string {
  const fromQuery = acceptEndpoint(new URLSearchParams(search).get(QUERY_PARAMS.endpoint));
  if (fromQuery) {
    storage.set(STORAGE_KEYS.avaBackendUrl, fromQuery);
  }
  const chosen = fromQuery ?? acceptEndpoint(storage.get(STORAGE_KEYS.avaBackendUrl));
  return chosen && chosen !== pageOrigin ? chosen : '';
}

/** The socket URL for a backend origin ('' = the page's own). */
export function socketUrlForBackend(
  backend: string,
  page: { protocol: string; host: string },
  path: string,
): string {
  if (!backend) return `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}${path}`;
  const url = new URL(backend);
  return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}${path}`;
}
