import { describe, expect, it } from 'vitest';
import { generateRoomName } from '../../../../src/server/rooms/room-names';
import { checkRoomName } from '../../../../src/shared/validation';

/** A random source that answers from a list, and records the ranges it was asked for. */
function scripted(answers: number[]) {
  const asked: number[] = [];
  const random = (max: number) => {
    asked.push(max);
    const answer = answers.shift();
    if (answer === undefined) throw new Error('no answer left');
    return answer;
  };
  return { random, asked };
}

describe('generateRoomName', () => {
  it('asks for an adjective of 64, a noun of 64 and a number below 100', () => {
    const { random, asked } = scripted([0, 0, 0]);
    generateRoomName(random);
    expect(asked).toEqual([64, 64, 100]);
  });

  it.each([
    [[0, 0, 0], 'amber-otter-00'],
    [[0, 0, 7], 'amber-otter-07'],
    [[3, 1, 42], 'calm-badger-42'],
    [[63, 63, 99], 'cheery-zebra-99'],
  ])('is deterministic with an injected random: %j -> %s', (answers, name) => {
    expect(generateRoomName(scripted(answers).random)).toBe(name);
  });

  it('makes 4096 distinct word pairs, every one a valid room name', () => {
    const names = new Set<string>();
    for (let a = 0; a < 64; a++) {
      for (let n = 0; n < 64; n++) {
        const name = generateRoomName(scripted([a, n, (a + n) % 100]).random);
        expect(name).toMatch(/^[a-z]+-[a-z]+-\d\d$/);
        expect(checkRoomName(name)).toBeUndefined();
        names.add(name.slice(0, name.lastIndexOf('-')));
      }
    }
    expect(names.size).toBe(64 * 64);
  });

  it('uses the cryptographic random by default', () => {
    const names = Array.from({ length: 50 }, () => generateRoomName());
    for (const name of names) {
      expect(name).toMatch(/^[a-z]+-[a-z]+-\d\d$/);
      expect(checkRoomName(name)).toBeUndefined();
    }
    expect(new Set(names).size).toBeGreaterThan(40);
  });
});
