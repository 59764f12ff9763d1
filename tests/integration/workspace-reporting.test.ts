/**
 * The workspace report through the real server, with accounts from the Firebase Auth emulator:
 * a member's conversation ends and its words and caption time appear in their organisation's
 * report; the admin gets it as JSON and as CSV; a member, an outsider and a bad period are
 * refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import { identityAuthorization } from '../../src/shared/auth';
import { BUSINESS_API } from '../../src/shared/business-api';
import { randomId } from '../../src/shared/ids';
import type { UsageReport } from '../../src/shared/usage-report';
import type { UserProfile } from '../../src/shared/user';
import { CaptionClient } from '../../scripts/lib/socket-client';
import { EmulatorClient, api } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

interface Person {
  token: string;
  profile: UserProfile;
}

let emulator: SharedAuthEmulator;
let server: TestServer;
const dataDir = tempDataDir();
const tag = randomId(6).toLowerCase();
let admin: Person;
let member: Person;
const DAY = 24 * 3600 * 1000;

async function person(name: string): Promise<Person> {
  const client = new EmulatorClient(emulator.url, emulator.projectId);
  const signedIn = await client.verifiedUser(`${name}-${tag}@example.com`);
  const created = await api(server.url, `${API.usersMe}?channel=web-v2`, {
    method: 'PATCH',
    token: signedIn.idToken,
    body: {},
  });
  expect(created.status).toBe(200);
  return { token: signedIn.idToken, profile: created.body as UserProfile };
}

const report = (who: Person | undefined, path: string) =>
  fetch(`${server.url}${path}`, {
    headers: who ? { Authorization: identityAuthorization(who.token) } : {},
  });

beforeAll(async () => {
  // The run's shared emulator (tests/setup/auth-emulator.ts): this file's accounts are its own.
  emulator = await sharedAuthEmulator();
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
    },
  });
  admin = await person('admin');
  member = await person('member');
  const orgName = `Reporting School ${tag}`;
  for (const [who, role] of [
    [admin, 'admin'],
    [member, 'member'],
  ] as const) {
    const answer = await api(server.url, BUSINESS_API.organization, {
      method: 'POST',
      token: who.token,
      body: { type: 'edu', name: orgName, role, size: '11-50' },
    });
    expect(answer.status).toBeLessThan(300);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  removeDataDir(dataDir);
});

describe('workspace reporting', () => {
  it('reports a member’s ended conversation to the admin, as JSON and as CSV', async () => {
    const host = await CaptionClient.connect(server.url, {
      user: { avaId: member.profile.avaId, userName: member.profile.userName },
      identityToken: member.token,
    });
    host.send({ type: 'typed-message', text: 'Five words typed right here' });
    await host.waitFor((m) => m.type === 'transcript' && m.transcript.isFinal, 10_000);
    host.send({ type: 'connection-params-update', state: { value: 'ended' } });
    await host.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000);
    await host.close();

    const now = Date.now();
    const path = BUSINESS_API.workspaceReporting(now - 7 * DAY, now + DAY);
    // Counted just after the end: asked until it is there.
    let body: UsageReport | undefined;
    for (let i = 0; i < 50 && !body?.members.length; i++) {
      const answer = await report(admin, path);
      expect(answer.status).toBe(200);
      body = (await answer.json()) as UsageReport;
      if (!body.members.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(body!.members).toEqual([
      expect.objectContaining({ avaId: member.profile.avaId, conversations: 1, words: 5, basicMs: 0 }),
    ]);
    expect(body!.totals).toMatchObject({ conversations: 1, words: 5 });

    const csv = await report(admin, BUSINESS_API.workspaceReporting(now - 7 * DAY, now + DAY, 'csv'));
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="hearken-usage-.*\.csv"/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('section,member,week,basic hours,premium hours,scribe hours,conversations,words');
    expect(lines.at(-1)).toBe('total,,,0.00,0.00,0.00,1,5');
  });

  it('refuses members, outsiders and a bad period', async () => {
    const now = Date.now();
    const path = BUSINESS_API.workspaceReporting(now - DAY, now);
    expect((await report(member, path)).status).toBe(403);
    expect((await report(undefined, path)).status).toBe(401);
    const backwards = await report(admin, BUSINESS_API.workspaceReporting(now, now - DAY));
    expect(backwards.status).toBe(400);
    const twoYears = await report(admin, BUSINESS_API.workspaceReporting(now - 800 * DAY, now));
    expect(await twoYears.json()).toEqual({
      error: { code: 'invalid-period', content: { message: 'A report covers at most a year.' } },
    });
  });
});
