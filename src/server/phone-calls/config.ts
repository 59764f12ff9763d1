/**
 * Phone call configuration (HEARKEN_TWILIO_*, HEARKEN_PHONE_*): the Twilio account that places
 * the calls. Without one, phone calls are off, unless HEARKEN_PHONE_STAND_IN=1 (or
 * HEARKEN_PHONE_STAND_IN_AUDIO, a 16 kHz WAV the stand-in's conferences sound like) asks the
 * local stand-in (stand-in.ts) to play Twilio, for development and tests.
 */
import type { SipTrunk } from './sip-provider';
import { parseSipUri } from './sip/message';
import type { TwilioAccount } from './twilio-provider';

export interface PhoneCallConfig {
  /** Absent: the stand-in (when asked for), on loopback. */
  twilio?: TwilioAccount;
  /** HEARKEN_SIP_TRUNK (and its credentials): calls go out as SIP INVITEs to this trunk instead. */
  sip?: SipTrunk;
  standIn: boolean;
  standInAudio?: string;
  /** The DTMF the stand-in's conference expects (without waits); absent: any. */
  standInDigits?: string;
}

export function loadPhoneCallConfig(env: NodeJS.ProcessEnv): PhoneCallConfig {
  const accountSid = env.HEARKEN_TWILIO_ACCOUNT_SID?.trim();
  const authToken = env.HEARKEN_TWILIO_AUTH_TOKEN?.trim();
  const fromNumber = env.HEARKEN_TWILIO_FROM_NUMBER?.trim();
  const apiUrl = env.HEARKEN_TWILIO_API_URL?.trim() || 'https://api.twilio.com';
  // Twilio calls the server back (status callbacks, the media stream): it must be reachable,
  // and the signatures are over the URLs built from this origin. Only a stand-in of Twilio on
  // this machine (one shared by a local cluster's nodes, as its tests run it) may call back
  // over plain http.
  const localApi = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(apiUrl);
  if (accountSid && !localApi && !/^https:\/\//.test(env.HEARKEN_PUBLIC_URL?.trim() ?? ''))
    throw new Error(
      'HEARKEN_PUBLIC_URL must be the https origin Twilio reaches, with HEARKEN_TWILIO_ACCOUNT_SID',
    );
  if (accountSid && (!authToken || !fromNumber))
    throw new Error(
      'HEARKEN_TWILIO_AUTH_TOKEN and HEARKEN_TWILIO_FROM_NUMBER are required with HEARKEN_TWILIO_ACCOUNT_SID',
    );
  const sip = loadSipTrunk(env);
  if (sip && accountSid)
    throw new Error('HEARKEN_SIP_TRUNK and HEARKEN_TWILIO_ACCOUNT_SID: choose one phone call provider');
  return {
    ...(sip ? { sip } : {}),
    ...(accountSid && authToken && fromNumber
      ? {
          twilio: {
            apiUrl,
            accountSid,
            authToken,
            fromNumber,
          },
        }
      : {}),
    standIn: env.HEARKEN_PHONE_STAND_IN === '1' || Boolean(env.HEARKEN_PHONE_STAND_IN_AUDIO),
    ...(env.HEARKEN_PHONE_STAND_IN_AUDIO ? { standInAudio: env.HEARKEN_PHONE_STAND_IN_AUDIO } : {}),
    ...(env.HEARKEN_PHONE_STAND_IN_DIGITS ? { standInDigits: env.HEARKEN_PHONE_STAND_IN_DIGITS } : {}),
  };
}

/**
 * HEARKEN_SIP_TRUNK=sip:host[:port], with HEARKEN_SIP_USERNAME and HEARKEN_SIP_PASSWORD when the
 * trunk asks for digest authentication, HEARKEN_SIP_FROM (the caller id's user part) and
 * HEARKEN_SIP_LOCAL_ADDRESS (the address the trunk reaches this server at, behind a NAT).
 */
function loadSipTrunk(env: NodeJS.ProcessEnv): SipTrunk | undefined {
  const uri = env.HEARKEN_SIP_TRUNK?.trim();
  if (!uri) return undefined;
  const parsed = parseSipUri(uri);
  if (!parsed || parsed.user !== undefined || (parsed.transport && parsed.transport !== 'udp'))
    throw new Error('HEARKEN_SIP_TRUNK must be sip:host[:port] (UDP)');
  const username = env.HEARKEN_SIP_USERNAME?.trim();
  const password = env.HEARKEN_SIP_PASSWORD;
  if (Boolean(username) !== Boolean(password))
    throw new Error('HEARKEN_SIP_USERNAME and HEARKEN_SIP_PASSWORD go together');
  const fromUser = env.HEARKEN_SIP_FROM?.trim();
  if (fromUser && !/^\+?[A-Za-z0-9._-]{1,64}$/.test(fromUser))
    throw new Error('HEARKEN_SIP_FROM must be a SIP user part (digits, letters, + . _ -)');
  const localAddress = env.HEARKEN_SIP_LOCAL_ADDRESS?.trim();
  return {
    uri,
    ...(username && password ? { username, password } : {}),
    ...(fromUser ? { fromUser } : {}),
    ...(localAddress ? { localAddress } : {}),
  };
}
