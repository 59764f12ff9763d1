import { describe, expect, it } from 'vitest';
import { logFormatFrom, prettyLogLine, prettyLogStream } from '../../../../src/server/logs/pretty';

const at = Date.parse('2026-11-24T10:11:12Z');
const json = (record: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', ...record });
const quiet = { showRoutine: false, colour: false };
const clock = new Date(at).toTimeString().slice(0, 8);

describe('logFormatFrom', () => {
  it('is pretty in a terminal and JSON elsewhere, unless asked', () => {
    expect(logFormatFrom(undefined, true)).toBe('pretty');
    expect(logFormatFrom(undefined, false)).toBe('json');
    expect(logFormatFrom('json', true)).toBe('json');
    expect(logFormatFrom('pretty', false)).toBe('pretty');
    expect(() => logFormatFrom('yaml', true)).toThrow(/HEARKEN_LOG_FORMAT must be json or pretty/);
  });
});

describe('prettyLogLine', () => {
  it('writes a record as time, level when not info, message and its fields', () => {
    expect(prettyLogLine(json({ msg: 'speech tier basic: pocketsphinx' }), quiet)).toBe(
      `${clock} speech tier basic: pocketsphinx`,
    );
    expect(prettyLogLine(json({ level: 40, msg: 'stream behind', roomId: 'a_b', dropped: 3 }), quiet)).toBe(
      `${clock} WARN stream behind (roomId=a_b, dropped=3)`,
    );
  });

  it('leaves out each request and the listening line, unless everything is asked for', () => {
    for (const msg of [
      'incoming request',
      'request completed',
      'Server listening at http://127.0.0.1:8080',
    ]) {
      expect(prettyLogLine(json({ msg, reqId: 'req-1' }), quiet)).toBeUndefined();
      expect(prettyLogLine(json({ msg, reqId: 'req-1' }), { ...quiet, showRoutine: true })).toContain(msg);
    }
  });

  it('shows an error with its stack, coloured in a terminal', () => {
    const line = prettyLogLine(
      json({
        level: 50,
        msg: 'write failed',
        err: { message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:1)' },
      }),
      { showRoutine: false, colour: true },
    );
    expect(line).toBe(
      `${clock} \u001b[31mERROR write failed\u001b[39m\n  Error: boom\n      at x (y.ts:1:1)`,
    );
  });

  it('passes a line that is not JSON through as it is', () => {
    expect(prettyLogLine('plain text\n', quiet)).toBe('plain text');
  });
});

describe('prettyLogStream', () => {
  it('writes one line per record of a chunk, skipping routine ones', () => {
    const out: string[] = [];
    const stream = prettyLogStream({ write: (t) => out.push(t) }, quiet);
    stream.write(`${json({ msg: 'a' })}\n${json({ msg: 'incoming request' })}\n${json({ msg: 'b' })}\n`);
    expect(out).toEqual([`${clock} a\n`, `${clock} b\n`]);
  });
});
