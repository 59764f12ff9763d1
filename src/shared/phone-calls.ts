/**
 * Captioning a phone conference by dial-in (conversation.md: `POST /api/v1/calls`,
 * `DELETE /api/v1/calls/{sid}`, the conference call phone codes, `twilioCalls` in the room
 * status, "phone call unexpected error"). The one source of the rules both the phone call panel
 * and the server apply: which international codes are accepted, what a number and an access
 * code may be, the DTMF sequence a conference is dialled with, and the status of a call as
 * everyone in the room sees it (a pure machine driven by the telephony provider's call statuses
 * and its media stream).
 */
import { LANGUAGE_TAG_PATTERN } from './translation';
import { type Infer, object, oneOf, optional, string } from './schema';

/** The spec's conference call phone codes, and only these. */
export const CONFERENCE_PHONE_CODES = ['+1', '+33', '+32', '+31', '+55'] as const;
export type ConferencePhoneCode = (typeof CONFERENCE_PHONE_CODES)[number];

/** Which country each code is (the panel's select shows both). */
export const CONFERENCE_PHONE_CODE_COUNTRIES: Record<ConferencePhoneCode, string> = {
  '+1': 'US/CA',
  '+33': 'FR',
  '+32': 'BE',
  '+31': 'NL',
  '+55': 'BR',
};

/**
 * What kind of conference is dialled: it decides the DTMF sequence (dialSequence). "other" is
 * a conference bridge that asks for its code then `#`.
 */
export const CONFERENCE_TYPES = ['zoom', 'teams', 'meet', 'webex', 'other'] as const;
export type ConferenceType = (typeof CONFERENCE_TYPES)[number];

/** The participant in the room the call's audio is captioned as. */
export const PHONE_CALL_SPEAKER_NAME = 'Phone call';

/** E.164: at most 15 digits after the `+`. */
export const E164_MAX_DIGITS = 15;
const E164_PATTERN = /^\+\d{1,15}$/;
/** A North American number is 10 digits after +1 (area code, exchange, line). */
export const NANP_NATIONAL_DIGITS = 10;
/** The shortest national number of the other codes' countries (Brazil 10-11, France 9, BE 8-9, NL 9). */
export const NATIONAL_MIN_DIGITS = 8;
/** Meeting ids and passcodes: Zoom's are up to 11 digits, Teams' conference ids up to 15. */
export const ACCESS_CODE_MAX_DIGITS = 20;
/** What a provider is given to press: digits, `#`, `*`, and its waits (w: half a second, W: one). */
export const SEND_DIGITS_PATTERN = /^[0-9#*wW]{0,64}$/;

/** The texts of the panel's and the API's refusals (the spec's own where it gives one). */
export const PHONE_CALL_TEXTS = {
  invalidInternationalCode: 'Invalid international code',
  invalidNumber: 'Enter the conference’s phone number, digits only.',
  invalidAccessCode: 'The access code must contain only digits.',
  invalidPassword: 'The password must contain only digits.',
  invalidDigits: 'The codes to dial may contain only digits, #, * and waits (w, W).',
  invalidConferenceType: 'Choose the kind of conference.',
  invalidSpeechLang: 'Choose the language spoken on the call.',
  unexpectedError: 'Phone call unexpected error',
  alreadyInCall: 'A phone call is already being captioned in this conversation.',
  unavailable: 'Phone calls are not available on this server.',
  notFound: 'No such phone call in this conversation.',
  onlyHost: 'Only the host can make modifications.',
  // Toll fraud (issue 29): who may make the server pay for a call, and which numbers it calls.
  notEntitled: 'Phone calls need a paid plan or Premium credit. Sign in with an account that has one.',
  countryNotAllowed: 'This server does not call numbers with this international code.',
  deniedNumber:
    'This is a premium-rate or special number: Hearken does not call it. Use the conference’s ordinary dial-in number.',
  tooManyCalls: 'Too many phone calls in a short time. Wait a few minutes before calling again.',
} as const;
export type PhoneCallTextKey = keyof typeof PHONE_CALL_TEXTS;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; key: PhoneCallTextKey };

const refuse = (key: PhoneCallTextKey): { ok: false; message: string; key: PhoneCallTextKey } => ({
  ok: false,
  message: PHONE_CALL_TEXTS[key],
  key,
});

