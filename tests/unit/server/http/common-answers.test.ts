import { describe, expect, it } from 'vitest';
import { HTTP_ACCESS } from '../../../../src/server/auth';
import { commonErrorStatuses } from '../../../../src/server/http/common-answers';

describe('the common error answers of a route', () => {
  it('are only 500 for a read that anyone may make without input', () => {
    expect(commonErrorStatuses({ method: 'GET' }, HTTP_ACCESS['GET /api/v1/openapi.json'])).toEqual([500]);
  });

  it('add 400 and 413 for a body, and no 401 where outsiders may call', () => {
    const row = HTTP_ACCESS['POST /api/v1/guest-users/me'];
    expect(commonErrorStatuses({ method: 'POST', body: {} }, row)).toEqual([400, 413, 500]);
  });

  it('add the refusals of sign-in, and 404 for a route about one room', () => {
    const row = HTTP_ACCESS['GET /api/v1/rooms/:roomId/transcripts'];
    expect(commonErrorStatuses({ method: 'GET', params: {} }, row)).toEqual([400, 401, 403, 404, 500, 503]);
  });
});
