import { describe, expect, it } from 'vitest';
import {
  CONFERENCE_PHONE_CODES,
  PHONE_CALL_END_TEXTS,
  PHONE_CALL_TEXTS,
  type PhoneCallEvent,
  type PhoneCallState,
  checkAccessCode,
  checkInternationalCode,
  checkInternationalNumber,
  checkNationalNumber,
  checkPassword,
  checkStartPhoneCallRequest,
  startPhoneCallBodySchema,
  dialSequence,
  inPhoneCall,
  nextPhoneCallState,
  pressedDigits,
} from '../../../src/shared/phone-calls';

describe('conference call phone codes', () => {
  it('are the spec’s five', () => {
    expect([...CONFERENCE_PHONE_CODES]).toEqual(['+1', '+33', '+32', '+31', '+55']);
  });

  it.each([
    ['+1', true],
    ['+33', true],
    ['+32', true],
    ['+31', true],
    ['+55', true],
    [' +33 ', true],
    ['+44', false],
    ['+3', false],
    ['33', false],
    ['', false],
    ['+330', false],
  ])('%j accepted: %s', (code, ok) => {
    const checked = checkInternationalCode(code);
    expect(checked.ok).toBe(ok);
    if (!checked.ok) expect(checked.message).toBe('Invalid international code');
  });
});

describe('national numbers', () => {
  it.each([
    ['+1', '(415) 555-0100', '4155550100'],
    ['+1', '1 415 555 0100', '4155550100'],
    ['+33', '01 23 45 67 89', '123456789'],
    ['+33', '1.23.45.67.89', '123456789'],
    ['+32', '02 123 45 67', '21234567'],
    ['+31', '020-123 4567', '201234567'],
    ['+55', '(11) 91234-5678', '11912345678'],
  ] as const)('%s %j is %s', (code, typed, digits) => {
    expect(checkNationalNumber(code, typed)).toEqual({ ok: true, value: digits });
  });

  it.each([
    ['+1', '415 555 010'],
    ['+1', '415 555 01000'],
    ['+33', '12345'],
    ['+33', '01 23 45 67 8x'],
    ['+55', '1234567890123456'],
    ['+31', ''],
  ] as const)('%s %j is refused', (code, typed) => {
    expect(checkNationalNumber(code, typed)).toMatchObject({
      ok: false,
      message: PHONE_CALL_TEXTS.invalidNumber,
    });
  });
});

describe('international numbers (the API’s calleeInternationalNumber)', () => {
  it.each([
    ['+14155550100', { code: '+1', national: '4155550100', e164: '+14155550100' }],
    ['+33123456789', { code: '+33', national: '123456789', e164: '+33123456789' }],
    ['+3221234567', { code: '+32', national: '21234567', e164: '+3221234567' }],
    ['+31201234567', { code: '+31', national: '201234567', e164: '+31201234567' }],
    ['+5511912345678', { code: '+55', national: '11912345678', e164: '+5511912345678' }],
  ])('%s', (number, value) => {
    expect(checkInternationalNumber(number)).toEqual({ ok: true, value });
  });

  it.each([
    ['+442071234567', 'Invalid international code'],
    ['+8613800138000', 'Invalid international code'],
    ['tel:+14155550100', 'Invalid international code'],
    ['14155550100', PHONE_CALL_TEXTS.invalidNumber],
    ['+1415555010', PHONE_CALL_TEXTS.invalidNumber],
    ['+330123456789', PHONE_CALL_TEXTS.invalidNumber],
    ['+33 1 23 45 67 89', PHONE_CALL_TEXTS.invalidNumber],
    ['+1234567890123456', PHONE_CALL_TEXTS.invalidNumber],
  ])('%s is refused: %s', (number, message) => {
    expect(checkInternationalNumber(number)).toMatchObject({ ok: false, message });
  });
});

describe('access codes and the optional numeric password', () => {
  it.each([
    ['123 456 7890', { ok: true, value: '1234567890' }],
    ['', { ok: false, message: PHONE_CALL_TEXTS.invalidAccessCode }],
    ['12a4', { ok: false, message: PHONE_CALL_TEXTS.invalidAccessCode }],
    ['1'.repeat(21), { ok: false, message: PHONE_CALL_TEXTS.invalidAccessCode }],
  ])('access code %j', (typed, expected) => {
    expect(checkAccessCode(typed)).toMatchObject(expected);
  });

  it.each([
    ['', { ok: true, value: '' }],
    ['  ', { ok: true, value: '' }],
    ['4321', { ok: true, value: '4321' }],
    ['pass', { ok: false, message: PHONE_CALL_TEXTS.invalidPassword }],
    ['12#', { ok: false, message: PHONE_CALL_TEXTS.invalidPassword }],
  ])('password %j', (typed, expected) => {
    expect(checkPassword(typed)).toMatchObject(expected);
  });
});

describe('the DTMF a conference is dialled with', () => {
  it.each([
    ['zoom', '85512345678', '4321', 'WW85512345678#WW#WW4321#', '85512345678##4321#'],
    ['zoom', '85512345678', '', 'WW85512345678#WW#', '85512345678##'],
    ['teams', '123456789', '', 'WW123456789#', '123456789#'],
    ['meet', '987654321', '55', 'WW987654321#WW55#', '987654321#55#'],
    ['other', '42', '', 'WW42#', '42#'],
  ] as const)('%s %s %j', (type, id, password, sequence, pressed) => {
    expect(dialSequence(type, id, password)).toBe(sequence);
    expect(pressedDigits(sequence)).toBe(pressed);
  });
});

