/**
 * SIP digest authentication (RFC 3261 §22.4 on RFC 2617, MD5 with or without qop=auth): a
 * trunk answers an INVITE with 401 (WWW-Authenticate) or 407 (Proxy-Authenticate), and the
 * request is sent again with the matching Authorization or Proxy-Authorization. Pure: the
 * client nonce is passed in.
 */
import { createHash } from 'node:crypto';

export interface DigestChallenge {
  realm: string;
  nonce: string;
  algorithm: string;
  opaque?: string;
  /** `auth` when the trunk offers it (auth-int is not supported: the body would be hashed). */
  qop?: 'auth';
  stale: boolean;
}

/** The parameters of a `Digest …` challenge; undefined when it is not a digest MD5 one we can answer. */
export function parseDigestChallenge(value: string | undefined): DigestChallenge | undefined {
  if (!value || !/^\s*digest\s/i.test(value)) return undefined;
  const params = new Map<string, string>();
  const re = /([a-zA-Z-]+)\s*=\s*("((?:[^"\\]|\\.)*)"|[^,\s]+)/g;
  for (let m = re.exec(value); m; m = re.exec(value))
    params.set(m[1]!.toLowerCase(), m[3] !== undefined ? m[3].replace(/\\(.)/g, '$1') : m[2]!);
  const realm = params.get('realm');
  const nonce = params.get('nonce');
  const algorithm = params.get('algorithm') ?? 'MD5';
  if (realm === undefined || !nonce || algorithm.toUpperCase() !== 'MD5') return undefined;
  const qops = (params.get('qop') ?? '').split(',').map((q) => q.trim().toLowerCase());
  // A challenge that insists on auth-int only cannot be answered without hashing the body.
  if (params.has('qop') && !qops.includes('auth')) return undefined;
  const opaque = params.get('opaque');
  return {
    realm,
    nonce,
    algorithm: 'MD5',
    ...(opaque !== undefined ? { opaque } : {}),
    ...(qops.includes('auth') ? { qop: 'auth' as const } : {}),
    stale: params.get('stale')?.toLowerCase() === 'true',
  };
}

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

export interface DigestCredentials {
  username: string;
  password: string;
}

/** The Authorization (or Proxy-Authorization) value answering a challenge for one request. */
export function digestAuthorization(
  challenge: DigestChallenge,
  credentials: DigestCredentials,
  request: { method: string; uri: string },
  cnonce: string,
  nonceCount = 1,
): string {
  const ha1 = md5(`${credentials.username}:${challenge.realm}:${credentials.password}`);
  const ha2 = md5(`${request.method}:${request.uri}`);
  const nc = nonceCount.toString(16).padStart(8, '0');
  const response = challenge.qop
    ? md5(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${challenge.qop}:${ha2}`)
    : md5(`${ha1}:${challenge.nonce}:${ha2}`);
  const quote = (s: string) => `"${s.replace(/(["\\])/g, '\\$1')}"`;
  const parts = [
    `username=${quote(credentials.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(request.uri)}`,
    `response=${quote(response)}`,
    `algorithm=MD5`,
    ...(challenge.opaque !== undefined ? [`opaque=${quote(challenge.opaque)}`] : []),
    ...(challenge.qop ? [`qop=${challenge.qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`] : []),
  ];
  return `Digest ${parts.join(', ')}`;
}
