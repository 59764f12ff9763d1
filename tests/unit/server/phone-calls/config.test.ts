import { describe, expect, it } from 'vitest';
import { loadPhoneCallConfig } from '../../../../src/server/phone-calls/config';

const account = {
  HEARKEN_TWILIO_ACCOUNT_SID: 'AC0123',
  HEARKEN_TWILIO_AUTH_TOKEN: 'secret',
  HEARKEN_TWILIO_FROM_NUMBER: '+15005550006',
  HEARKEN_PUBLIC_URL: 'https://captions.example.org',
};

describe('phone call configuration', () => {
  it('is off without an account or a stand-in asked for', () => {
    expect(loadPhoneCallConfig({})).toEqual({ standIn: false });
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
    expect(loadPhoneCallConfig({ HEARKEN_PHONE_STAND_IN: '1' })).toEqual({ standIn: true });
    expect(
      loadPhoneCallConfig({ HEARKEN_PHONE_STAND_IN_AUDIO: '/a.wav', HEARKEN_PHONE_STAND_IN_DIGITS: '42#' }),
    ).toEqual({ standIn: true, standInAudio: '/a.wav', standInDigits: '42#' });
  });

  it('takes a SIP trunk, with digest credentials, caller id and our address behind a NAT', () => {
    expect(loadPhoneCallConfig({ HEARKEN_SIP_TRUNK: 'sip:127.0.0.1:5070' })).toEqual({
      sip: { uri: 'sip:127.0.0.1:5070' },
      standIn: false,
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
