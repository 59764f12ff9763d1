/**
 * The account routes as described routes, on a bare Fastify with the one error handler and a
 * signed-in caller (the access hook, tested elsewhere, is what sets it): a body of the wrong
 * shape is refused by the route's schema in the API's error shape, naming the field, while the
 * rules with the spec's own codes and messages stay the handler's.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../../src/shared/api';
import type { UserProfile } from '../../../../src/shared/user';
import { DISPLAY_NAME_MESSAGE } from '../../../../src/shared/validation';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { registerUserRoutes } from '../../../../src/server/accounts/routes';
import type { UserRepository } from '../../../../src/server/accounts/users-repository';

const profile = {
  avaId: 'a1',
  avaName: 'Ada',
  userName: 'Ada',
  firebaseAuthUID: 'uid-1',
  convoMetrics: { total_conversations: 0 },
  features: {},
  settings: {},
} as unknown as UserProfile;
const updates: unknown[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('principal', null as never);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { principal: unknown }).principal = {
      kind: 'account',
      avaId: profile.avaId,
      identity: { uid: 'uid-1', emails: {} },
      profile,
    };
  });
  const users = {
    update: async (avaId: string, changes: object) => {
      updates.push({ avaId, changes });
      return { ...profile, ...changes };
    },
  } as unknown as UserRepository;
  registerUserRoutes(app, { users, verifier: undefined, remoteConfig: {} as never, now: () => 0 });
  await app.ready();
});
afterAll(() => app.close());

const send = (method: 'PATCH' | 'POST', url: string, payload: object) => app.inject({ method, url, payload });

describe('account routes', () => {
  it('refuses a body of the wrong shape with 400 invalid-body naming the field', async () => {
    const cases: [string, string, object, string][] = [
      ['PATCH', API.usersMe, { voicingProfile: 'sing' }, 'voicingProfile: expected one of speak, type, both'],
      [
        'PATCH',
        API.userV11('a1'),
        { settings: { webFontSize: 61 } },
        'settings.webFontSize: must be between',
      ],
      [
        'PATCH',
        API.enrollBetaFeature,
        { beta_feature_name: 'scribe', enable_feature: true },
        'beta_feature_name',
      ],
      ['POST', API.updateSettings, { data: { avaId: 'a1' } }, 'data.firebaseAuthUID: is required'],
      ['POST', API.ttsVoice, {}, 'voiceId: is required'],
    ];
    for (const [method, url, body, message] of cases) {
      const response = await send(method as 'PATCH' | 'POST', url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe('invalid-body');
      expect(response.json().error.content.message, url).toContain(message);
    }
    expect(updates).toEqual([]);
  });

  it('keeps the spec’s own codes and messages for names and hearing profiles', async () => {
    const avaName = await send('PATCH', API.usersMe, { avaName: 'x' });
    expect(avaName.json().error).toEqual({
      code: 'invalid-display-name',
      content: { message: DISPLAY_NAME_MESSAGE },
    });
    const userName = await send('PATCH', API.userV11('a1'), { userName: '  ' });
    expect(userName.json().error).toEqual({
      code: 'user-name-required',
      content: { message: 'Please enter a name.' },
    });
    const hearing = await send('PATCH', API.userV11('a1'), { hearingProfile: 5 });
    expect(hearing.json().error.code).toBe('invalid-hearing-profile');
    const flag = await send('PATCH', API.userV11('a1'), { flags: { scribe: true } });
    expect(flag.statusCode).toBe(403);
    expect(flag.json().error.code).toBe('flag-not-settable');
    expect(updates).toEqual([]);
  });

  it('hands the handler the checked body: names trimmed by it, unknown fields dropped', async () => {
    const saved = await send('PATCH', API.userV11('a1'), { userName: ' Ada L ', stray: 1 });
    expect(saved.statusCode).toBe(200);
    expect(updates.at(-1)).toEqual({ avaId: 'a1', changes: { userName: 'Ada L' } });
    const settings = await send('POST', API.updateSettings, {
      data: { avaId: 'a1', firebaseAuthUID: 'uid-1', settings: { theme: 'dark' } },
    });
    expect(settings.json()).toEqual({ result: { settings: { theme: 'dark' } } });
  });

  it('keeps a display name one plain line (issue 29, F-10: a name never starts a line of an export)', async () => {
    const saved = await send('PATCH', API.usersMe, { avaName: 'Ada\n[00:05] Host:\u0007 stop' });
    expect(saved.statusCode).toBe(200);
    expect(updates.at(-1)).toEqual({ avaId: 'a1', changes: { avaName: 'Ada [00:05] Host: stop' } });
    const userName = await send('PATCH', API.usersMe, { userName: 'Ada\nHost' });
    expect(userName.json().error.code).toBe('user-name-invalid');
  });
});
