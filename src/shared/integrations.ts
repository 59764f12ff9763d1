/**
 * Meeting bots and phone calls need a provider the operator configures (docs/meeting-bots.md,
 * docs/phone-calls.md). Without one, a person is told so before filling in a form that cannot
 * work, with the variables an operator sets: named here once, for the server that reads them and
 * the client that says them.
 */

/** The meeting bot provider's key and webhook secret (server meeting-bot/config.ts). */
export const MEETING_BOT_PROVIDER_VARIABLES = [
  'HEARKEN_MEETING_BOT_API_KEY',
  'HEARKEN_MEETING_BOT_WEBHOOK_SECRET',
] as const;

/** Twilio's account, its token and the number calls come from (server phone-calls/config.ts). */
export const PHONE_PROVIDER_VARIABLES = [
  'HEARKEN_TWILIO_ACCOUNT_SID',
  'HEARKEN_TWILIO_AUTH_TOKEN',
  'HEARKEN_TWILIO_FROM_NUMBER',
] as const;

/** A SIP trunk instead of Twilio (server phone-calls/config.ts). */
export const PHONE_SIP_VARIABLE = 'HEARKEN_SIP_TRUNK';
