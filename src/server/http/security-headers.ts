/**
 * Security headers on every response (the web client's pages and files, the API, errors):
 * a strict Content-Security-Policy, `X-Content-Type-Options: nosniff`, `Referrer-Policy:
 * no-referrer`, and no framing anywhere (`frame-ancestors 'none'`, `X-Frame-Options: DENY`): the
 * desktop app loads its own app:// pages and embeds none of this server's in a frame or webview.
 *
 * The built client runs from its own files only: no inline script, no inline <style> (React
 * and Blueprint set styles through the DOM, which style-src does not restrict), images from
 * itself, data: (Blueprint's CSS icons) and blob:, media (voiced replies) from itself and blob:. It connects to this server (HTTP and socket)
 * and, for sign-in, to the identity provider: the Auth emulator's origin in emulator mode, or
 * Firebase's Google endpoints with a real project (their documented script, frame and connect
 * sources: the sign-in iframe, gapi, reCAPTCHA for phone codes). A backend on the product's
 * domain (the client's `endpoint` parameter, src/shared/routes.ts acceptEndpoint) is allowed too.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { emulatorBrowserOrigin } from '../config-safety';
import { PRODUCT_DOMAIN } from '../../shared/constants';

/** A Host header that may be written into a header as is: a name or address and a port. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Firebase Authentication's sources for a real project (its documented CSP needs). */
const FIREBASE_CONNECT = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
const FIREBASE_SCRIPT = [
  'https://apis.google.com',
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
];
const FIREBASE_FRAME = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

function socketOrigins(host: string): string[] {
  return [`ws://${host}`, `wss://${host}`];
}

function originOf(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The Content-Security-Policy of a response to a request that reached this server as `host`. */
export function contentSecurityPolicy(
  config: Pick<ServerConfig, 'publicUrl' | 'auth'>,
  request: { host: string | undefined; hostname: string | undefined },
): string {
  const connect = new Set<string>(["'self'"]);
  const script = new Set<string>(["'self'"]);
  const frame = new Set<string>(["'none'"]);
  // 'self' covers the page's own ws(s) in current browsers; older ones need it spelt out.
  if (request.host && PLAIN_HOST.test(request.host))
    for (const o of socketOrigins(request.host)) connect.add(o);
  const publicUrl = config.publicUrl ? originOf(config.publicUrl) : undefined;
  if (publicUrl) {
    connect.add(publicUrl.origin);
    for (const o of socketOrigins(publicUrl.host)) connect.add(o);
  }
  for (const scheme of ['https', 'wss']) {
    connect.add(`${scheme}://${PRODUCT_DOMAIN}`);
    connect.add(`${scheme}://*.${PRODUCT_DOMAIN}`);
  }
  const auth = config.auth;
  if (auth?.emulatorHost) {
    const hostname = request.hostname && PLAIN_HOST.test(request.hostname) ? request.hostname : '';
    const emulator = emulatorBrowserOrigin(auth, hostname);
    if (emulator) {
      connect.add(emulator);
      // The SDK's hidden sign-in iframe is the emulator's page.
      frame.delete("'none'");
      frame.add(emulator);
    }
  } else if (auth) {
    for (const s of FIREBASE_CONNECT) connect.add(s);
    for (const s of FIREBASE_SCRIPT) script.add(s);
    frame.delete("'none'");
    for (const s of FIREBASE_FRAME) frame.add(s);
    if (/^[A-Za-z0-9.-]+$/.test(auth.authDomain)) frame.add(`https://${auth.authDomain}`);
  }
  return [
    "default-src 'self'",
    `script-src ${[...script].join(' ')}`,
    `connect-src ${[...connect].join(' ')}`,
    "img-src 'self' data: blob:",
    // Voiced replies play from memory: a WAV the page made from the server's chunks (blob:).
    "media-src 'self' blob:",
    "style-src 'self'",
    "font-src 'self' data:",
    `frame-src ${[...frame].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every response carries. */
export function securityHeaders(
  config: Pick<ServerConfig, 'publicUrl' | 'auth'>,
  request: Pick<FastifyRequest, 'host' | 'hostname'>,
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, request),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  };
}

/** Adds the security headers to every response of `app` (an onSend hook on the root instance). */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'publicUrl' | 'auth'>,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(securityHeaders(config, request)))
      void reply.header(name, value);
    return payload;
  });
}