export function isConferencePhoneCode(code: string): code is ConferencePhoneCode {
  return (CONFERENCE_PHONE_CODES as readonly string[]).includes(code);
}

export function checkInternationalCode(code: string): Checked<ConferencePhoneCode> {
  const trimmed = code.trim();
  return isConferencePhoneCode(trimmed) ? { ok: true, value: trimmed } : refuse('invalidInternationalCode');
}

/** People type numbers with spaces, dots, dashes and brackets: only the digits count. */
const NUMBER_SEPARATORS = /[\s.\-()/]/g;

/**
 * A national number as typed for `code`: its digits, or why not. A leading trunk 0 (France's
 * "01 23...", Belgium's, the Netherlands') is dropped, as it is never dialled after the code.
 */
export function checkNationalNumber(code: ConferencePhoneCode, typed: string): Checked<string> {
  let digits = typed.replace(NUMBER_SEPARATORS, '');
  if (!/^\d+$/.test(digits)) return refuse('invalidNumber');
  if (code !== '+1' && digits.startsWith('0')) digits = digits.slice(1);
  if (code === '+1') {
    if (digits.length === NANP_NATIONAL_DIGITS + 1 && digits.startsWith('1')) digits = digits.slice(1);
    if (digits.length !== NANP_NATIONAL_DIGITS) return refuse('invalidNumber');
  } else if (digits.length < NATIONAL_MIN_DIGITS || code.length - 1 + digits.length > E164_MAX_DIGITS) {
    return refuse('invalidNumber');
  }
  return { ok: true, value: digits };
}

/**
 * `calleeInternationalNumber` as the API receives it (E.164, `+` then digits): its code must
 * be one of the spec's, and the rest a number for it.
 */
export function checkInternationalNumber(
  number: string,
): Checked<{ code: ConferencePhoneCode; national: string; e164: string }> {
  const trimmed = number.trim();
  if (!E164_PATTERN.test(trimmed)) {
    return /^\+?\d/.test(trimmed) ? refuse('invalidNumber') : refuse('invalidInternationalCode');
  }
  // The codes are prefix-free (+1 and +3x, +55), so at most one matches.
  const code = CONFERENCE_PHONE_CODES.find((c) => trimmed.startsWith(c));
  if (!code) return refuse('invalidInternationalCode');
  const national = checkNationalNumber(code, trimmed.slice(code.length));
  if (!national.ok) return national;
  if (national.value !== trimmed.slice(code.length)) return refuse('invalidNumber');
  return { ok: true, value: { code, national: national.value, e164: `${code}${national.value}` } };
}

/** A meeting id or conference id: digits (spaces allowed as typed), required. */
export function checkAccessCode(typed: string): Checked<string> {
  const digits = typed.replace(/\s/g, '');
  if (!/^\d+$/.test(digits) || digits.length > ACCESS_CODE_MAX_DIGITS) return refuse('invalidAccessCode');
  return { ok: true, value: digits };
}

/** The spec's optional numeric password: empty is no password. */
export function checkPassword(typed: string): Checked<string> {
  const digits = typed.replace(/\s/g, '');
  if (digits === '') return { ok: true, value: '' };
  if (!/^\d+$/.test(digits) || digits.length > ACCESS_CODE_MAX_DIGITS) return refuse('invalidPassword');
  return { ok: true, value: digits };
}

export function isConferenceType(value: string): value is ConferenceType {
  return (CONFERENCE_TYPES as readonly string[]).includes(value);
}

/**
 * The DTMF a conference of this kind is dialled with once it answers: a wait for its greeting
 * (W: one second), the meeting id and `#`, then what it asks next. Zoom asks for a participant
 * id (`#` skips it) and then the passcode; the others ask only for their id and, if any, a PIN.
 */
export function dialSequence(type: ConferenceType, meetingId: string, password: string): string {
  const greeting = 'WW';
  const pin = password ? `WW${password}#` : '';
  switch (type) {
    case 'zoom':
      return `${greeting}${meetingId}#WW#${pin}`;
    case 'teams':
    case 'meet':
    case 'webex':
    case 'other':
      return `${greeting}${meetingId}#${pin}`;
  }
}