describe('the API’s request body', () => {
  const good = {
    roomId: 'host_abc',
    calleeInternationalNumber: '+33123456789',
    sendDigits: 'WW123#',
    speechLang: 'fr-FR',
    conferenceType: 'teams',
  };

  it('takes a good one', () => {
    expect(checkStartPhoneCallRequest(good)).toEqual({ ok: true, value: good });
  });

  it.each([
    [{ calleeInternationalNumber: '+447700900123' }, 'Invalid international code'],
    [{ calleeInternationalNumber: 42 }, 'Invalid international code'],
    [{ sendDigits: '123;DROP' }, PHONE_CALL_TEXTS.invalidDigits],
    [{ sendDigits: '1'.repeat(65) }, PHONE_CALL_TEXTS.invalidDigits],
    [{ speechLang: 'not a language' }, PHONE_CALL_TEXTS.invalidSpeechLang],
    [{ conferenceType: 'skype' }, PHONE_CALL_TEXTS.invalidConferenceType],
    [{ roomId: '' }, PHONE_CALL_TEXTS.notFound],
  ])('refuses %j', (change, message) => {
    expect(checkStartPhoneCallRequest({ ...good, ...change })).toMatchObject({ ok: false, message });
  });

  it('refuses what is no object', () => {
    expect(checkStartPhoneCallRequest(null).ok).toBe(false);
  });

  // The schema is the document's and the client's type: it must describe every body the check
  // takes (without sendDigits too), and refuse what it refuses for a reason a schema can say.
  it('is described by the body schema', () => {
    const { sendDigits: _digits, ...noDigits } = good;
    for (const body of [good, noDigits]) {
      expect(checkStartPhoneCallRequest(body).ok).toBe(true);
      expect(startPhoneCallBodySchema.check(body).ok).toBe(true);
    }
    for (const change of [{ sendDigits: '123;DROP' }, { speechLang: 'not a language' }, { roomId: '' }])
      expect(startPhoneCallBodySchema.check({ ...good, ...change }).ok).toBe(false);
  });
});

describe('the call’s status machine', () => {
  const run = (events: PhoneCallEvent[]): PhoneCallState =>
    events.reduce(nextPhoneCallState, { status: 'dialing' } as PhoneCallState);
  const p = (status: Extract<PhoneCallEvent, { kind: 'provider' }>['status']): PhoneCallEvent => ({
    kind: 'provider',
    status,
  });

  it.each<[string, PhoneCallEvent[], PhoneCallState]>([
    ['queued and initiated change nothing', [p('queued'), p('initiated')], { status: 'dialing' }],
    ['ringing', [p('initiated'), p('ringing')], { status: 'ringing' }],
    ['answered', [p('ringing'), p('in-progress')], { status: 'connected' }],
    ['its audio arrives', [p('in-progress'), { kind: 'media-started' }], { status: 'captioning' }],
    [
      'the audio stops before the call completes',
      [p('in-progress'), { kind: 'media-started' }, { kind: 'media-stopped' }],
      { status: 'connected' },
    ],
    [
      'the conference hangs up',
      [p('in-progress'), { kind: 'media-started' }, p('completed')],
      { status: 'ended', reason: 'conference-hung-up' },
    ],
    [
      'the host hangs up, then the provider says completed',
      [p('in-progress'), { kind: 'hang-up', reason: 'hung-up-by-host' }, p('completed')],
      { status: 'ended', reason: 'hung-up-by-host' },
    ],
    [
      'the room ends',
      [p('ringing'), { kind: 'hang-up', reason: 'room-ended' }],
      { status: 'ended', reason: 'room-ended' },
    ],
    ['busy', [p('ringing'), p('busy')], { status: 'failed', reason: 'busy' }],
    ['no answer', [p('ringing'), p('no-answer')], { status: 'failed', reason: 'no-answer' }],
    ['refused by the network', [p('failed')], { status: 'failed', reason: 'failed' }],
    ['cancelled', [p('canceled')], { status: 'failed', reason: 'canceled' }],
    ['the provider’s error', [{ kind: 'error' }], { status: 'failed', reason: 'unexpected-error' }],
    ['a late ringing after the answer is ignored', [p('in-progress'), p('ringing')], { status: 'connected' }],
    [
      'a late in-progress while captioning is ignored',
      [{ kind: 'media-started' }, p('in-progress')],
      { status: 'captioning' },
    ],
    [
      'nothing leaves an ended call',
      [p('completed'), p('in-progress'), { kind: 'media-started' }],
      {
        status: 'ended',
        reason: 'conference-hung-up',
      },
    ],
    [
      'nothing leaves a failed call',
      [p('busy'), { kind: 'hang-up', reason: 'hung-up-by-host' }],
      {
        status: 'failed',
        reason: 'busy',
      },
    ],
  ])('%s', (_name, events, expected) => {
    expect(run(events)).toEqual(expected);
  });

  it('every reason has a text, the unexpected error the spec’s', () => {
    for (const text of Object.values(PHONE_CALL_END_TEXTS)) expect(text.length).toBeGreaterThan(5);
    expect(PHONE_CALL_END_TEXTS['unexpected-error']).toBe('Phone call unexpected error');
  });

  it('the room is in a phone call while one is not over', () => {
    expect(inPhoneCall(undefined)).toBe(false);
    expect(inPhoneCall([{ status: 'ended' }, { status: 'failed' }])).toBe(false);
    expect(inPhoneCall([{ status: 'ended' }, { status: 'ringing' }])).toBe(true);
    expect(inPhoneCall([{ status: 'captioning' }])).toBe(true);
  });
});
