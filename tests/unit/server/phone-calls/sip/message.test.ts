import { describe, expect, it } from 'vitest';
import {
  type SipRequest,
  header,
  headerParam,
  headers,
  nameAddrUri,
  parseCSeq,
  parseSip,
  parseSipUri,
  responseTo,
  serializeSip,
} from '../../../../../src/server/phone-calls/sip/message';

/** A trunk's answer as it comes over UDP: compact headers, a folded line, an SDP body. */
const OK = [
  'SIP/2.0 200 OK',
  'v: SIP/2.0/UDP 10.0.0.1:5062;branch=z9hG4bKabc;rport=5062',
  'Record-Route: <sip:proxy1.example;lr>, <sip:proxy2.example;lr>',
  'f: <sip:hearken@trunk.example>;tag=1111',
  't: <sip:+33123456789@trunk.example>',
  ' ;tag=2222',
  'i: abc@hearken',
  'CSeq: 2 INVITE',
  'm: "Bridge" <sip:bridge@10.0.0.9:5080;transport=udp>',
  'c: application/sdp',
  'l: 4',
  '',
  'v=0\r\nextra after the length',
].join('\r\n');

describe('SIP messages', () => {
  it('parses a response with compact headers, folded lines and the body cut at Content-Length', () => {
    const m = parseSip(OK)!;
    expect(m).toMatchObject({ kind: 'response', status: 200, reason: 'OK' });
    expect(header(m, 'Call-ID')).toBe('abc@hearken');
    expect(header(m, 'via')).toMatch(/branch=z9hG4bKabc/);
    expect(headerParam(header(m, 'To'), 'tag')).toBe('2222');
    expect(headerParam(header(m, 'from'), 'tag')).toBe('1111');
    expect(nameAddrUri(header(m, 'contact')!)).toBe('sip:bridge@10.0.0.9:5080;transport=udp');
    expect(headers(m, 'record-route')).toHaveLength(1);
    expect(parseCSeq(header(m, 'cseq'))).toEqual({ seq: 2, method: 'INVITE' });
    expect(m.body).toBe('v=0\r');
  });

  it('parses requests, and refuses what is not SIP', () => {
    const bye = parseSip('BYE sip:hearken@10.0.0.1:5062 SIP/2.0\r\nCall-ID: x\r\nCSeq: 7 BYE\r\n\r\n');
    expect(bye).toMatchObject({ kind: 'request', method: 'BYE', uri: 'sip:hearken@10.0.0.1:5062', body: '' });
    expect(parseSip('\r\n\r\n')).toBeUndefined();
    expect(parseSip('HTTP/1.1 200 OK\r\n\r\n')).toBeUndefined();
    expect(parseSip('SIP/2.0 200 OK\r\nno colon here\r\n\r\n')).toBeUndefined();
    expect(parseSip('SIP/2.0 200 OK\r\nContent-Length: -1\r\n\r\n')).toBeUndefined();
  });

  it('serialises with Content-Length counted in bytes, and parses back the same', () => {
    const request: SipRequest = {
      kind: 'request',
      method: 'INVITE',
      uri: 'sip:+33123456789@trunk.example:5070',
      headers: [
        { name: 'Via', value: 'SIP/2.0/UDP 10.0.0.1:5062;branch=z9hG4bK1' },
        { name: 'Content-Length', value: '999' },
        { name: 'Subject', value: 'é' },
      ],
      body: 'v=0\r\né\r\n',
    };
    const text = serializeSip(request);
    expect(text).toMatch(/^INVITE sip:\+33123456789@trunk\.example:5070 SIP\/2\.0\r\n/);
    expect(text).toContain('Content-Length: 9\r\n\r\nv=0');
    expect(text.match(/Content-Length/g)).toHaveLength(1);
    expect(parseSip(text)).toEqual({
      ...request,
      headers: [request.headers[0], request.headers[2], { name: 'Content-Length', value: '9' }],
    });
  });

  it('answers a request with its Via, From, Call-ID and CSeq, and a To tag', () => {
    const bye = parseSip(
      'BYE sip:h@x SIP/2.0\r\nVia: SIP/2.0/UDP a;branch=z9hG4bK2\r\nVia: SIP/2.0/UDP b;branch=z9hG4bK3\r\nFrom: <sip:b@x>;tag=9\r\nTo: <sip:h@x>\r\nCall-ID: c\r\nCSeq: 3 BYE\r\nMax-Forwards: 70\r\n\r\n',
    ) as SipRequest;
    const ok = responseTo(bye, 200, 'mine');
    expect(ok).toMatchObject({ status: 200, reason: 'OK', body: '' });
    expect(headers(ok, 'via')).toEqual(['SIP/2.0/UDP a;branch=z9hG4bK2', 'SIP/2.0/UDP b;branch=z9hG4bK3']);
    expect(header(ok, 'to')).toBe('<sip:h@x>;tag=mine');
    expect(header(ok, 'cseq')).toBe('3 BYE');
    expect(header(ok, 'max-forwards')).toBeUndefined();
    // A To that has its tag keeps it.
    bye.headers = bye.headers.map((h) => (h.name === 'To' ? { ...h, value: '<sip:h@x>;tag=theirs' } : h));
    expect(header(responseTo(bye, 481, 'mine'), 'to')).toBe('<sip:h@x>;tag=theirs');
  });

  it('parses sip: URIs with their default port', () => {
    expect(parseSipUri('sip:trunk.example')).toEqual({ host: 'trunk.example', port: 5060 });
    expect(parseSipUri('sip:user@127.0.0.1:5070;transport=UDP')).toEqual({
      user: 'user',
      host: '127.0.0.1',
      port: 5070,
      transport: 'udp',
    });
    expect(parseSipUri('sip:[::1]:5070')).toEqual({ host: '[::1]', port: 5070 });
    expect(parseSipUri('http://trunk')).toBeUndefined();
    expect(parseSipUri('sip:trunk:99999')).toBeUndefined();
  });
});
