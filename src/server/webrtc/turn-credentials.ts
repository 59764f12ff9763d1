/**
 * Short-lived TURN credentials in the scheme of coturn's REST API (use-auth-secret), which
 * most TURN servers share: the username is "<expiry unix seconds>:<user>" and the password is
 * base64(HMAC-SHA1(shared secret, username)). The TURN server checks the HMAC with the same
 * secret and refuses the username once its expiry has passed, so nothing is stored and a
 * leaked credential stops working by itself.
 */
import { createHmac } from 'node:crypto';
import type { IceServerInit } from '../../shared/webrtc';
import type { TurnConfig } from './config';

export interface TurnCredential {
  username: string;
  credential: string;
  expiresAtSeconds: number;
}

export function turnCredential(
  secret: string,
  user: string,
  nowMs: number,
  ttlSeconds: number,
): TurnCredential {
  const expiresAtSeconds = Math.floor(nowMs / 1000) + ttlSeconds;
  // A colon in the user part would be read as part of the expiry by some servers.
  const username = `${expiresAtSeconds}:${user.replace(/:/g, '_')}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential, expiresAtSeconds };
}

/** The ICE servers a client is given: the TURN servers with a fresh credential, and any STUN. */
export function iceServersFor(
  turn: TurnConfig | undefined,
  stunUrls: readonly string[],
  user: string,
  nowMs: number,
): IceServerInit[] {
  const servers: IceServerInit[] = [];
  if (turn) {
    const { username, credential } = turnCredential(turn.secret, user, nowMs, turn.ttlSeconds);
    servers.push({ urls: [...turn.urls], username, credential });
  }
  if (stunUrls.length > 0) servers.push({ urls: [...stunUrls] });
  return servers;
}
