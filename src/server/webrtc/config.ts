/**
 * WebRTC audio and TURN configuration, from the environment (README's configuration table):
 *
 * - HEARKEN_WEBRTC: "on" (default) or "off". Off, the server refuses the `webrtc` format and
 *   clients send PCM on the socket.
 * - HEARKEN_WEBRTC_ADDRESS: the one local IPv4 address to gather candidates on (default: every
 *   interface). HEARKEN_WEBRTC_PUBLIC_ADDRESSES: addresses to announce besides (a server behind
 *   1:1 NAT). HEARKEN_WEBRTC_PORTS: "min-max", the UDP ports to use (for a firewall).
 * - HEARKEN_TURN_URLS: the TURN servers clients may relay through (comma-separated
 *   turn:/turns: URLs); HEARKEN_TURN_SECRET: the secret shared with them (coturn's
 *   static-auth-secret); HEARKEN_TURN_TTL_SECONDS: how long a credential lasts (default 3600).
 * - HEARKEN_STUN_URLS: STUN servers clients use too (comma-separated; default none).
 */
export interface TurnConfig {
  urls: string[];
  secret: string;
  ttlSeconds: number;
}

export interface WebRtcConfig {
  enabled: boolean;
  interfaceAddress?: string;
  additionalHostAddresses: string[];
  portRange?: [number, number];
  useIpv6: boolean;
  stunUrls: string[];
  turn?: TurnConfig;
}

const DEFAULT_TTL_SECONDS = 3600;
/** A credential that outlives a working day is not short-lived any more. */
const MAX_TTL_SECONDS = 24 * 3600;

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function loadWebRtcConfig(env: NodeJS.ProcessEnv): WebRtcConfig {
  const switchValue = (env.HEARKEN_WEBRTC ?? 'on').trim().toLowerCase();
  if (switchValue !== 'on' && switchValue !== 'off') {
    throw new Error(`HEARKEN_WEBRTC must be "on" or "off", got "${env.HEARKEN_WEBRTC}"`);
  }
  let portRange: [number, number] | undefined;
  const ports = env.HEARKEN_WEBRTC_PORTS?.trim();
  if (ports) {
    const match = /^(\d{1,5})-(\d{1,5})$/.exec(ports);
    const [min, max] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
    if (!match || min < 1024 || max > 65535 || min > max) {
      throw new Error(`HEARKEN_WEBRTC_PORTS must be "min-max" within 1024-65535, got "${ports}"`);
    }
    portRange = [min, max];
  }
  const interfaceAddress = env.HEARKEN_WEBRTC_ADDRESS?.trim();
  const turnUrls = list(env.HEARKEN_TURN_URLS);
  const secret = env.HEARKEN_TURN_SECRET?.trim();
  if (turnUrls.some((url) => !/^turns?:/.test(url))) {
    throw new Error('HEARKEN_TURN_URLS must be turn: or turns: URLs, comma-separated');
  }
  if (turnUrls.length > 0 && !secret) {
    throw new Error('HEARKEN_TURN_URLS needs HEARKEN_TURN_SECRET (the TURN server’s static-auth-secret)');
  }
  const ttlRaw = env.HEARKEN_TURN_TTL_SECONDS?.trim();
  const ttlSeconds = ttlRaw ? Number(ttlRaw) : DEFAULT_TTL_SECONDS;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 60 || ttlSeconds > MAX_TTL_SECONDS) {
    throw new Error(`HEARKEN_TURN_TTL_SECONDS must be a whole number from 60 to ${MAX_TTL_SECONDS}`);
  }
  const stunUrls = list(env.HEARKEN_STUN_URLS);
  if (stunUrls.some((url) => !/^stun:/.test(url))) {
    throw new Error('HEARKEN_STUN_URLS must be stun: URLs, comma-separated');
  }
  return {
    enabled: switchValue === 'on',
    ...(interfaceAddress ? { interfaceAddress } : {}),
    additionalHostAddresses: list(env.HEARKEN_WEBRTC_PUBLIC_ADDRESSES),
    ...(portRange ? { portRange } : {}),
    // A server bound to one IPv4 address has no IPv6 candidates to offer.
    useIpv6: !interfaceAddress,
    stunUrls,
    ...(turnUrls.length > 0 && secret ? { turn: { urls: turnUrls, secret, ttlSeconds } } : {}),
  };
}
