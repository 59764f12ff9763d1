import { createSocket, type Socket } from 'node:dgram';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderCallStatus } from '../../../../../src/shared/phone-calls';
import { SipCall, refusalStatus } from '../../../../../src/server/phone-calls/sip/call';
import { digestAuthorization, parseDigestChallenge } from '../../../../../src/server/phone-calls/sip/digest';
import {
  type SipRequest,
  header,
  headerParam,
  headers,
  parseCSeq,
  parseSip,
} from '../../../../../src/server/phone-calls/sip/message';
import { buildRtp, parseRtp } from '../../../../../src/server/phone-calls/sip/rtp';
import { DtmfReceiver } from '../../../../../src/server/phone-calls/sip/telephone-event';

const CREDENTIALS = { username: 'hearken', password: 'secret' };
const REQUEST_URI = 'sip:+33123456789@127.0.0.1:5070';

/** A SipCall talking to the test as its trunk: what it sends is kept, what the test says is fed in. */
function harness(sendDigits = '', credentials = true) {
  const sent: SipRequest[] = [];
  const statuses: ProviderCallStatus[] = [];
  const media = { started: 0, stopped: 0, frames: [] as Uint8Array[] };
  const call = new SipCall({
    requestUri: REQUEST_URI,
    localAddress: '127.0.0.1',
    localPort: 5062,
    fromUser: 'hearken',
    trunkHost: '127.0.0.1',
    trunkAddress: '127.0.0.1',
    ...(credentials ? { credentials: CREDENTIALS } : {}),
    sendDigits,
    ringTimeoutS: 30,
    send: (text) => sent.push(parseSip(text) as SipRequest),
    events: {
      status: (s) => statuses.push(s),
      mediaStarted: () => media.started++,
      frame: (payload) => media.frames.push(payload),
      mediaStopped: () => media.stopped++,
    },
    log: () => undefined,
  });
  calls.push(call);
  /** The trunk's response to the last request of `method`. */
  const respond = (method: string, status: number, extra: string[] = [], body = '') => {
    const request = sent.filter((r) => r.method === method).at(-1)!;
    const lines = [
      `SIP/2.0 ${status} X`,
      ...headers(request, 'via').map((v) => `Via: ${v}`),
      `From: ${header(request, 'from')}`,
      `To: ${header(request, 'to')}${status > 100 && !headerParam(header(request, 'to'), 'tag') ? ';tag=trunk1' : ''}`,
      `Call-ID: ${header(request, 'call-id')}`,
      `CSeq: ${header(request, 'cseq')}`,
      ...extra,
    ];
    call.received(parseSip(`${lines.join('\r\n')}\r\nContent-Length: ${body.length}\r\n\r\n${body}`)!);
  };
  return { call, sent, statuses, media, respond };
}

const calls: SipCall[] = [];
const sockets: Socket[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const c of calls.splice(0)) c.dispose();
  for (const s of sockets.splice(0)) s.close();
});

async function peerMedia(): Promise<{ socket: Socket; port: number; packets: Buffer[] }> {
  const socket = createSocket('udp4');
  sockets.push(socket);
  const packets: Buffer[] = [];
  socket.on('message', (m) => packets.push(m));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { socket, port: socket.address().port, packets };
}

const answerSdp = (port: number) =>
  `v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio ${port} RTP/AVP 0 101\r\na=rtpmap:101 telephone-event/8000\r\n`;

