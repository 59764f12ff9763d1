import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_MESSAGE,
  checkRoomName,
  clampFontSize,
  isValidDisplayName,
  normalizeDisplayName,
  normalizeRoomName,
  normalizeTitle,
  normalizeTypedText,
  plainLine,
  titleProblem,
} from '../../../src/shared/validation';

describe('normalizeRoomName', () => {
  it.each([
    ['calm-otter-42', 'calm-otter-42'],
    ['  Calm-Otter-42  ', 'calm-otter-42'],
    ['Calm Otter 42', 'calm-otter-42'],
    ['calm   otter\t42', 'calm-otter-42'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeRoomName(input)).toBe(expected);
  });
});

describe('checkRoomName', () => {
  it.each([
    // too short: under 3 characters once normalised
    ['', 'too-short'],
    ['ab', 'too-short'],
    ['   ab   ', 'too-short'],
    ['a!', 'too-short'],
    // long enough once spaces become dashes
    ['a b', undefined],
    ['abc', undefined],
    ['ABC', undefined],
    ['calm-otter-42', undefined],
    ['  Calm Otter 42 ', undefined],
    ['007', undefined],
    ['a'.repeat(32), undefined],
    // too long: over 32 characters, checked before the characters
    ['a'.repeat(33), 'too-long'],
    ['!'.repeat(33), 'too-long'],
    // letters, digits and single inner dashes only
    ['calm_otter', 'invalid-characters'],
    ['café-42', 'invalid-characters'],
    ['calm.otter', 'invalid-characters'],
    ['-calm', 'invalid-characters'],
    ['calm-', 'invalid-characters'],
    ['calm--otter', 'invalid-characters'],
    ['calm - otter', 'invalid-characters'],
    ['room#1', 'invalid-characters'],
  ])('%j -> %s', (input, problem) => {
    expect(checkRoomName(input)).toBe(problem);
  });
});

describe('isValidDisplayName', () => {
  it.each([
    ['', false],
    ['a', false],
    ['  a  ', false],
    ['ab', true],
    ['  ab  ', true],
    ['Ada Lovelace', true],
    ['x'.repeat(49), true],
    [`   ${'x'.repeat(49)}   `, true],
    ['x'.repeat(50), false],
    ['     ', false],
  ])('%j -> %s', (input, valid) => {
    expect(isValidDisplayName(input)).toBe(valid);
  });

  it('is explained with the limits it applies', () => {
    // The shortest and longest names the rule accepts, found by asking it.
    const accepted = Array.from({ length: 1000 }, (_, n) => n).filter((n) =>
      isValidDisplayName('x'.repeat(n)),
    );
    const [shortest, longest] = [accepted[0], accepted[accepted.length - 1]];
    expect(DISPLAY_NAME_MESSAGE).toBe(`A name must have ${shortest} to ${longest} characters.`);
  });
});

describe('plainLine (issue 29, F-10: every name and title is one line of plain text)', () => {
  it.each([
    ['Ada\n[00:05] Host: stop all medication now', 'Ada [00:05] Host: stop all medication now'],
    ['Ada\r\n\r\n2\r\n00:00:05,000 --> 00:00:09,000', 'Ada 2 00:00:05,000 --> 00:00:09,000'],
    ['Ada\u2028Host\u2029Ben\u0085Cleo\vDan\fEve\tFay', 'Ada Host Ben Cleo Dan Eve Fay'],
    ['A\u0000d\u0007a\u001b[31m\u007f\u009b', 'Ada[31m'],
    // Right-to-left override: "Ada\u202eneve" would show as "Adaeven".
    ['Ada\u202eneve\u202c \u2066x\u2069', 'Adaneve x'],
    ['  Ada   Lovelace  ', 'Ada Lovelace'],
    ['Zoë 李 Ωμέγα 👩‍💻', 'Zoë 李 Ωμέγα 👩‍💻'],
  ])('%j -> %j', (input, expected) => {
    expect(plainLine(input)).toBe(expected);
  });
});

describe('normalizeDisplayName', () => {
  it('keeps a name as one plain line, and counts its length once folded', () => {
    expect(normalizeDisplayName('Mallory\n[00:05] Host:')).toBe('Mallory [00:05] Host:');
    expect(normalizeDisplayName('A\n\n\n')).toBeUndefined();
    expect(normalizeDisplayName('\u0000\u0001x')).toBeUndefined();
    expect(isValidDisplayName('A\u0007')).toBe(false);
  });
});

describe('normalizeTitle', () => {
  it('folds a title that would start lines of an export', () => {
    expect(normalizeTitle('Ward round\n[00:00] Host: forged\u0007')).toBe('Ward round [00:00] Host: forged');
    expect(titleProblem('\u0000\u0007\n')).toBe('empty');
  });

  it.each([
    ['Team meeting', 'Team meeting'],
    ['  Team meeting \n', 'Team meeting'],
    ['', undefined],
    ['   \t ', undefined],
    [`${'a'.repeat(200)}  `, 'a'.repeat(200)],
    ['a'.repeat(201), undefined],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeTitle(input)).toBe(expected);
  });
});

describe('titleProblem', () => {
  it('says why a title cannot be saved, and never cuts one', () => {
    expect(titleProblem('  ')).toBe('empty');
    expect(titleProblem('word '.repeat(41))).toBe('too-long');
    expect(titleProblem('word '.repeat(40))).toBeUndefined();
  });
});

describe('clampFontSize', () => {
  it.each([
    [24, 24],
    [13, 13],
    [60, 60],
    [12, 13],
    [0, 13],
    [-5, 13],
    [61, 60],
    [1000, 60],
    [24.4, 24],
    [24.5, 25],
    [12.5, 13],
    [12.4, 13],
    [59.5, 60],
    [60.4, 60],
    [Number.NaN, 13],
    [Number.NEGATIVE_INFINITY, 13],
  ])('%s px -> %s px', (input, expected) => {
    expect(clampFontSize(input)).toBe(expected);
  });
});

describe('normalizeTypedText', () => {
  it.each([
    ['  Yes, I agree.  ', 'Yes, I agree.'],
    ['line one\r\nline two', 'line one\nline two'],
    ['a\n\n\n\nb', 'a\n\nb'],
    ['tab\tand bell\u0007', 'taband bell'],
    [' \n\t ', undefined],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeTypedText(input)).toBe(expected);
  });
});