/** The digits a sequence presses, without its waits (what the conference hears). */
export function pressedDigits(sendDigits: string): string {
  return sendDigits.replace(/[wW]/g, '');
}

/**
 * `POST /api/v1/calls` (the spec's fields): what a valid body holds, for the OpenAPI document and
 * the client's type. The server checks it with checkStartPhoneCallRequest below, whose refusals
 * are the panel's own texts ('invalid-phone-call'), not this schema's.
 */
export const startPhoneCallBodySchema = object({
  roomId: string({ min: 1, max: 128 }),
  /** E.164: `+`, one of CONFERENCE_PHONE_CODES, the national number. */
  calleeInternationalNumber: string({ pattern: E164_PATTERN }),
  /** What to press once the conference answers (dialSequence); none when left out. */
  sendDigits: optional(string({ pattern: SEND_DIGITS_PATTERN })),
  speechLang: string({ pattern: LANGUAGE_TAG_PATTERN }),
  conferenceType: oneOf(CONFERENCE_TYPES),
});
/** A body as checked: `sendDigits` '' when it was left out, the number in E.164. */
export type StartPhoneCallRequest = Required<Infer<typeof startPhoneCallBodySchema>>;

/** Checks a request body as the server receives it: the first problem, or the request. */
export function checkStartPhoneCallRequest(body: unknown): Checked<StartPhoneCallRequest> {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof b.roomId !== 'string' || b.roomId.length === 0 || b.roomId.length > 128)
    return refuse('notFound');
  if (typeof b.calleeInternationalNumber !== 'string') return refuse('invalidInternationalCode');
  const number = checkInternationalNumber(b.calleeInternationalNumber);
  if (!number.ok) return number;
  const sendDigits = b.sendDigits ?? '';
  if (typeof sendDigits !== 'string' || !SEND_DIGITS_PATTERN.test(sendDigits)) return refuse('invalidDigits');
  if (typeof b.speechLang !== 'string' || !LANGUAGE_TAG_PATTERN.test(b.speechLang))
    return refuse('invalidSpeechLang');
  if (typeof b.conferenceType !== 'string' || !isConferenceType(b.conferenceType))
    return refuse('invalidConferenceType');
  return {
    ok: true,
    value: {
      roomId: b.roomId,
      calleeInternationalNumber: number.value.e164,
      sendDigits,
      speechLang: b.speechLang,
      conferenceType: b.conferenceType,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The call's status

/**
 * What the room sees: dialling (the provider placed the call), ringing, connected (answered:
 * the codes are being dialled), captioning (its audio reaches the room), ended (hung up, by the
 * host, the conference or the room's end), failed (busy, no answer, refused by the network, or
 * the provider's error).
 */
export const PHONE_CALL_STATUSES = [
  'dialing',
  'ringing',
  'connected',
  'captioning',
  'ended',
  'failed',
] as const;
export type PhoneCallStatus = (typeof PHONE_CALL_STATUSES)[number];

/**
 * `POST /api/v1/calls` answers the call's id (the provider's call sid) and its first status;
 * `DELETE /api/v1/calls/{sid}` the same call, hung up.
 */
export const startPhoneCallResponseSchema = object({ sid: string(), status: oneOf(PHONE_CALL_STATUSES) });
export type StartPhoneCallResponse = Infer<typeof startPhoneCallResponseSchema>;

/** Twilio's call statuses (StatusCallback's CallStatus). */
export const PROVIDER_CALL_STATUSES = [
  'queued',
  'initiated',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'failed',
  'no-answer',
  'canceled',
] as const;
export type ProviderCallStatus = (typeof PROVIDER_CALL_STATUSES)[number];

export function isProviderCallStatus(value: string): value is ProviderCallStatus {
  return (PROVIDER_CALL_STATUSES as readonly string[]).includes(value);
}

/** Why a call ended or failed: a key of PHONE_CALL_END_TEXTS. */
export const PHONE_CALL_END_REASONS = [
  'hung-up-by-host',
  'room-ended',
  'conference-hung-up',
  'busy',
  'no-answer',
  'failed',
  'canceled',
  'unexpected-error',
] as const;
export type PhoneCallEndReason = (typeof PHONE_CALL_END_REASONS)[number];

export const PHONE_CALL_END_TEXTS: Record<PhoneCallEndReason, string> = {
  'hung-up-by-host': 'The host hung up.',
  'room-ended': 'The conversation ended, so the call was hung up.',
  'conference-hung-up': 'The conference hung up. Check its number and access codes.',
  busy: 'The number was busy.',
  'no-answer': 'Nobody answered the call.',
  failed: 'The call could not be placed. Check the number.',
  canceled: 'The call was cancelled before it was answered.',
  'unexpected-error': PHONE_CALL_TEXTS.unexpectedError,
};

/** Statuses a call can no longer leave. */
export function phoneCallIsOver(status: PhoneCallStatus): boolean {
  return status === 'ended' || status === 'failed';
}

export type PhoneCallEvent =
  | { kind: 'provider'; status: ProviderCallStatus }
  | { kind: 'media-started' }
  | { kind: 'media-stopped' }
  | { kind: 'hang-up'; reason: 'hung-up-by-host' | 'room-ended' }
  | { kind: 'error' };

export interface PhoneCallState {
  status: PhoneCallStatus;
  reason?: PhoneCallEndReason;
}

const ORDER: Record<PhoneCallStatus, number> = {
  dialing: 0,
  ringing: 1,
  connected: 2,
  captioning: 3,
  ended: 4,
  failed: 4,
};

/**
 * The call's next state. Provider callbacks may arrive late or out of order (Twilio does not
 * promise their order): a call never goes back (ringing after in-progress is ignored), and an
 * ended or failed call stays so. A host's hang-up keeps its reason when the provider's
 * `completed` follows.
 */
export function nextPhoneCallState(state: PhoneCallState, event: PhoneCallEvent): PhoneCallState {
  if (phoneCallIsOver(state.status)) return state;
  const forward = (status: PhoneCallStatus): PhoneCallState =>
    ORDER[status] > ORDER[state.status] ? { status } : state;
  switch (event.kind) {
    case 'hang-up':
      return { status: 'ended', reason: event.reason };
    case 'error':
      return { status: 'failed', reason: 'unexpected-error' };
    case 'media-started':
      return { status: 'captioning' };
    case 'media-stopped':
      // The audio stops a moment before the provider says the call completed.
      return state.status === 'captioning' ? { status: 'connected' } : state;
    case 'provider':
      switch (event.status) {
        case 'queued':
        case 'initiated':
          return state;
        case 'ringing':
          return forward('ringing');
        case 'in-progress':
          return forward('connected');
        case 'completed':
          // Answered, then the other side hung up (a wrong code makes a conference do this).
          return { status: 'ended', reason: 'conference-hung-up' };
        case 'busy':
        case 'no-answer':
        case 'failed':
        case 'canceled':
          return { status: 'failed', reason: event.status };
      }
  }
}

/** One call in the room status (`twilioCalls`). */
export interface TwilioCall {
  sid: string;
  status: PhoneCallStatus;
  reason?: PhoneCallEndReason;
  conferenceType: ConferenceType;
  speechLang: string;
  /** The speaker its captions are shown as (PHONE_CALL_SPEAKER_NAME). */
  avaId: string;
  startedAtMs: number;
  /** The number called: only in the host's own status (it may be a private bridge's). */
  calleeInternationalNumber?: string;
}

/** Whether the room is "in a phone call" (auto stop does not apply then). */
export function inPhoneCall(calls: readonly Pick<TwilioCall, 'status'>[] | undefined): boolean {
  return (calls ?? []).some((c) => !phoneCallIsOver(c.status));
}

/**
 * The HTTP routes: the spec's two, and where the provider calls back (its signed status
 * callbacks, and the websocket its Media Streams send a call's audio on).
 */
export const PHONE_CALL_ROUTES = {
  calls: '/api/v1/calls',
  call: '/api/v1/calls/:sid',
  statusCallback: '/api/v1/calls/status-callback',
  media: '/api/v1/calls/media',
} as const;

export const PHONE_CALL_API = {
  calls: PHONE_CALL_ROUTES.calls,
  call: (sid: string) => PHONE_CALL_ROUTES.call.replace(':sid', encodeURIComponent(sid)),
} as const;
