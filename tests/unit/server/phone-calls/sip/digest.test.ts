import { describe, expect, it } from 'vitest';
import { digestAuthorization, parseDigestChallenge } from '../../../../../src/server/phone-calls/sip/digest';

describe('SIP digest authentication', () => {
  it('answers RFC 2617’s own example (qop=auth)', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    )!;
    expect(challenge).toEqual({
      realm: 'testrealm@host.com',
      nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
      algorithm: 'MD5',
      opaque: '5ccc069c403ebaf9f0171e9517f40e41',
      qop: 'auth',
      stale: false,
    });
    const value = digestAuthorization(
      challenge,
      { username: 'Mufasa', password: 'Circle Of Life' },
      { method: 'GET', uri: '/dir/index.html' },
      '0a4f113b',
    );
    expect(value).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(value).toContain('nc=00000001');
    expect(value).toContain('cnonce="0a4f113b"');
    expect(value).toContain('opaque="5ccc069c403ebaf9f0171e9517f40e41"');
    expect(value).toMatch(/^Digest username="Mufasa", realm="testrealm@host.com"/);
  });

  it('answers a challenge without qop the RFC 2069 way', () => {
    const challenge = parseDigestChallenge('Digest realm="asterisk",nonce="1a2b",algorithm=MD5')!;
    expect(challenge.qop).toBeUndefined();
    const value = digestAuthorization(
      challenge,
      { username: 'hearken', password: 'secret' },
      { method: 'INVITE', uri: 'sip:+33123456789@trunk' },
      'unused',
    );
    // MD5(MD5("hearken:asterisk:secret"):1a2b:MD5("INVITE:sip:+33123456789@trunk")), by Python's hashlib
    expect(value).toContain('response="fdec35013dc09b1c4a345b8cb18ac90f"');
    expect(value).not.toContain('cnonce');
  });

  it('refuses what it cannot answer', () => {
    expect(parseDigestChallenge(undefined)).toBeUndefined();
    expect(parseDigestChallenge('Basic realm="x"')).toBeUndefined();
    expect(parseDigestChallenge('Digest realm="x", nonce="n", algorithm=SHA-256')).toBeUndefined();
    expect(parseDigestChallenge('Digest realm="x", nonce="n", qop="auth-int"')).toBeUndefined();
    expect(parseDigestChallenge('Digest realm="x"')).toBeUndefined();
    expect(parseDigestChallenge('Digest realm="x", nonce="n", stale=TRUE')?.stale).toBe(true);
  });
});
