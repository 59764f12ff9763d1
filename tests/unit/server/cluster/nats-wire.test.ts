import { describe, expect, it } from 'vitest';
import { WireParser, encodePub, validSubject } from '../../../../src/server/cluster/nats-wire';

describe('the NATS wire parser', () => {
  it('reads control lines and messages split anywhere across chunks', () => {
    const payload = Buffer.from([0, 1, 2, 13, 10, 255]);
    const wire = Buffer.concat([
      Buffer.from('INFO {"server_id":"x","max_payload":1048576}\r\nPING\r\n'),
      Buffer.from('MSG a.b 7 _INBOX.1 6\r\n'),
      payload,
      Buffer.from("\r\nMSG c 2 0\r\n\r\n+OK\r\n-ERR 'Unknown Protocol Operation'\r\nPONG\r\n"),
    ]);
    for (let cut = 1; cut < wire.length; cut++) {
      const parser = new WireParser();
      const events = [...parser.push(wire.subarray(0, cut)), ...parser.push(wire.subarray(cut))];
      expect(events).toEqual([
        { kind: 'info', info: { server_id: 'x', max_payload: 1048576 } },
        { kind: 'ping' },
        { kind: 'msg', subject: 'a.b', sid: 7, replyTo: '_INBOX.1', data: payload },
        { kind: 'msg', subject: 'c', sid: 2, data: Buffer.alloc(0) },
        { kind: 'ok' },
        { kind: 'err', message: 'Unknown Protocol Operation' },
        { kind: 'pong' },
      ]);
    }
  });

  it('frames a publish with its byte length, binary payloads included', () => {
    expect(encodePub('x.y', Buffer.from('hé'), 'r').toString('latin1')).toBe(
      `PUB x.y r 3\r\n${Buffer.from('hé').toString('latin1')}\r\n`,
    );
  });

  it('refuses subjects that would break the framing', () => {
    expect(validSubject('hearken.c.abc.in')).toBe(true);
    expect(validSubject('a b')).toBe(false);
    expect(validSubject('a..b')).toBe(false);
    expect(validSubject('')).toBe(false);
  });
});
