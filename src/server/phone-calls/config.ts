/**
 * Phone call configuration (HEARKEN_TWILIO_*, HEARKEN_PHONE_*): the Twilio account that places
 * the calls. Without one, phone calls are off, unless HEARKEN_PHONE_STAND_IN=1 (or
 * HEARKEN_PHONE_STAND_IN_AUDIO, a 16 kHz WAV the stand-in's conferences sound like) asks the
 * local stand-in (stand-in.ts) to play Twilio, for development and tests.
 */
import { CONFERENCE_PHONE_CODES, isConferencePhoneCode } from '../../shared/phone-calls';
import { DEFAULT_DENIED_RANGES, type DialPolicy, isRangePattern } from '../../shared/phone-calls-ranges';
import type { PhoneCallsFor } from '../auth';
import type { Limit } from '../http';
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
  /** Who may call, how often, and which numbers (toll fraud, issue 29). */
  guard: PhoneCallGuard;
}

/**
 * What keeps the server from being made to pay for calls it should not place (issue 29): who
 * may call (HEARKEN_PHONE_CALLS_FOR), how many calls an identity and a room may place
 * (HEARKEN_PHONE_CALLS_PER_IDENTITY_PER_HOUR, HEARKEN_PHONE_CALLS_PER_ROOM_PER_HOUR), and which
 * numbers (HEARKEN_PHONE_COUNTRY_CODES, HEARKEN_PHONE_DENIED_RANGES added to the defaults,
 * HEARKEN_PHONE_ALLOWED_RANGES as their exceptions: shared/phone-calls-ranges.ts).
 */
export interface PhoneCallGuard {
  callsFor: PhoneCallsFor;
  perIdentity: Limit;
  perRoom: Limit;
  dialPolicy: DialPolicy;
}

export const PHONE_GUARD_VARIABLES = {
  callsFor: 'HEARKEN_PHONE_CALLS_FOR',
  perIdentity: 'HEARKEN_PHONE_CALLS_PER_IDENTITY_PER_HOUR',
  perRoom: 'HEARKEN_PHONE_CALLS_PER_ROOM_PER_HOUR',
  countryCodes: 'HEARKEN_PHONE_COUNTRY_CODES',
  deniedRanges: 'HEARKEN_PHONE_DENIED_RANGES',
  allowedRanges: 'HEARKEN_PHONE_ALLOWED_RANGES',
} as const;

/**
 * Calls an identity may place in an hour by default: a host who misdialled a conference's code
 * a few times in each of the rooms they run, not a dialler.
 */
export const PHONE_CALLS_PER_IDENTITY_PER_HOUR = 20;
/** Calls a room may place in an hour by default: a call, and a few tries at the right code. */
export const PHONE_CALLS_PER_ROOM_PER_HOUR = 10;

/** `count` an hour, a third of it at once (a few retries in a row, then one every few minutes). */
function perHour(count: number): Limit {
  return { ratePerSecond: count / 3600, burst: Math.max(1, Math.ceil(count / 3)) };
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a whole number above 0 (got "${raw}")`);
  return value;
}

/** A comma-separated list, each item checked. */
function list(env: NodeJS.ProcessEnv, name: string, valid: (item: string) => boolean, what: string) {
  const items = (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const wrong = items.find((item) => !valid(item));
  if (wrong !== undefined) throw new Error(`${name}: "${wrong}" is not ${what}`);
  return items;
}

export function loadPhoneCallGuard(env: NodeJS.ProcessEnv): PhoneCallGuard {
  const callsFor = env[PHONE_GUARD_VARIABLES.callsFor]?.trim() || 'entitled';
  if (callsFor !== 'entitled' && callsFor !== 'everyone')
    throw new Error(`${PHONE_GUARD_VARIABLES.callsFor} must be "entitled" or "everyone" (got "${callsFor}")`);
  const codes = list(
    env,
    PHONE_GUARD_VARIABLES.countryCodes,
    isConferencePhoneCode,
    `one of the conference codes ${CONFERENCE_PHONE_CODES.join(', ')}`,
  ).filter(isConferencePhoneCode);
  const range = 'a range: + then digits, X for any digit (+1900, +1XXX976)';
  return {
    callsFor,
    perIdentity: perHour(count(env, PHONE_GUARD_VARIABLES.perIdentity, PHONE_CALLS_PER_IDENTITY_PER_HOUR)),
    perRoom: perHour(count(env, PHONE_GUARD_VARIABLES.perRoom, PHONE_CALLS_PER_ROOM_PER_HOUR)),
    dialPolicy: {
      countryCodes: codes.length > 0 ? codes : CONFERENCE_PHONE_CODES,
      // Added to the defaults, never instead of them: a list set for one range keeps the rest.
      deniedRanges: [
        ...DEFAULT_DENIED_RANGES,
        ...list(env, PHONE_GUARD_VARIABLES.deniedRanges, isRangePattern, range),
      ],
      allowedRanges: list(env, PHONE_GUARD_VARIABLES.allowedRanges, isRangePattern, range),
    },
  };
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
    guard: loadPhoneCallGuard(env),
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
