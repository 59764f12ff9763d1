import { describe, expect, it } from 'vitest';
import { GUEST_CREDENTIAL_PATTERN } from '../../../src/shared/auth';
import { hostOfRoomId, makeAvaId, makeRoomId, randomId } from '../../../src/shared/ids';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

describe('randomId', () => {
  it.each([
    [undefined, 16],
    [0, 0],
    [1, 1],
    [12, 12],
    [64, 64],
  ])('randomId(%s) has %i characters from the alphabet', (length, expected) => {
    const id = randomId(length);
    expect(id).toHaveLength(expected);
    expect(id).toMatch(/^[A-Za-z0-9]*$/);
  });

  it('uses the whole alphabet and nothing else', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomId(100)).join(''));
    // 20,000 draws: the chance of missing one of 62 characters is about 62 * (61/62)^20000, nil.
    expect([...seen].sort().join('')).toBe([...ALPHABET].sort().join(''));
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomId()));
    expect(ids.size).toBe(1000);
  });
});

describe('makeAvaId', () => {
  it('makes 20 characters of the alphabet, new every time', () => {
    const ids = Array.from({ length: 100 }, () => makeAvaId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('fits the guest credential and the room id built on it', () => {
    const avaId = makeAvaId();
    expect(`${avaId}.${'s'.repeat(43)}`).toMatch(GUEST_CREDENTIAL_PATTERN);
    expect(hostOfRoomId(makeRoomId(avaId))).toBe(avaId);
  });
});

describe('makeRoomId and hostOfRoomId', () => {
  it.each(['host1', 'a', 'guest_ab12', 'Zm9v-bar.baz'])('round-trips the host %j', (host) => {
    const roomId = makeRoomId(host);
    expect(roomId.startsWith(`${host}_`)).toBe(true);
    expect(roomId.slice(host.length + 1)).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(hostOfRoomId(roomId)).toBe(host);
  });

  it('makes a new id every time', () => {
    expect(makeRoomId('h')).not.toBe(makeRoomId('h'));
  });

  it.each([
    ['host_abc', 'host'],
    ['a_b_c', 'a_b'],
    ['h_', 'h'],
    ['noseparator', undefined],
    ['_abc', undefined],
    ['', undefined],
  ])('hostOfRoomId(%j) -> %j', (roomId, host) => {
    expect(hostOfRoomId(roomId)).toBe(host);
  });
});
