import { describe, expect, it } from 'vitest';
import {
  PHONE_GUARD_VARIABLES,
  loadPhoneCallConfig,
  loadPhoneCallGuard,
} from '../../../../src/server/phone-calls/config';
import { DEFAULT_DENIED_RANGES, DEFAULT_DIAL_POLICY } from '../../../../src/shared/phone-calls-ranges';

/** What every configuration holds when it says nothing of who may call (tested below). */
const guard = loadPhoneCallGuard({});

const account = {
  HEARKEN_TWILIO_ACCOUNT_SID: 'AC0123',
  HEARKEN_TWILIO_AUTH_TOKEN: 'secret',
  HEARKEN_TWILIO_FROM_NUMBER: '+15005550006',
  HEARKEN_PUBLIC_URL: 'https://captions.example.org',
};

describe('phone call configuration', () => {
  it('is off without an account or a stand-in asked for', () => {
    expect(loadPhoneCallConfig({})).toEqual({ standIn: false, guard });
  });

  it('takes a Twilio account, on Twilio’s API by default', () => {
    expect(loadPhoneCallConfig(account)).toEqual({
      twilio: {
        apiUrl: 'https://api.twilio.com',
        accountSid: 'AC0123',
        authToken: 'secret',
        fromNumber: '+15005550006',
      },
      standIn: false,
      guard,
    });
  });

  it.each([
    [{ HEARKEN_TWILIO_AUTH_TOKEN: '' }, /AUTH_TOKEN/],
    [{ HEARKEN_TWILIO_FROM_NUMBER: '' }, /FROM_NUMBER/],
    [{ HEARKEN_PUBLIC_URL: '' }, /HEARKEN_PUBLIC_URL/],
    [{ HEARKEN_PUBLIC_URL: 'http://captions.example.org' }, /https/],
  ])('refuses an account missing %j', (change, error) => {
    expect(() => loadPhoneCallConfig({ ...account, ...change })).toThrow(error);
  });

  it('lets a Twilio stand-in on this machine call back over http (a local cluster’s shared one)', () => {
    const local = { ...account, HEARKEN_PUBLIC_URL: 'http://127.0.0.1:7634' };
    expect(
      loadPhoneCallConfig({ ...local, HEARKEN_TWILIO_API_URL: 'http://127.0.0.1:40000' }).twilio?.apiUrl,
    ).toBe('http://127.0.0.1:40000');
    expect(() =>
      loadPhoneCallConfig({ ...local, HEARKEN_TWILIO_API_URL: 'http://twilio.example.org' }),
    ).toThrow(/https/);
  });

  it('asks for the stand-in, with its conference’s sound and codes', () => {
    expect(loadPhoneCallConfig({ HEARKEN_PHONE_STAND_IN: '1' })).toEqual({ standIn: true, guard });
    expect(
      loadPhoneCallConfig({ HEARKEN_PHONE_STAND_IN_AUDIO: '/a.wav', HEARKEN_PHONE_STAND_IN_DIGITS: '42#' }),
    ).toEqual({ standIn: true, standInAudio: '/a.wav', standInDigits: '42#', guard });
  });

  it('takes a SIP trunk, with digest credentials, caller id and our address behind a NAT', () => {
    expect(loadPhoneCallConfig({ HEARKEN_SIP_TRUNK: 'sip:127.0.0.1:5070' })).toEqual({
      sip: { uri: 'sip:127.0.0.1:5070' },
      standIn: false,
      guard,
    });
    expect(
      loadPhoneCallConfig({
        HEARKEN_SIP_TRUNK: 'sip:trunk.example.org',
        HEARKEN_SIP_USERNAME: 'hearken',
        HEARKEN_SIP_PASSWORD: 'secret',
        HEARKEN_SIP_FROM: '+15005550006',
        HEARKEN_SIP_LOCAL_ADDRESS: '203.0.113.4',
      }),
    ).toEqual({
      sip: {
        uri: 'sip:trunk.example.org',
        username: 'hearken',
        password: 'secret',
        fromUser: '+15005550006',
        localAddress: '203.0.113.4',
      },
      standIn: false,
      guard,
    });
  });

  it.each([
    [{ HEARKEN_SIP_TRUNK: 'trunk.example.org' }, /sip:host/],
    [{ HEARKEN_SIP_TRUNK: 'sip:user@trunk.example.org' }, /sip:host/],
    [{ HEARKEN_SIP_TRUNK: 'sip:trunk.example.org;transport=tls' }, /UDP/],
    [{ HEARKEN_SIP_TRUNK: 'sip:t', HEARKEN_SIP_USERNAME: 'u' }, /go together/],
    [{ HEARKEN_SIP_TRUNK: 'sip:t', HEARKEN_SIP_FROM: 'a b' }, /HEARKEN_SIP_FROM/],
    [{ HEARKEN_SIP_TRUNK: 'sip:t', ...account }, /choose one/],
  ])('refuses the SIP settings %j', (env, error) => {
    expect(() => loadPhoneCallConfig(env)).toThrow(error);
  });
});

