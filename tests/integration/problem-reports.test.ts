/**
 * Report a problem through the real server, with accounts from the Firebase Auth emulator: a
 * member's and a guest's reports are stored and written to the server log; the organisation's
 * admin lists its members' reports (not a guest's, not another organisation's); a member and an
 * outsider cannot list them; a bad body is refused; a caller who sends too many is told to wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuest, guestHeaders } from '../../scripts/lib/socket-client';
import { identityAuthorization } from '../../src/shared/auth';
import { BUSINESS_API } from '../../src/shared/business-api';
import { randomId } from '../../src/shared/ids';
import {
  PROBLEM_REPORT_ROUTES,
  type ProblemReportReceipt,
  type WorkspaceProblemReports,
} from '../../src/shared/problem-reports';
import { PROBLEM_REPORT_LIMIT } from '../../src/server/problem-reports';
import { EmulatorClient } from '../helpers/auth-emulator';
import { organizationPeople, type Person } from '../helpers/organization-people';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let emulator: SharedAuthEmulator;
let server: TestServer;
const dataDir = tempDataDir();
const tag = randomId(6).toLowerCase();
const people = organizationPeople(
  () => server.url,
  () => new EmulatorClient(emulator.url, emulator.projectId),
  tag,
);
let admin: Person;
let member: Person;
let elsewhere: Person;
/** What the server wrote to its log (its logger is silent in tests: the calls are caught here). */
const logged: { message: string; extra: Record<string, unknown> }[] = [];

beforeAll(async () => {
  emulator = await sharedAuthEmulator();
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
    },
  });
  const serverLog = server.app.log as unknown as Record<string, (extra: object, message: string) => void>;
  serverLog.warn = (extra, message) => logged.push({ message, extra: extra as Record<string, unknown> });
  admin = await people.person('admin');
  member = await people.person('member');
  elsewhere = await people.person('elsewhere');
  for (const [who, name, role] of [
    [admin, `Reports School ${tag}`, 'admin'],
    [member, `Reports School ${tag}`, 'member'],
    [elsewhere, `Other School ${tag}`, 'admin'],
  ] as const) {
    const answer = await people.call(who, BUSINESS_API.organization, 'POST', {
      type: 'edu',
      name,
      role,
      size: '11-50',
    });
    expect(answer.status).toBeLessThan(300);
  }
  // The profiles now name their organisation.
  member = { ...member, profile: await people.me(member) };
}, 300_000);

afterAll(async () => {
  await server?.close();
  removeDataDir(dataDir);
});

const body = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  category: 'captions',
  ...extra,
});

describe('POST /api/v1/reports', () => {
  it('stores a member’s report, logs it, and lists it for their organisation’s admin only', async () => {
    const sent = await people.call(
      member,
      PROBLEM_REPORT_ROUTES.reports,
      'POST',
      body('The captions stopped after ten minutes', { roomId: 'room_abc123' }),
    );
    expect(sent.status).toBe(202);
    const { id } = sent.body as ProblemReportReceipt;
    expect(logged.at(-1)).toMatchObject({
      message: 'problem reported (captions)',
      extra: {
        reportId: id,
        description: 'The captions stopped after ten minutes',
        roomId: 'room_abc123',
        avaId: member.profile.avaId,
      },
    });

    // A guest may report too; no organisation lists it, the log has it.
    const guest = await createGuest(server.url, 'Visitor');
    const fromGuest = await fetch(`${server.url}${PROBLEM_REPORT_ROUTES.reports}`, {
      method: 'POST',
      headers: { ...guestHeaders(guest), 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'I cannot hear the voice', category: 'audio' }),
    });
    expect(fromGuest.status).toBe(202);
    expect(logged.at(-1)?.extra).toMatchObject({ avaId: guest.avaId, category: 'audio' });

    const listed = await people.call(admin, PROBLEM_REPORT_ROUTES.workspaceReports);
    expect(listed.status).toBe(200);
    const { reports } = listed.body as WorkspaceProblemReports;
    expect(reports).toEqual([
      expect.objectContaining({
        id,
        category: 'captions',
        description: 'The captions stopped after ten minutes',
        roomId: 'room_abc123',
        avaId: member.profile.avaId,
        userName: 'member',
      }),
    ]);

    // Another organisation's admin sees none of it; a member and an outsider may not list.
    const other = await people.call(elsewhere, PROBLEM_REPORT_ROUTES.workspaceReports);
    expect(other.status).toBe(200);
    expect((other.body as WorkspaceProblemReports).reports).toEqual([]);
    expect((await people.call(member, PROBLEM_REPORT_ROUTES.workspaceReports)).status).toBe(403);
    expect((await people.call(undefined, PROBLEM_REPORT_ROUTES.workspaceReports)).status).toBe(401);
  });

  it('refuses an outsider, a bad body, and a caller who sent too many', async () => {
    expect(
      (await people.call(undefined, PROBLEM_REPORT_ROUTES.reports, 'POST', body('Hello there'))).status,
    ).toBe(401);
    for (const bad of [
      body('hi'),
      { description: 'Something broke', category: 'weather' },
      body('Something broke', { roomId: 'no spaces allowed' }),
      { category: 'other' },
    ]) {
      const answer = await people.call(admin, PROBLEM_REPORT_ROUTES.reports, 'POST', bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    const before = logged.length;
    const statuses: number[] = [];
    for (let i = 0; i <= PROBLEM_REPORT_LIMIT.burst; i += 1) {
      const answer = await people.call(
        admin,
        PROBLEM_REPORT_ROUTES.reports,
        'POST',
        body(`Report number ${i}`),
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(PROBLEM_REPORT_LIMIT.burst).fill(202), 429]);
    expect(logged.length - before).toBe(PROBLEM_REPORT_LIMIT.burst);
    const waiting = await fetch(`${server.url}${PROBLEM_REPORT_ROUTES.reports}`, {
      method: 'POST',
      headers: { authorization: identityAuthorization(admin.token), 'content-type': 'application/json' },
      body: JSON.stringify(body('One more report')),
    });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
