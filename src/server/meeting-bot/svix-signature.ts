/**
 * Webhook signatures as Recall.ai sends them (through Svix): headers `webhook-id`,
 * `webhook-timestamp` (seconds) and `webhook-signature` ("v1,<base64>" entries separated by
 * spaces), the signature being HMAC-SHA256 of `id.timestamp.body` under the secret's bytes (the
 * secret is "whsec_" + base64). Older workspaces send the same headers prefixed `svix-`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Svix's tolerance: a message older or newer than this is a replay or a wrong clock. */
export const SIGNATURE_TOLERANCE_S = 5 * 60;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

function signature(secret: string, id: string, timestamp: string, body: string): string {
  return createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/** A new secret in Svix's format (the stand-in makes one when none is configured). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function signWebhook(secret: string, id: string, nowMs: number, body: string): SignedHeaders {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature(secret, id, timestamp, body)}`,
  };
}

export type Verification = { ok: true } | { ok: false; reason: string };

/** Checks a webhook's headers (lower-cased names, as Node gives them) against its raw body. */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowMs: number,
): Verification {
  const header = (name: string) => {
    const value = headers[`webhook-${name}`] ?? headers[`svix-${name}`];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header('id');
  const timestamp = header('timestamp');
  const signatures = header('signature');
  if (!id || !timestamp || !signatures) return { ok: false, reason: 'missing signature headers' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'bad timestamp' };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_S)
    return { ok: false, reason: 'timestamp outside the tolerance' };
  const expected = Buffer.from(signature(secret, id, timestamp, body));
  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const given = Buffer.from(value);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true };
  }
  return { ok: false, reason: 'no signature matches' };
}
