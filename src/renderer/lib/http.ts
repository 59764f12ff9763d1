/**
 * HTTP seam for the conversation server's API (src/shared/api.ts). Every call resolves, never
 * rejects: a failure carries the HTTP status (0 when the network failed) and a message read from
 * the body with the shared rule (httpErrorMessage), so sagas show the server's own words.
 */
import { httpErrorMessage } from '../../shared/errors';

export type HttpResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; message: string };

export interface HttpClient {
  get<T>(path: string): Promise<HttpResult<T>>;
  post<T>(path: string, body: unknown): Promise<HttpResult<T>>;
}

/** Message used when neither the network nor the body says anything useful. */
export const HTTP_FALLBACK_MESSAGE = 'Request failed';

async function request<T>(fetchImpl: typeof fetch, path: string, init: RequestInit): Promise<HttpResult<T>> {
  let response: Response;
  try {
    response = await fetchImpl(path, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch (error) {
    return { ok: false, status: 0, message: error instanceof Error ? error.message : HTTP_FALLBACK_MESSAGE };
  }
  let body: unknown = undefined;
  const text = await response.text().catch(() => '');
  if (text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!response.ok) {
    return {
      ok: false,
      status: response.status,
      message: httpErrorMessage(body, response.statusText || HTTP_FALLBACK_MESSAGE),
    };
  }
  return { ok: true, status: response.status, data: body as T };
}

export function fetchHttpClient(fetchImpl: typeof fetch = (...args) => fetch(...args)): HttpClient {
  return {
    get: (path) => request(fetchImpl, path, { method: 'GET' }),
    post: (path, body) =>
      request(fetchImpl, path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      }),
  };
}
