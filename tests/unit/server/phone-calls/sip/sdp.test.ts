import { describe, expect, it } from 'vitest';
import { buildSdpOffer, parseSdpAnswer } from '../../../../../src/server/phone-calls/sip/sdp';

const answer = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe('the SDP of a phone call', () => {
  it('offers G.711 both laws and telephone-event, at our address and port', () => {
    const offer = buildSdpOffer({ address: '10.0.0.1', port: 40000, sessionId: '42' });
    expect(offer.split('\r\n')).toEqual([
      'v=0',
      'o=hearken 42 1 IN IP4 10.0.0.1',
      's=Hearken phone call',
      'c=IN IP4 10.0.0.1',
      't=0 0',
      'm=audio 40000 RTP/AVP 0 8 101',
      'a=rtpmap:0 PCMU/8000',
      'a=rtpmap:8 PCMA/8000',
      'a=rtpmap:101 telephone-event/8000',
      'a=fmtp:101 0-15',
      'a=ptime:20',
      'a=sendrecv',
      '',
    ]);
    expect(buildSdpOffer({ address: 'fd00::2', port: 1, sessionId: '1' })).toContain('c=IN IP6 fd00::2');
  });

  it('reads the answer’s address, port, codec and telephone-event payload type', () => {
    const parsed = parseSdpAnswer(
      answer([
        'v=0',
        'o=- 1 2 IN IP4 192.0.2.2',
        's=-',
        'c=IN IP4 192.0.2.2',
        't=0 0',
        'm=audio 20004 RTP/AVP 8 96',
        'a=rtpmap:8 PCMA/8000',
        'a=rtpmap:96 telephone-event/8000',
      ]),
    );
    expect(parsed).toEqual({
      ok: true,
      answer: {
        address: '192.0.2.2',
        port: 20004,
        codec: 'pcma',
        payloadType: 8,
        telephoneEventPayloadType: 96,
      },
    });
  });

  it('prefers the media-level connection, takes static types without rtpmap, skips other media', () => {
    const parsed = parseSdpAnswer(
      answer([
        'v=0',
        'c=IN IP4 198.51.100.1',
        'm=video 0 RTP/AVP 31',
        'c=IN IP4 203.0.113.9',
        'm=audio 30000 RTP/AVP 0',
        'c=IN IP4 198.51.100.7',
      ]),
    );
    expect(parsed).toEqual({
      ok: true,
      answer: { address: '198.51.100.7', port: 30000, codec: 'pcmu', payloadType: 0 },
    });
  });

  it('refuses answers it cannot use', () => {
    expect(parseSdpAnswer('v=0\r\nc=IN IP4 1.2.3.4\r\n')).toEqual({
      ok: false,
      reason: 'the answer has no audio stream',
    });
    expect(parseSdpAnswer(answer(['c=IN IP4 1.2.3.4', 'm=audio 0 RTP/AVP 0']))).toMatchObject({ ok: false });
    expect(parseSdpAnswer(answer(['m=audio 4000 RTP/AVP 0']))).toEqual({
      ok: false,
      reason: 'the answer has no connection address',
    });
    expect(
      parseSdpAnswer(answer(['c=IN IP4 1.2.3.4', 'm=audio 4000 RTP/AVP 9', 'a=rtpmap:9 G722/8000'])),
    ).toEqual({
      ok: false,
      reason: 'the answer has neither PCMU nor PCMA',
    });
  });
});