describe('an outbound SIP call', () => {
  it('INVITEs with the offer, authenticates, is answered, presses the codes, takes audio and says BYE', async () => {
    const { call, sent, statuses, media, respond } = harness('1W2#');
    await call.start();
    const invite = sent[0]!;
    expect(invite.method).toBe('INVITE');
    expect(invite.uri).toBe(REQUEST_URI);
    expect(header(invite, 'content-type')).toBe('application/sdp');
    expect(invite.body).toMatch(/m=audio \d+ RTP\/AVP 0 8 101/);
    const ourRtpPort = Number(/m=audio (\d+)/.exec(invite.body)![1]);
    expect(headerParam(header(invite, 'via'), 'branch')).toMatch(/^z9hG4bK/);

    respond('INVITE', 100);
    respond('INVITE', 180);
    expect(statuses).toEqual(['ringing']);
    respond('INVITE', 401, ['WWW-Authenticate: Digest realm="trunk", nonce="abc", qop="auth"']);
    // The refusal is ACKed on its own transaction, then the INVITE goes again with its answer.
    const [ack1, invite2] = sent.slice(1);
    expect(ack1).toMatchObject({ method: 'ACK', uri: REQUEST_URI });
    expect(header(ack1!, 'via')).toBe(header(invite, 'via'));
    expect(header(ack1!, 'cseq')).toBe('1 ACK');
    expect(headerParam(header(ack1!, 'to'), 'tag')).toBe('trunk1');
    expect(invite2!.method).toBe('INVITE');
    expect(header(invite2!, 'cseq')).toBe('2 INVITE');
    expect(header(invite2!, 'call-id')).toBe(header(invite, 'call-id'));
    expect(header(invite2!, 'via')).not.toBe(header(invite, 'via'));
    const authorization = header(invite2!, 'authorization')!;
    const cnonce = /cnonce="([^"]+)"/.exec(authorization)![1]!;
    expect(authorization).toBe(
      digestAuthorization(
        parseDigestChallenge('Digest realm="trunk", nonce="abc", qop="auth"')!,
        CREDENTIALS,
        { method: 'INVITE', uri: REQUEST_URI },
        cnonce,
      ),
    );

    const peer = await peerMedia();
    respond(
      'INVITE',
      200,
      [
        'Contact: <sip:bridge@127.0.0.1:5071>',
        'Record-Route: <sip:p1.example;lr>, <sip:p2.example;lr>',
        'Content-Type: application/sdp',
      ],
      answerSdp(peer.port),
    );
    expect(statuses).toEqual(['ringing', 'in-progress']);
    expect(media.started).toBe(1);
    const ack2 = sent.at(-1)!;
    expect(ack2).toMatchObject({ method: 'ACK', uri: 'sip:bridge@127.0.0.1:5071' });
    expect(header(ack2, 'cseq')).toBe('2 ACK');
    expect(headers(ack2, 'route')).toEqual(['<sip:p2.example;lr>', '<sip:p1.example;lr>']);

    // The codes arrive as telephone-events among the line's silence.
    const receiver = new DtmfReceiver();
    await vi.waitFor(
      () => {
        for (const bytes of peer.packets.splice(0)) {
          const p = parseRtp(bytes)!;
          if (p.payloadType === 101) receiver.packet(p.timestamp, p.payload);
          else expect(p.payloadType).toBe(0);
        }
        expect(receiver.digits.join('')).toBe('12#');
      },
      { timeout: 10_000, interval: 50 },
    );

    // Audio from the answer's address is handed on; another payload type is not.
    const frame = new Uint8Array(160).fill(0x55);
    const send = (pt: number, seq: number) =>
      peer.socket.send(
        buildRtp({
          payloadType: pt,
          marker: false,
          sequence: seq,
          timestamp: seq * 160,
          ssrc: 9,
          payload: frame,
        }),
        ourRtpPort,
        '127.0.0.1',
      );
    send(18, 1);
    send(0, 2);
    await vi.waitFor(() => expect(media.frames).toHaveLength(1), { timeout: 5000 });
    expect([...media.frames[0]!]).toEqual([...frame]);

    call.hangUp();
    const bye = sent.at(-1)!;
    expect(bye).toMatchObject({ method: 'BYE', uri: 'sip:bridge@127.0.0.1:5071' });
    expect(parseCSeq(header(bye, 'cseq'))).toEqual({ seq: 3, method: 'BYE' });
    expect(headerParam(header(bye, 'to'), 'tag')).toBe('trunk1');
    respond('BYE', 200);
    expect(media.stopped).toBe(1);
    expect(statuses.at(-1)).toBe('completed');
  });

  it('a busy number is ACKed and reported busy', async () => {
    const { call, sent, statuses, respond } = harness();
    await call.start();
    respond('INVITE', 486);
    expect(sent.at(-1)).toMatchObject({ method: 'ACK' });
    expect(statuses).toEqual(['busy']);
  });

  it('a challenge without credentials, or a second one, fails the call', async () => {
    const without = harness('', false);
    await without.call.start();
    without.respond('INVITE', 407, ['Proxy-Authenticate: Digest realm="r", nonce="n"']);
    expect(without.statuses).toEqual(['failed']);

    const twice = harness();
    await twice.call.start();
    twice.respond('INVITE', 407, ['Proxy-Authenticate: Digest realm="r", nonce="n"']);
    expect(header(twice.sent.at(-1)!, 'proxy-authorization')).toMatch(/^Digest /);
    twice.respond('INVITE', 407, ['Proxy-Authenticate: Digest realm="r", nonce="n2"']);
    expect(twice.statuses).toEqual(['failed']);
  });

  it('hanging up before the answer CANCELs the INVITE’s transaction', async () => {
    const { call, sent, statuses, respond } = harness();
    await call.start();
    respond('INVITE', 180);
    call.hangUp();
    const cancel = sent.at(-1)!;
    expect(cancel.method).toBe('CANCEL');
    expect(header(cancel, 'via')).toBe(header(sent[0]!, 'via'));
    expect(header(cancel, 'cseq')).toBe('1 CANCEL');
    respond('INVITE', 487);
    expect(sent.at(-1)).toMatchObject({ method: 'ACK' });
    expect(statuses).toEqual(['ringing', 'canceled']);
  });

  it('an answer that crosses the CANCEL is ACKed and ended with a BYE', async () => {
    const { call, sent, statuses, respond } = harness();
    await call.start();
    respond('INVITE', 180);
    call.hangUp();
    respond('INVITE', 200, ['Contact: <sip:b@127.0.0.1:5071>'], answerSdp(9));
    expect(sent.slice(-2).map((r) => r.method)).toEqual(['ACK', 'BYE']);
    respond('BYE', 200);
    expect(statuses.at(-1)).toBe('completed');
  });

  it('the trunk’s BYE is answered 200 and ends the call', async () => {
    const { call, sent, statuses, media, respond } = harness();
    await call.start();
    respond('INVITE', 200, ['Contact: <sip:b@127.0.0.1:5071>'], answerSdp(9));
    const bye = `BYE sip:hearken@127.0.0.1:5062 SIP/2.0\r\nVia: SIP/2.0/UDP 127.0.0.1:5070;branch=z9hG4bKt\r\nFrom: <sip:+33123456789@127.0.0.1>;tag=trunk1\r\nTo: ${header(sent[0]!, 'from')}\r\nCall-ID: ${call.callId}\r\nCSeq: 9 BYE\r\n\r\n`;
    call.received(parseSip(bye)!);
    const ok = sent.at(-1) as unknown as { status: number };
    expect(ok).toMatchObject({ kind: 'response', status: 200 });
    expect(statuses).toEqual(['in-progress', 'completed']);
    expect(media.stopped).toBe(1);
  });

  it('answers a re-INVITE with the same session, OPTIONS with 200, and what it does not do with 501', async () => {
    const { call, sent, respond } = harness();
    await call.start();
    respond('INVITE', 200, ['Contact: <sip:b@127.0.0.1:5071>'], answerSdp(9));
    const request = (method: string, cseq: number) =>
      parseSip(
        `${method} sip:hearken@127.0.0.1:5062 SIP/2.0\r\nVia: SIP/2.0/UDP 127.0.0.1:5070;branch=z9hG4bK${cseq}\r\nFrom: <sip:+33123456789@127.0.0.1>;tag=trunk1\r\nTo: ${header(sent[0]!, 'from')}\r\nCall-ID: ${call.callId}\r\nCSeq: ${cseq} ${method}\r\n\r\n`,
      )!;
    const status = () => (sent.at(-1) as unknown as { status: number }).status;
    call.received(request('INVITE', 20));
    expect(status()).toBe(200);
    expect(sent.at(-1)!.body).toBe(sent[0]!.body);
    call.received(request('OPTIONS', 21));
    expect(status()).toBe(200);
    call.received(request('SUBSCRIBE', 22));
    expect(status()).toBe(501);
  });

  it('retransmits the INVITE at T1, 2·T1… until a response, and gives up on Timer B', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const quiet = harness();
    await quiet.call.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(quiet.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(quiet.sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(32_000);
    expect(quiet.statuses).toEqual(['failed']);

    const trying = harness();
    await trying.call.start();
    trying.respond('INVITE', 100);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(trying.sent).toHaveLength(1);
    // A challenged INVITE's retransmissions stop: only the new one goes again.
    const challenged = harness();
    await challenged.call.start();
    challenged.respond('INVITE', 401, ['WWW-Authenticate: Digest realm="r", nonce="n"']);
    expect(challenged.sent.map((r) => r.method)).toEqual(['INVITE', 'ACK', 'INVITE']);
    await vi.advanceTimersByTimeAsync(500);
    expect(challenged.sent.map((r) => header(r, 'cseq'))).toEqual([
      '1 INVITE',
      '1 ACK',
      '2 INVITE',
      '2 INVITE',
    ]);

    // Ringing for the ring timeout: cancelled as unanswered.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(trying.sent.at(-1)!.method).toBe('CANCEL');
    trying.respond('INVITE', 487);
    expect(trying.statuses).toEqual(['no-answer']);
  });

  it('maps refusals to Twilio’s words', () => {
    expect(refusalStatus(486)).toBe('busy');
    expect(refusalStatus(600)).toBe('busy');
    expect(refusalStatus(480)).toBe('no-answer');
    expect(refusalStatus(404)).toBe('failed');
    expect(refusalStatus(503)).toBe('failed');
  });
});
