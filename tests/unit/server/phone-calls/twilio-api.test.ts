import { describe, expect, it } from 'vitest';
import {
  callPath,
  callsPath,
  decodeForm,
  encodeForm,
  parseMediaStreamMessage,
  parseStatusCallback,
  parseStreamTwiml,
  streamTwiml,
} from '../../../../src/server/phone-calls/twilio-api';

const CALL = `CA${'0123456789abcdef'.repeat(2)}`;

describe('the Calls resource', () => {
  it('paths', () => {
    expect(callsPath('AC1')).toBe('/2010-04-01/Accounts/AC1/Calls.json');
    expect(callPath('AC1', CALL)).toBe(`/2010-04-01/Accounts/AC1/Calls/${CALL}.json`);
  });

  it('forms repeat a name for each value and read back the same', () => {
    const body = encodeForm({
      To: '+14155550100',
      StatusCallbackEvent: ['initiated', 'answered'],
      Skip: undefined,
    });
    expect(body).toBe('To=%2B14155550100&StatusCallbackEvent=initiated&StatusCallbackEvent=answered');
    expect(decodeForm(body)).toEqual(
      new Map([
        ['To', ['+14155550100']],
        ['StatusCallbackEvent', ['initiated', 'answered']],
      ]),
    );
  });
});

describe('TwiML', () => {
  it('connects the call to the stream, with its parameters escaped, and reads back', () => {
    const twiml = streamTwiml('wss://h.example/api/v1/calls/media', { token: 'a"b<c>&d' });
    expect(twiml).toContain('<Response><Connect><Stream url="wss://h.example/api/v1/calls/media">');
    expect(twiml).toContain('<Parameter name="token" value="a&quot;b&lt;c&gt;&amp;d"/>');
    expect(parseStreamTwiml(twiml)).toEqual({
      url: 'wss://h.example/api/v1/calls/media',
      parameters: { token: 'a"b<c>&d' },
    });
  });

  it('keeps the call on for a while after its stream with a pause (cluster mode), read back too', () => {
    const twiml = streamTwiml('wss://h.example/api/v1/calls/media/r1', { token: 't' }, 60);
    expect(twiml).toContain('</Stream></Connect><Pause length="60"/></Response>');
    expect(parseStreamTwiml(twiml)).toEqual({
      url: 'wss://h.example/api/v1/calls/media/r1',
      parameters: { token: 't' },
      pauseS: 60,
    });
  });

  it('has no stream when there is none', () => {
    expect(parseStreamTwiml('<Response><Say>hi</Say></Response>')).toBeUndefined();
  });
});

describe('status callbacks', () => {
  it.each([
    [
      { CallSid: CALL, CallStatus: 'in-progress', SequenceNumber: '2' },
      { callSid: CALL, status: 'in-progress', sequenceNumber: 2 },
    ],
    [
      { CallSid: CALL, CallStatus: 'no-answer' },
      { callSid: CALL, status: 'no-answer' },
    ],
    [{ CallSid: CALL, CallStatus: 'answered-by-alien' }, undefined],
    [{ CallSid: 'CA1', CallStatus: 'completed' }, undefined],
    [{ CallStatus: 'completed' }, undefined],
  ])('%j', (form, expected) => {
    expect(parseStatusCallback(new Map(Object.entries(form).map(([k, v]) => [k, [v]])))).toEqual(expected);
  });
});

describe('Media Streams messages', () => {
  it('connected', () => {
    expect(parseMediaStreamMessage('{"event":"connected","protocol":"Call","version":"1.0.0"}')).toEqual({
      event: 'connected',
    });
  });

  it('start, with its custom parameters and media format', () => {
    const start = {
      event: 'start',
      sequenceNumber: '1',
      streamSid: 'MZ1',
      start: {
        accountSid: 'AC1',
        streamSid: 'MZ1',
        callSid: CALL,
        tracks: ['inbound'],
        customParameters: { token: 't0k', n: 3 },
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    };
    expect(parseMediaStreamMessage(JSON.stringify(start))).toEqual({
      event: 'start',
      callSid: CALL,
      streamSid: 'MZ1',
      customParameters: { token: 't0k' },
      encoding: 'audio/x-mulaw',
      sampleRate: 8000,
    });
  });

  it('media, its payload decoded from base64', () => {
    const payload = Buffer.from([0xff, 0x7f, 0x00]).toString('base64');
    const parsed = parseMediaStreamMessage(
      JSON.stringify({
        event: 'media',
        sequenceNumber: '3',
        streamSid: 'MZ1',
        media: { track: 'inbound', chunk: '1', timestamp: '5', payload },
      }),
    );
    expect(parsed).toEqual({
      event: 'media',
      streamSid: 'MZ1',
      track: 'inbound',
      payload: new Uint8Array([0xff, 0x7f, 0x00]),
    });
  });

  it('stop', () => {
    expect(
      parseMediaStreamMessage(
        '{"event":"stop","sequenceNumber":"9","streamSid":"MZ1","stop":{"accountSid":"AC1","callSid":"CA1"}}',
      ),
    ).toEqual({ event: 'stop', streamSid: 'MZ1', callSid: 'CA1' });
  });

  it.each([
    'not json',
    'null',
    '{"event":"mark","streamSid":"MZ1","mark":{"name":"x"}}',
    '{"event":"media","streamSid":"MZ1","media":{"payload":"***"}}',
    '{"event":"media","media":{"payload":"AAAA"}}',
    '{"event":"start","start":{"streamSid":"MZ1"}}',
  ])('ignores %s', (text) => {
    expect(parseMediaStreamMessage(text)).toBeUndefined();
  });
});
