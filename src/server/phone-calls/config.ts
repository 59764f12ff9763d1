/**
 * Phone call configuration (HEARKEN_TWILIO_*, HEARKEN_PHONE_*): the Twilio account that places
 * the calls. Without one, phone calls are off, unless HEARKEN_PHONE_STAND_IN=1 (or
 * HEARKEN_PHONE_STAND_IN_AUDIO, a 16 kHz WAV the stand-in's conferences sound like) asks the
 * local stand-in (stand-in.ts) to play Twilio, for development and tests.
 */
import type { TwilioAccount } from './twilio-provider';

export interface PhoneCallConfig {
  /** Absent: the stand-in (when asked for), on loopback. */
  twilio?: TwilioAccount;
  standIn: boolean;
  standInAudio?: string;
  /** The DTMF the stand-in's conference expects (without waits); absent: any. */
  standInDigits?: string;
}

export function loadPhoneCallConfig(env: NodeJS.ProcessEnv): PhoneCallConfig {
  const accountSid = env.HEARKEN_TWILIO_ACCOUNT_SID?.trim();
  const authToken = env.HEARKEN_TWILIO_AUTH_TOKEN?.trim();
  const fromNumber = env.HEARKEN_TWILIO_FROM_NUMBER?.trim();
  // Twilio calls the server back (status callbacks, the media stream): it must be reachable,
  // and the signatures are over the URLs built from this origin.
  if (accountSid && !/^https:\/\//.test(env.HEARKEN_PUBLIC_URL?.trim() ?? ''))
    throw new Error(
      'HEARKEN_PUBLIC_URL must be the https origin Twilio reaches, with HEARKEN_TWILIO_ACCOUNT_SID',
    );
  if (accountSid && (!authToken || !fromNumber))
    throw new Error(
      'HEARKEN_TWILIO_AUTH_TOKEN and HEARKEN_TWILIO_FROM_NUMBER are required with HEARKEN_TWILIO_ACCOUNT_SID',
    );
  return {
    ...(accountSid && authToken && fromNumber
      ? {
          twilio: {
            apiUrl: env.HEARKEN_TWILIO_API_URL?.trim() || 'https://api.twilio.com',
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
