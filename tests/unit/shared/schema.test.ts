import { describe, expect, it } from 'vitest';
import {
  type Issue,
  type Result,
  array,
  boolean,
  formatIssue,
  literal,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
} from '../../../src/shared/schema';

/** The issue of a failed check, or a test failure when the check passed. */
function issueOf<T>(result: Result<T>): Issue {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.issue;
}

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${formatIssue(result.issue)}`);
  return result.value;
}

describe('string', () => {
  it('refuses U+0000, which no text column can store, naming it', () => {
    const result = string({ max: 50 }).check('Weekly\u0000standup');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(formatIssue(result.issue)).toMatch(/NUL character/);
    expect(string().check('Weekly standup').ok).toBe(true);
  });

  it.each([
    ['a plain string', string(), 'abc', 'abc'],
    ['the empty string by default', string(), '', ''],
    ['exactly min characters', string({ min: 2 }), 'ab', 'ab'],
    ['exactly max characters', string({ max: 3 }), 'abc', 'abc'],
    ['a matching pattern', string({ pattern: /^[a-z]+$/ }), 'abc', 'abc'],
    ['trimmed when asked', string({ trim: true }), '  a b  ', 'a b'],
    ['untrimmed by default', string(), '  a  ', '  a  '],
  ])('accepts %s', (_, schema, input, expected) => {
    expect(valueOf(schema.check(input))).toBe(expected);
  });

  it.each([
    ['a number', string(), 42, 'expected string, got number'],
    ['null', string(), null, 'expected string, got null'],
    ['an array', string(), ['a'], 'expected string, got array'],
    ['an object', string(), { a: 1 }, 'expected string, got object'],
    ['undefined', string(), undefined, 'expected string, got undefined'],
    ['too short', string({ min: 2 }), 'a', 'must be at least 2 characters'],
    ['too long', string({ max: 3 }), 'abcd', 'must be at most 3 characters'],
    ['too short once trimmed', string({ min: 1, trim: true }), '   ', 'must be at least 1 characters'],
    ['a pattern mismatch', string({ pattern: /^[a-z]+$/ }), 'ab1', 'has an invalid format'],
  ])('refuses %s', (_, schema, input, message) => {
    expect(issueOf(schema.check(input))).toEqual({ path: '', message });
  });

  it('checks the length of the trimmed value', () => {
    expect(valueOf(string({ max: 3, trim: true }).check('  abc  '))).toBe('abc');
  });
});

describe('number', () => {
  it.each([
    ['zero', number(), 0],
    ['a negative fraction', number(), -1.5],
    ['the lower bound', number({ min: 1, max: 60 }), 1],
    ['the upper bound', number({ min: 1, max: 60 }), 60],
    ['an integer when integers are required', number({ integer: true }), 7],
  ])('accepts %s', (_, schema, input) => {
    expect(valueOf(schema.check(input))).toBe(input);
  });

  it.each([
    ['a numeric string', number(), '1', 'expected number, got string'],
    ['NaN', number(), Number.NaN, 'expected number, got number'],
    ['Infinity', number(), Number.POSITIVE_INFINITY, 'expected number, got number'],
    ['a boolean', number(), true, 'expected number, got boolean'],
    ['a fraction when integers are required', number({ integer: true }), 1.5, 'must be an integer'],
    ['below the range', number({ min: 1, max: 60 }), 0.5, 'must be between 1 and 60'],
    ['above the range', number({ min: 1, max: 60 }), 61, 'must be between 1 and 60'],
  ])('refuses %s', (_, schema, input, message) => {
    expect(issueOf(schema.check(input)).message).toBe(message);
  });
});

describe('boolean, literal and oneOf', () => {
  it('boolean accepts true and false only', () => {
    expect(valueOf(boolean().check(true))).toBe(true);
    expect(valueOf(boolean().check(false))).toBe(false);
    expect(issueOf(boolean().check('true')).message).toBe('expected boolean, got string');
    expect(issueOf(boolean().check(0)).message).toBe('expected boolean, got number');
  });

  it.each([
    [literal('ping'), 'ping', true],
    [literal('ping'), 'PING', false],
    [literal(16000), 16000, true],
    [literal(16000), '16000', false],
    [literal(16000), 8000, false],
    [literal(true), true, true],
    [literal(true), 1, false],
  ])('literal %j with %j: ok=%s', (schema, input, ok) => {
    expect(schema.check(input).ok).toBe(ok);
  });

  it('literal names the expected value in its message', () => {
    expect(issueOf(literal(16000).check(8000)).message).toBe('expected 16000');
    expect(issueOf(literal('start').check('stop')).message).toBe('expected "start"');
  });

  it('oneOf accepts listed strings and names them all when refusing', () => {
    const s = oneOf(['web', 'desktop', 'cli'] as const);
    expect(valueOf(s.check('desktop'))).toBe('desktop');
    expect(issueOf(s.check('mobile')).message).toBe('expected one of web, desktop, cli');
    expect(issueOf(s.check(1)).message).toBe('expected one of web, desktop, cli');
    // Not a prototype lookup: inherited names are not listed values.
    expect(s.check('toString').ok).toBe(false);
  });
});

describe('optional', () => {
  it('accepts undefined and is marked optional', () => {
    const s = optional(number());
    expect(s.optional).toBe(true);
    expect(number().optional).toBe(false);
    expect(valueOf(s.check(undefined))).toBeUndefined();
  });

  it('checks a present value with the inner schema (null is a value, not absence)', () => {
    const s = optional(number({ max: 10 }));
    expect(valueOf(s.check(3))).toBe(3);
    expect(issueOf(s.check(null))).toEqual({ path: '', message: 'expected number, got null' });
    expect(issueOf(s.check(11, 'x')).path).toBe('x');
  });
});

describe('array', () => {
  it('returns the checked items', () => {
    expect(valueOf(array(string({ trim: true })).check([' a', 'b ']))).toEqual(['a', 'b']);
    expect(valueOf(array(number()).check([]))).toEqual([]);
  });

  it.each([
    ['a non-array', array(number()), { length: 1 }, '', 'expected array, got object'],
    ['the first bad item, by index', array(number()), [1, 2, 'x', 'y'], '[2]', 'expected number, got string'],
    ['too many items', array(number(), { max: 2 }), [1, 2, 3], '', 'must hold at most 2 items'],
  ])('refuses %s', (_, schema, input, path, message) => {
    expect(issueOf(schema.check(input))).toEqual({ path, message });
  });

  it('accepts exactly max items', () => {
    expect(valueOf(array(number(), { max: 2 }).check([1, 2]))).toEqual([1, 2]);
  });
});

describe('record', () => {
  it('checks every value and keeps every key', () => {
    expect(valueOf(record(number()).check({ en: 1, fr: 2 }))).toEqual({ en: 1, fr: 2 });
    expect(valueOf(record(number()).check({}))).toEqual({});
  });

  it.each([
    ['null', null, 'texts', 'expected object, got null'],
    ['an array', [1], 'texts', 'expected object, got array'],
    ['a bad value, by key', { en: 'x', fr: 2 }, 'texts.en', 'expected number, got string'],
  ])('refuses %s', (_, input, path, message) => {
    expect(issueOf(record(number()).check(input, 'texts'))).toEqual({ path, message });
  });

  it('names a bad value by its key alone at the top level', () => {
    expect(issueOf(record(number()).check({ en: true })).path).toBe('en');
  });

  it('refuses more than maxKeys keys', () => {
    const s = record(number(), { maxKeys: 2 });
    expect(s.check({ a: 1, b: 2 }).ok).toBe(true);
    expect(issueOf(s.check({ a: 1, b: 2, c: 3 })).message).toBe('must hold at most 2 keys');
  });

  it('keeps a key named __proto__ as data instead of setting the prototype of the result', () => {
    const input: unknown = JSON.parse('{"__proto__": {"n": 1}, "a": {"n": 2}}');
    const out = valueOf(record(object({ n: number() })).check(input));
    expect(Object.keys(out).sort()).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ n: 1 });
  });
});

describe('object', () => {
  const shape = object({
    type: literal('audio'),
    lang: string({ min: 2 }),
    rate: optional(number()),
  });

  it('returns known fields and drops unknown ones', () => {
    expect(valueOf(shape.check({ type: 'audio', lang: 'en', rate: 3, extra: true, more: { x: 1 } }))).toEqual(
      {
        type: 'audio',
        lang: 'en',
        rate: 3,
      },
    );
  });

  it('leaves an absent optional field out of the result rather than setting it to undefined', () => {
    const out = valueOf(shape.check({ type: 'audio', lang: 'en' }));
    expect(Object.keys(out).sort()).toEqual(['lang', 'type']);
  });

  it.each([
    ['a non-object', 'audio', '', 'expected object, got string'],
    ['an array', [], '', 'expected object, got array'],
    ['null', null, '', 'expected object, got null'],
    ['a missing required field', { type: 'audio' }, 'lang', 'is required'],
    ['a bad field', { type: 'audio', lang: 'e' }, 'lang', 'must be at least 2 characters'],
    [
      'a bad optional field',
      { type: 'audio', lang: 'en', rate: 'fast' },
      'rate',
      'expected number, got string',
    ],
    ['the first bad field in shape order', { type: 'video', lang: 1 }, 'type', 'expected "audio"'],
  ])('refuses %s', (_, input, path, message) => {
    expect(issueOf(shape.check(input))).toEqual({ path, message });
  });

  it('names nested paths like a.b[2] and [1].n', () => {
    const nested = object({ a: object({ b: array(number()) }) });
    expect(issueOf(nested.check({ a: { b: [1, 2, 'x'] } }))).toEqual({
      path: 'a.b[2]',
      message: 'expected number, got string',
    });
    expect(issueOf(nested.check({ a: {} }))).toEqual({ path: 'a.b', message: 'is required' });
    expect(issueOf(array(object({ n: number() })).check([{ n: 1 }, { n: 'x' }])).path).toBe('[1].n');
    expect(issueOf(object({ list: array(object({ n: number() })) }).check({ list: [{}] })).path).toBe(
      'list[0].n',
    );
  });

  it('prefixes paths with the path it is given', () => {
    const s = object({ lang: string() });
    expect(issueOf(s.check({ lang: 1 }, 'metadata'))).toEqual({
      path: 'metadata.lang',
      message: 'expected string, got number',
    });
  });

  it('drops unknown fields inside nested objects too', () => {
    const s = object({ meta: object({ lang: string() }) });
    expect(valueOf(s.check({ meta: { lang: 'en', secret: 'x' } }))).toEqual({ meta: { lang: 'en' } });
  });
});

describe('nullable', () => {
  it('takes null or the value, and names the value’s issue', () => {
    const s = nullable(number());
    expect(valueOf(s.check(null))).toBeNull();
    expect(valueOf(s.check(3))).toBe(3);
    expect(issueOf(s.check('3', 'x'))).toEqual({ path: 'x', message: 'expected number, got string' });
    expect(issueOf(s.check(undefined))).toEqual({ path: '', message: 'expected number, got undefined' });
    expect(s.json).toEqual({ anyOf: [{ type: 'number' }, { type: 'null' }] });
  });
});

describe('formatIssue', () => {
  it.each([
    [{ path: 'roomId', message: 'expected string, got number' }, 'roomId: expected string, got number'],
    [{ path: 'a.b[2]', message: 'is required' }, 'a.b[2]: is required'],
    [{ path: '', message: 'expected object, got null' }, 'expected object, got null'],
  ])('%j -> %s', (issue, line) => {
    expect(formatIssue(issue)).toBe(line);
  });
});
