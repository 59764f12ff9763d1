import type { HttpResult } from '../../../lib/http';

/** Offline captions need the server to be unreachable, not merely to refuse a request. */
export function serverUnreachable(result: HttpResult<unknown>): boolean {
  return (
    !result.ok &&
    (result.status === 0 || result.status === 502 || result.status === 503 || result.status === 504)
  );
}
