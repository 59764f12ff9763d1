import { describe, expect, it } from 'vitest';
import {
  INVITATIONS_PENDING_MAX,
  USER_QUERY_MAX_RESULTS,
  type QueryCandidate,
  answerUserQuery,
  checkUserQuery,
  invitationRefusal,
  matchesUserQuery,
} from '../../../src/shared/user-query';
import { JOIN_ERRORS } from '../../../src/shared/errors';

const candidate = (over: Partial<QueryCandidate> = {}): QueryCandidate => ({
  avaId: 'zora1',
  avaName: 'Zora Neale',
  userName: 'Zora',
  userPhoto: 'https://example.com/zora.png',
  emails: { password: 'Zora@Example.com' },
  findable: true,
  ...over,
});

describe('checkUserQuery', () => {
  it('takes exactly one form, trimmed and in lower case', () => {
    expect(checkUserQuery({ avaNameStartsWith: '  ZOr ' })).toEqual({
      ok: true,
      query: { avaNameStartsWith: 'zor' },
    });
    expect(checkUserQuery({ emailEqualTo: ' Zora@Example.COM ' })).toEqual({
      ok: true,
      query: { emailEqualTo: 'zora@example.com' },
    });
    expect(checkUserQuery({})).toMatchObject({ ok: false, error: expect.stringContaining('either') });
    expect(checkUserQuery({ avaNameStartsWith: 'zor', emailEqualTo: 'a@b.co' })).toMatchObject({ ok: false });
  });

  it('refuses a name start under 3 characters and a text that is not an email', () => {
    expect(checkUserQuery({ avaNameStartsWith: ' zo ' })).toMatchObject({
      ok: false,
      error: 'avaNameStartsWith: type 3 to 49 characters',
    });
    expect(checkUserQuery({ emailEqualTo: 'zora' })).toMatchObject({
      ok: false,
      error: 'emailEqualTo: this is not an email address',
    });
  });
});

describe('who a query finds', () => {
  it('matches a name start or an exact email, whatever the case', () => {
    expect(matchesUserQuery(candidate(), { avaNameStartsWith: 'zor' }, 'host1')).toBe(true);
    expect(matchesUserQuery(candidate(), { avaNameStartsWith: 'neale' }, 'host1')).toBe(false);
    expect(matchesUserQuery(candidate(), { emailEqualTo: 'zora@example.com' }, 'host1')).toBe(true);
    expect(matchesUserQuery(candidate(), { emailEqualTo: 'ora@example.com' }, 'host1')).toBe(false);
  });

  it('never finds an account that does not allow it, nor the asker', () => {
    expect(matchesUserQuery(candidate({ findable: false }), { avaNameStartsWith: 'zor' }, 'host1')).toBe(
      false,
    );
    expect(
      matchesUserQuery(candidate({ findable: false }), { emailEqualTo: 'zora@example.com' }, 'host1'),
    ).toBe(false);
    expect(matchesUserQuery(candidate(), { avaNameStartsWith: 'zor' }, 'zora1')).toBe(false);
  });

  it('shows names and avatar only, in name order, a few at most', () => {
    const many = Array.from({ length: USER_QUERY_MAX_RESULTS + 3 }, (_, i) =>
      candidate({ avaId: `z${i}`, avaName: `Zora ${String.fromCharCode(104 - i)}` }),
    );
    const answer = answerUserQuery(many, { emailEqualTo: 'zora@example.com' }, 'host1');
    expect(answer).toHaveLength(USER_QUERY_MAX_RESULTS);
    expect(answer[0]).toEqual({
      avaId: 'z7',
      avaName: 'Zora a',
      userName: 'Zora',
      userPhoto: 'https://example.com/zora.png',
    });
    expect(JSON.stringify(answer)).not.toContain('@');
  });
});

describe('invitationRefusal', () => {
  const facts = {
    inviterAvaId: 'host1',
    toAvaId: 'zora1',
    invitee: { avaId: 'zora1', findable: true },
    reachable: true,
    pending: 0,
  };

  it('passes an invitation on to someone findable and reachable', () => {
    expect(invitationRefusal(facts)).toBeUndefined();
  });

  it('names the spec’s join error for each refusal', () => {
    const text = (f: Partial<typeof facts> & { invitee?: typeof facts.invitee | undefined }) => {
      const key = invitationRefusal({ ...facts, ...f });
      return key && JOIN_ERRORS[key];
    };
    expect(text({ toAvaId: 'host1' })).toBe('Can not join yourself.');
    expect(text({ invitee: undefined })).toBe('Unknown username. Check spelling.');
    expect(text({ invitee: { avaId: 'zora1', findable: false } })).toBe('Unknown username. Check spelling.');
    expect(text({ reachable: false })).toBe("Can't find your host. Try again?");
    expect(text({ pending: INVITATIONS_PENDING_MAX })).toBe('access denied');
  });
});
