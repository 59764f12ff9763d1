import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor, turnCredential } from '../../../../src/server/webrtc/turn-credentials';

describe('turnCredential', () => {
  it('follows the coturn REST scheme: expiry:user, base64 HMAC-SHA1 of it with the secret', () => {
    const now = Date.UTC(2026, 11, 3, 9, 0, 0);
    const c = turnCredential('s3cret', 'guest_ab12', now, 3600);
    expect(c.expiresAtSeconds).toBe(now / 1000 + 3600);
    expect(c.username).toBe(`${now / 1000 + 3600}:guest_ab12`);
    // An independent computation (RFC 2104 HMAC-SHA1 of the username).
    expect(c.credential).toBe(createHmac('sha1', 's3cret').update(c.username).digest('base64'));
    expect(Buffer.from(c.credential, 'base64')).toHaveLength(20);
  });

  it('gives a different credential for another secret, user or time', () => {
    const base = turnCredential('a', 'u', 0, 60).credential;
    expect(turnCredential('b', 'u', 0, 60).credential).not.toBe(base);
    expect(turnCredential('a', 'v', 0, 60).credential).not.toBe(base);
    expect(turnCredential('a', 'u', 1000, 60).credential).not.toBe(base);
  });

  it('keeps a colon in the user out of the username, where it would read as part of the expiry', () => {
    expect(turnCredential('a', 'x:y', 0, 60).username).toBe('60:x_y');
  });
});

describe('iceServersFor', () => {
  it('lists the TURN servers with a fresh credential, then STUN', () => {
    const servers = iceServersFor(
      { urls: ['turn:turn.example.org:3478'], secret: 's', ttlSeconds: 600 },
      ['stun:stun.example.org:3478'],
      'u1',
      0,
    );
    expect(servers).toEqual([
      { urls: ['turn:turn.example.org:3478'], username: '600:u1', credential: expect.any(String) },
      { urls: ['stun:stun.example.org:3478'] },
    ]);
  });

  it('is empty without TURN or STUN (direct connections only)', () => {
    expect(iceServersFor(undefined, [], 'u', 0)).toEqual([]);
  });
});
