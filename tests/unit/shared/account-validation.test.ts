/** The accounts area's validation rules (accounts.md section 5), from the spec's values. */
import { describe, expect, it } from 'vitest';
import {
  VALIDATION_MESSAGES,
  checkPhoneNumber,
  checkUserName,
  isPhonePrefix,
  isValidEmail,
  isValidHearingProfile,
  isValidPassword,
  isValidPhoneCode,
  passwordProblems,
  userNameMessage,
} from '../../../src/shared/account-validation';
import { PHONE_PREFIXES } from '../../../src/shared/constants';

describe('password: at least 6 characters, one lowercase, one uppercase, one symbol', () => {
  it.each([
    ['Abc!12', []],
    ['aB#def', []],
    ['Élan!x', []],
    ['Ab!1', ['too-short']],
    ['Ab!12', ['too-short']],
    ['ABC!12', ['no-lowercase']],
    ['abc!12', ['no-uppercase']],
    ['Abc123', ['no-symbol']],
    ['Abc 12', ['no-symbol']],
    ['', ['too-short', 'no-lowercase', 'no-uppercase', 'no-symbol']],
    ['abcdef', ['no-uppercase', 'no-symbol']],
  ])('%j -> %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
    expect(isValidPassword(password)).toBe(problems.length === 0);
  });
});

describe('email', () => {
  it.each([
    ['ada@example.com', true],
    [' ada@example.com ', true],
    ['a.b+c@mail.example.org', true],
    ['ada@example', false],
    ['ada example.com', false],
    ['@example.com', false],
    ['ada@@example.com', false],
    ['ada@.com', false],
    ['', false],
  ])('%j -> %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});

describe('phone sign-in', () => {
  it('accepts exactly the international codes +1, +33, +32, +31, +55', () => {
    expect([...PHONE_PREFIXES]).toEqual(['+1', '+33', '+32', '+31', '+55']);
    for (const prefix of PHONE_PREFIXES) expect(isPhonePrefix(prefix)).toBe(true);
    for (const prefix of ['+44', '+3', '33', '+330', '']) expect(isPhonePrefix(prefix)).toBe(false);
  });

  it.each([
    ['+1', '650-555-1234', { ok: true, e164: '+16505551234' }],
    ['+33', '06 12 34 56 78', { ok: true, e164: '+33612345678' }],
    ['+33', '6.12.34.56.78', { ok: true, e164: '+33612345678' }],
    ['+32', '(0)470 12 34 56', { ok: true, e164: '+32470123456' }],
    ['+31', '0612345678', { ok: true, e164: '+31612345678' }],
    ['+55', '11 91234 5678', { ok: true, e164: '+5511912345678' }],
    ['+44', '7700 900123', { ok: false, problem: 'invalid-international-code' }],
    ['', '0612345678', { ok: false, problem: 'invalid-international-code' }],
    ['+33', '06 12 AB 56 78', { ok: false, problem: 'invalid-phone' }],
    ['+33', '', { ok: false, problem: 'invalid-phone' }],
    ['+33', '123', { ok: false, problem: 'invalid-phone' }],
    ['+1', '1234567890123456', { ok: false, problem: 'invalid-phone' }],
  ])('%s %j -> %j', (prefix, national, expected) => {
    expect(checkPhoneNumber(prefix, national)).toEqual(expected);
  });

  it.each([
    ['123456', true],
    [' 123456 ', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['', false],
  ])('code %j: exactly 6 digits -> %s', (code, valid) => {
    expect(isValidPhoneCode(code)).toBe(valid);
  });

  it("has the spec's messages", () => {
    expect(VALIDATION_MESSAGES.invalidPhone).toBe('Invalid phone number');
    expect(VALIDATION_MESSAGES.invalidCode).toBe('Invalid code');
    expect(VALIDATION_MESSAGES.invalidInternationalCode).toBe('Invalid international code');
  });
});

describe('hearing profile must be 0 to 4', () => {
  it.each([
    [0, true],
    [4, true],
    [2, true],
    [-1, false],
    [5, false],
    [1.5, false],
    ['2', false],
    [undefined, false],
    [Number.NaN, false],
  ])('%j -> %s', (value, valid) => {
    expect(isValidHearingProfile(value)).toBe(valid);
  });

  it("has the spec's message", () => {
    expect(VALIDATION_MESSAGES.invalidHearingProfile).toBe('Invalid hearing profile');
  });
});

describe('user name', () => {
  it.each([
    ['', 'required'],
    ['    ', 'required'],
    ['A', 'invalid'],
    [' A ', 'invalid'],
    ['Al', undefined],
    ['Ada Lovelace', undefined],
    ["Zoë O'Brien-Smith", undefined],
    ['李小龍', undefined],
    ['a'.repeat(49), undefined],
    ['a'.repeat(50), 'invalid'],
    ['<script>', 'invalid'],
    ['ada@example.com', 'invalid'],
  ])('%j -> %s', (name, problem) => {
    expect(checkUserName(name)).toBe(problem);
  });

  it("says the spec's words", () => {
    expect(userNameMessage('required')).toBe('Please enter a name.');
    expect(userNameMessage('invalid')).toBe('Invalid Username.');
  });
});
