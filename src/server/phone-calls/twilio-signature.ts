/**
 * Twilio's request signature (`X-Twilio-Signature`), on its status callbacks and on the
 * handshake of a Media Stream's websocket: base64 of HMAC-SHA1, keyed by the account's auth
 * token, of the full URL Twilio requested (scheme, host, path and query) followed, for a
 * form-encoded POST, by every parameter's name and value, sorted by name (case-sensitively,
 * values of a repeated name sorted too), with no separators. Checked in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function twilioSignature(authToken: string, url: string, params?: Map<string, string[]>): string {
  let data = url;
  if (params) {
    const names = [...params.keys()].sort();
    for (const name of names) for (const value of [...params.get(name)!].sort()) data += name + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Map<string, string[]> | undefined,
  header: string | string[] | undefined,
): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
