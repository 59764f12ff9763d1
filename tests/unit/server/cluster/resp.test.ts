import { describe, expect, it } from 'vitest';
import { ReplyParser, encodeCommand } from '../../../../src/server/cluster/resp';

describe('the Redis protocol', () => {
  it('sends commands as arrays of bulk strings, counting bytes not characters', () => {
    expect(encodeCommand(['SET', 'k', 'é', 3]).toString()).toBe(
      '*4\r\n$3\r\nSET\r\n$1\r\nk\r\n$2\r\né\r\n$1\r\n3\r\n',
    );
  });

  it('reads every kind of reply, split anywhere across chunks', () => {
    const wire = Buffer.from('+OK\r\n-ERR wrong\r\n:42\r\n$3\r\nabc\r\n$-1\r\n*2\r\n:1\r\n$0\r\n\r\n');
    for (let cut = 1; cut < wire.length; cut++) {
      const parser = new ReplyParser();
      const replies = [...parser.push(wire.subarray(0, cut)), ...parser.push(wire.subarray(cut))];
      expect(replies).toEqual(['OK', new Error('ERR wrong'), 42, 'abc', null, [1, '']]);
    }
  });
});
