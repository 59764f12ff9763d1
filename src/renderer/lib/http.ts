/**
 * HTTP seam for the conversation server's API (src/shared/api.ts). Every call resolves, never
 * rejects: a failure carries the HTTP status (0 when the network failed), a message read from
 * the body with the shared rule (httpErrorMessage), and the body's error code when it has one
 * (104: the account has no profile yet), so sagas show the server's own words and act on codes.
 */
import { apiErrorCode } from '../../shared/api';
import { httpErrorMessage } from '../../shared/errors';

export type HttpResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; message: string; code?: string | number };

export interface RequestOptions {
  headers?: Record<string, string>;
}

export interface HttpClient {
  get<T>(path: string, options?: RequestOptions): Promise<HttpResult<T>>;
  post<T>(path: string, body: unknown, options?: RequestOptions): Promise<HttpResult<T>>;
  patch<T>(path: string, body: unknown, options?: RequestOptions): Promise<HttpResult<T>>;
  delete<T>(path: string, options?: RequestOptions): Promise<HttpResult<T>>;
}

/** Message used when neither the network nor the body says anything useful. */
export const HTTP_FALLBACK_MESSAGE = 'Request failed';

async function request<T>(fetchImpl: typeof fetch, url: string, init: RequestInit): Promise<HttpResult<T>> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
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
    const code = apiErrorCode(body);
    return {
      ok: false,
      status: response.status,
      message: httpErrorMessage(body, response.statusText || HTTP_FALLBACK_MESSAGE),
      ...(code !== undefined ? { code } : {}),
    };
  }
  return { ok: true, status: response.status, data: body as T };
}

/**
 * `baseUrl` is the backend's origin ('' for the page's own server); paths are the API's.
 */
export function fetchHttpClient(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  baseUrl = '',
): HttpClient {
  const withBody = <T>(method: string, path: string, body: unknown, options?: RequestOptions) =>
    request<T>(fetchImpl, `${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...options?.headers },
      body: JSON.stringify(body ?? {}),
    });
  return {
    get: (path, options) =>
      request(fetchImpl, `${baseUrl}${path}`, { method: 'GET', headers: { ...options?.headers } }),
    post: (path, body, options) => withBody('POST', path, body, options),
    patch: (path, body, options) => withBody('PATCH', path, body, options),
    delete: (path, options) =>
      request(fetchImpl, `${baseUrl}${path}`, { method: 'DELETE', headers: { ...options?.headers } }),
  };
}
