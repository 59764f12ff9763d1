import { describe, expect, it } from 'vitest';
import { apiError } from '../../../../src/shared/api';
import { fetchHttpClient } from '../../../../src/renderer/lib/http';

describe('http client', () => {
  const respond = (status: number, body: unknown) =>
    (async () =>
      new Response(body === undefined ? null : JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('returns the body of a success', async () => {
    const http = fetchHttpClient(respond(200, { roomId: 'r' }));
    expect(await http.get('/x')).toEqual({ ok: true, status: 200, data: { roomId: 'r' } });
  });

  it('takes the message of a failure from the body, as the shared rule says', async () => {
    const http = fetchHttpClient(respond(404, apiError('room-name-unknown', 'No room is called blue-sky')));
    expect(await http.get('/x')).toEqual({
      ok: false,
      status: 404,
      message: 'No room is called blue-sky',
      code: 'room-name-unknown',
    });
    const legacy = fetchHttpClient(respond(400, { msg: 'Bad name' }));
    expect(await legacy.post('/x', {})).toEqual({ ok: false, status: 400, message: 'Bad name' });
  });

  it("keeps a body's numeric custom code (104: no profile yet)", async () => {
    const http = fetchHttpClient(respond(400, apiError(104, 'No profile for this account yet')));
    expect(await http.patch('/api/v1/users/me', {})).toEqual({
      ok: false,
      status: 400,
      message: 'No profile for this account yet',
      code: 104,
    });
  });

  it('sends to the chosen backend, with the headers given', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const http = fetchHttpClient(
      (async (url: string, init: RequestInit) => {
        seen.push({ url, init });
        return new Response('{}', { status: 200 });
      }) as unknown as typeof fetch,
      'https://api.hearken.app',
    );
    await http.patch('/api/v1/users/me', { a: 1 }, { headers: { Authorization: 'Basic x' } });
    expect(seen[0]!.url).toBe('https://api.hearken.app/api/v1/users/me');
    expect(seen[0]!.init.method).toBe('PATCH');
    expect(seen[0]!.init.body).toBe('{"a":1}');
    expect(seen[0]!.init.headers).toMatchObject({
      Authorization: 'Basic x',
      'Content-Type': 'application/json',
    });
  });

  it('reports a network failure with status 0', async () => {
    const http = fetchHttpClient((async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    expect(await http.get('/x')).toEqual({ ok: false, status: 0, message: 'Failed to fetch' });
  });
});
