/**
 * Request logs never carry a room token, an identity token or a credential: the URL of each
 * request is redacted (the /api/v1/tokens/<token> path, sensitive query parameters), headers are
 * not logged, credential fields of logged objects are censored, and so are URLs quoted in
 * messages and errors. Checked on the functions and through a real Fastify logger.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { prettyLogStream } from '../../../../src/server/logs/pretty';
import {
  REDACTED,
  isSensitiveName,
  redactText,
  redactUrl,
  serializeError,
  serializeRequest,
  serverLoggerOptions,
} from '../../../../src/server/logs/redaction';

describe('URL redaction', () => {
  it('masks the room token path segment', () => {
    expect(redactUrl('/api/v1/tokens/aB3dE5fG7h')).toBe(`/api/v1/tokens/${REDACTED}`);
    expect(redactUrl('/api/v1/tokens/aB3dE5fG7h?x=1')).toBe(`/api/v1/tokens/${REDACTED}?x=1`);
    expect(redactUrl('/API/V1/TOKENS/secret/more')).toBe(`/API/V1/TOKENS/${REDACTED}/more`);
    expect(redactUrl('/api/v1/tokens/')).toBe('/api/v1/tokens/');
  });

  it('masks share tokens and room names in their paths, whatever the version, and nothing else', () => {
    expect(redactUrl('/api/v1/shared-transcripts/Sh4reT0ken')).toBe(`/api/v1/shared-transcripts/${REDACTED}`);
    expect(redactUrl('/api/v1/shared-transcripts/Sh4reT0ken/export?format=srt')).toBe(
      `/api/v1/shared-transcripts/${REDACTED}/export?format=srt`,
    );
    expect(redactUrl('/api/v1/room-names/quiet-otter-42')).toBe(`/api/v1/room-names/${REDACTED}`);
    expect(redactUrl('/api/v1.1/room-names/quiet-otter-42')).toBe(`/api/v1.1/room-names/${REDACTED}`);
    expect(redactText('Route GET:/api/v1/room-names/blue%20cat not found')).toBe(
      `Route GET:/api/v1/room-names/${REDACTED} not found`,
    );
    expect(redactUrl('/api/v1/rooms/host_r1/transcripts')).toBe('/api/v1/rooms/host_r1/transcripts');
    expect(redactUrl('/api/v1/shared-transcripts/')).toBe('/api/v1/shared-transcripts/');
  });

  it('masks sensitive query parameters and keeps the others', () => {
    expect(redactUrl('/web/join?token=s3cret&readonly=1')).toBe(`/web/join?token=${REDACTED}&readonly=1`);
    expect(redactUrl('/x?a=1&credential=c.r.e&identityToken=eyJ&idToken=eyK&b=2')).toBe(
      `/x?a=1&credential=${REDACTED}&identityToken=${REDACTED}&idToken=${REDACTED}&b=2`,
    );
    expect(redactUrl('/x?access_token=t&oobCode=o&password=p&apiKey=k')).toBe(
      `/x?access_token=${REDACTED}&oobCode=${REDACTED}&password=${REDACTED}&apiKey=${REDACTED}`,
    );
    // An encoded name is still recognised.
    expect(redactUrl('/x?%74oken=s3cret')).toBe(`/x?%74oken=${REDACTED}`);
    expect(redactUrl('/api/v1/rooms/r1/transcripts?avaId=abc')).toBe(
      '/api/v1/rooms/r1/transcripts?avaId=abc',
    );
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
  });

  it('masks URLs quoted in text', () => {
    expect(redactText('Route GET:/api/v1/tokens/abc?token=def not found')).toBe(
      `Route GET:/api/v1/tokens/${REDACTED}?token=${REDACTED} not found`,
    );
    expect(redactText('see "http://h/web?token=zz" and more')).toBe(
      `see "http://h/web?token=${REDACTED}" and more`,
    );
  });

  it('knows secret names', () => {
    for (const name of [
      'token',
      'Token',
      'identityToken',
      'credential',
      'guestCredential',
      'password',
      'secret',
      'code',
    ])
      expect(isSensitiveName(name), name).toBe(true);
    for (const name of ['avaId', 'roomId', 'readonly', 'lang', 'endpoint', 'redirect'])
      expect(isSensitiveName(name), name).toBe(false);
  });
});

describe('serializers', () => {
  it('log a request without headers and with its URL redacted', () => {
    const logged = serializeRequest({
      method: 'GET',
      url: '/api/v1/tokens/s3cret?token=t0ken',
      host: 'localhost:8080',
      ip: '127.0.0.1',
      socket: { remotePort: 5555 },
      headers: { authorization: 'Basic Zmlz' },
    } as Parameters<typeof serializeRequest>[0]);
    expect(logged).toEqual({
      method: 'GET',
      url: `/api/v1/tokens/${REDACTED}?token=${REDACTED}`,
      host: 'localhost:8080',
      remoteAddress: '127.0.0.1',
      remotePort: 5555,
    });
    expect(JSON.stringify(logged)).not.toMatch(/s3cret|t0ken|Zmlz/);
  });

  it('log an error with quoted URLs redacted', () => {
    const error = Object.assign(new Error('cannot GET /api/v1/tokens/s3cret?token=t0ken'), {
      statusCode: 404,
    });
    const logged = serializeError(error);
    expect(logged.message).toBe(`cannot GET /api/v1/tokens/${REDACTED}?token=${REDACTED}`);
    expect(logged.statusCode).toBe(404);
    expect(JSON.stringify(logged)).not.toMatch(/s3cret|t0ken/);
  });
});

describe('the Fastify logger', () => {
  it.each([
    ['as JSON', (sink: { write(t: string): void }) => sink],
    // The terminal's lines are made from the same records, after redaction, with the routine ones shown.
    [
      'as terminal lines',
      (sink: { write(t: string): void }) => prettyLogStream(sink, { showRoutine: true, colour: false }),
    ],
  ])(
    'writes no token, credential or Authorization header into request logs, %s',
    async (_format, streamOf) => {
      const lines: string[] = [];
      const app = Fastify({
        logger: serverLoggerOptions('info', streamOf({ write: (line: string) => void lines.push(line) })),
      });
      app.get('/api/v1/tokens/:token', async (request) => {
        request.log.info({ token: request.params, body: { credential: 'cred-SECRET' } }, 'looked up');
        request.log.info({ headers: request.headers }, 'headers seen');
        return { ok: true };
      });
      app.get('/api/v1/shared-transcripts/:token', async () => ({ ok: true }));
      app.get('/api/v1/room-names/:name', async () => ({ ok: true }));
      app.post('/api/v1/things', async (request) => {
        request.log.info({ body: request.body }, 'posted');
        throw new Error(`failed for ${request.url}`);
      });
      try {
        await app.inject({
          url: '/api/v1/tokens/ROOMTOKEN1?token=QUERYTOKEN2&lang=fr',
          headers: { authorization: 'Basic AUTHHEADER3', cookie: 'session=COOKIE4' },
        });
        await app.inject({
          method: 'POST',
          url: '/api/v1/things?identityToken=IDTOKEN5',
          payload: {
            identityToken: 'IDTOKEN6',
            credential: 'CRED7',
            nested: { token: 'NESTED8' },
            name: 'visible',
          },
        });
        // Fastify's own 404 line quotes the URL.
        await app.inject({ url: '/nowhere?credential=CRED9' });
        await app.inject({ url: '/api/v1/shared-transcripts/SHARETOKEN10' });
        await app.inject({ url: '/api/v1/room-names/ROOMNAME11' });
      } finally {
        await app.close();
      }
      const log = lines.join('');
      for (const secret of [
        'ROOMTOKEN1',
        'QUERYTOKEN2',
        'AUTHHEADER3',
        'COOKIE4',
        'IDTOKEN5',
        'IDTOKEN6',
        'CRED7',
        'NESTED8',
        'CRED9',
        'SHARETOKEN10',
        'ROOMNAME11',
        'cred-SECRET',
      ])
        expect(log, secret).not.toContain(secret);
      // What is logged is still useful: the route, the harmless parameters, the fields' presence.
      expect(log).toContain(`/api/v1/tokens/${REDACTED}?token=${REDACTED}&lang=fr`);
      expect(log).toContain(`"credential":"${REDACTED}"`);
      expect(log).toContain('"name":"visible"');
      expect(log).toMatch(/"statusCode":404/);
    },
  );
});
