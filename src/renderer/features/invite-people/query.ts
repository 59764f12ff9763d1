/**
 * What the "Invite someone" field asks the server: text with an @ is an exact email, anything
 * else the start of a name (shared/user-query.ts checks both, as the server does).
 */
import { type UserQuery, checkUserQuery } from '../../../shared/user-query';

export type QueryProblem = 'tooShort' | 'notEmail';

export function queryOfText(text: string): { query: UserQuery } | { problem: QueryProblem } {
  const isEmail = text.includes('@');
  const checked = checkUserQuery(isEmail ? { emailEqualTo: text } : { avaNameStartsWith: text });
  if (checked.ok) return { query: checked.query };
  return { problem: isEmail ? 'notEmail' : 'tooShort' };
}
