/**
 * The people of an organisation test: accounts signed up and verified in the Auth emulator, each
 * with its profile named on the server, and calls made with their token.
 */
import { expect } from 'vitest';
import { API } from '../../src/shared/api';
import type { UserProfile } from '../../src/shared/user';
import { type EmulatorClient, api } from './auth-emulator';

export interface Person {
  token: string;
  profile: UserProfile;
  email: string;
}

/** `serverUrl` is read at each call (the server starts in beforeAll); `tag` keeps emails apart. */
export function organizationPeople(serverUrl: () => string, emulator: () => EmulatorClient, tag: string) {
  const emailOf = (name: string) => `${name}-${tag}@example.com`;
  /** A call as `who`, or with no credential at all. */
  const call = (who: Person | undefined, path: string, method = 'GET', body?: unknown) =>
    api(serverUrl(), path, {
      method,
      ...(who ? { token: who.token } : {}),
      ...(body !== undefined ? { body } : {}),
    });
  async function person(name: string): Promise<Person> {
    const email = emailOf(name);
    const signedIn = await emulator().verifiedUser(email);
    const created = await api(serverUrl(), `${API.usersMe}?channel=web-v2`, {
      method: 'PATCH',
      token: signedIn.idToken,
      body: { userName: name },
    });
    expect(created.status).toBe(200);
    return { token: signedIn.idToken, profile: created.body as UserProfile, email };
  }
  async function me(who: Person): Promise<UserProfile> {
    const answer = await call(who, API.usersMe);
    expect(answer.status).toBe(200);
    return answer.body as UserProfile;
  }
  return { emailOf, call, person, me };
}
