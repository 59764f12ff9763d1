/**
 * The security headers of every response: a strict Content-Security-Policy that still lets the
 * client reach this server, its socket and its identity provider, nosniff, no referrer, and no
 * framing by anyone.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { AuthConfig } from '../../../../src/server/config';
import { contentSecurityPolicy, registerSecurityHeaders } from '../../../../src/server/http/security-headers';

const emulator: AuthConfig = {
  projectId: 'demo-hearken',
  apiKey: 'demo-api-key',
  authDomain: 'demo-hearken.firebaseapp.com',
  emulatorHost: '127.0.0.1:9099',
};
const realProject: AuthConfig = {
  projectId: 'hearken-prod',
  apiKey: 'AIzaSyA1234567890abcdefghijklmnopqrstu',
  authDomain: 'login.hearken.example',
};

/** The policy as directive name -> sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const local = { host: 'localhost:8080', hostname: 'localhost' };

describe('Content-Security-Policy', () => {
  it('allows only the server itself for scripts, styles and everything else', () => {
    const csp = directives(contentSecurityPolicy({}, local));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    for (const sources of csp.values()) {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
  });

  it('lets the client open its socket to the server it came from, and to the public URL', () => {
    const connect = directives(
      contentSecurityPolicy({ publicUrl: 'https://captions.example.org' }, local),
    ).get('connect-src');
    expect(connect).toEqual(
      expect.arrayContaining([
        "'self'",
        'ws://localhost:8080',
        'wss://localhost:8080',
        'https://captions.example.org',
        'wss://captions.example.org',
      ]),
    );
  });

  it('never writes a Host header that could add directives', () => {
    const policy = contentSecurityPolicy({}, { host: "evil; script-src 'unsafe-inline'", hostname: 'evil;' });
    expect(policy).not.toContain('unsafe-inline');
    expect(directives(policy).get('connect-src')).not.toContain('ws://evil;');
  });

  it('reaches the Auth emulator in emulator mode (its API and its sign-in frame)', () => {
    const csp = directives(contentSecurityPolicy({ auth: emulator }, local));
    expect(csp.get('connect-src')).toContain('http://127.0.0.1:9099');
    expect(csp.get('frame-src')).toEqual(['http://127.0.0.1:9099']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    const published = directives(
      contentSecurityPolicy({ auth: { ...emulator, emulatorPublicUrl: 'http://localhost:9100/' } }, local),
    );
    expect(published.get('connect-src')).toContain('http://localhost:9100');
    expect(published.get('connect-src')).not.toContain('http://127.0.0.1:9099');
  });

  it("reaches a real Firebase project's endpoints, and nothing of Google without one", () => {
    const csp = directives(contentSecurityPolicy({ auth: realProject }, local));
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining([
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
      ]),
    );
    expect(csp.get('frame-src')).toContain('https://login.hearken.example');
    expect(csp.get('script-src')).toContain('https://apis.google.com');
    expect(contentSecurityPolicy({}, local)).not.toMatch(/google/);
    expect(contentSecurityPolicy({ auth: emulator }, local)).not.toMatch(/google/);
  });
});

describe('the onSend hook', () => {
  it('puts the headers on every response: routes, errors and unknown paths', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { auth: emulator });
    app.get('/api/v1/health', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    try {
      for (const url of ['/api/v1/health', '/boom', '/web/nowhere']) {
        const response = await app.inject({ url, headers: { host: 'localhost:8080' } });
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['referrer-policy'], url).toBe('no-referrer');
        expect(response.headers['x-frame-options'], url).toBe('DENY');
        const csp = String(response.headers['content-security-policy']);
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toContain('ws://localhost:8080');
        expect(csp, url).toContain('http://127.0.0.1:9099');
      }
    } finally {
      await app.close();
    }
  });
});