describe('who may call, how often and which numbers (issue 29, toll fraud)', () => {
  it('by default: entitled people only, a few calls an hour, the spec’s codes without the denied ranges', () => {
    expect(guard).toEqual({
      callsFor: 'entitled',
      perIdentity: { ratePerSecond: 20 / 3600, burst: 7 },
      perRoom: { ratePerSecond: 10 / 3600, burst: 4 },
      dialPolicy: DEFAULT_DIAL_POLICY,
    });
  });

  it('reads each from its variable; denied ranges are added to the defaults, never instead', () => {
    expect(
      loadPhoneCallGuard({
        [PHONE_GUARD_VARIABLES.callsFor]: 'everyone',
        [PHONE_GUARD_VARIABLES.perIdentity]: '6',
        [PHONE_GUARD_VARIABLES.perRoom]: '3',
        [PHONE_GUARD_VARIABLES.countryCodes]: '+1, +33',
        [PHONE_GUARD_VARIABLES.deniedRanges]: '+3361',
        [PHONE_GUARD_VARIABLES.allowedRanges]: '+1876,+190055501',
      }),
    ).toEqual({
      callsFor: 'everyone',
      perIdentity: { ratePerSecond: 6 / 3600, burst: 2 },
      perRoom: { ratePerSecond: 3 / 3600, burst: 1 },
      dialPolicy: {
        countryCodes: ['+1', '+33'],
        deniedRanges: [...DEFAULT_DENIED_RANGES, '+3361'],
        allowedRanges: ['+1876', '+190055501'],
      },
    });
  });

  it.each([
    [{ [PHONE_GUARD_VARIABLES.callsFor]: 'guests' }, /HEARKEN_PHONE_CALLS_FOR must be/],
    [{ [PHONE_GUARD_VARIABLES.perIdentity]: '0' }, /HEARKEN_PHONE_CALLS_PER_IDENTITY_PER_HOUR/],
    [{ [PHONE_GUARD_VARIABLES.perRoom]: 'many' }, /HEARKEN_PHONE_CALLS_PER_ROOM_PER_HOUR/],
    [{ [PHONE_GUARD_VARIABLES.countryCodes]: '+1,+44' }, /HEARKEN_PHONE_COUNTRY_CODES: "\+44"/],
    [{ [PHONE_GUARD_VARIABLES.deniedRanges]: '1900' }, /HEARKEN_PHONE_DENIED_RANGES: "1900"/],
    [{ [PHONE_GUARD_VARIABLES.allowedRanges]: '+1 876' }, /HEARKEN_PHONE_ALLOWED_RANGES/],
  ])('refuses %j, naming the variable', (env, error) => {
    expect(() => loadPhoneCallGuard(env)).toThrow(error);
  });
});
