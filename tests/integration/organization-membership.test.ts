/**
 * Issue 29 F-09 and F-15 as the admin and the people they named would act, against a real server
 * and the Firebase Auth emulator: an admin adding an existing account by email does not make it
 * a member (it is invited, its caption time and words stay out of the report) until it accepts;
 * it can decline; a member leaves; the only admin cannot leave while others remain; someone
 * joining by naming the organisation is shown to the admin as new until seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import { BUSINESS_API } from '../../src/shared/business-api';
import { randomId } from '../../src/shared/ids';
import { MEMBERSHIP_ERRORS, type MyInvitationsResponse } from '../../src/shared/organization-membership';
import type { UsageReport } from '../../src/shared/usage-report';
import type { WorkspaceMembersResponse } from '../../src/shared/workspace';
import { CaptionClient } from '../../scripts/lib/socket-client';
import { EmulatorClient } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { type Person, organizationPeople } from '../helpers/organization-people';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let emulator: SharedAuthEmulator;
let server: TestServer;
const dataDir = tempDataDir();
const tag = randomId(6).toLowerCase();
const orgName = `Boundary Works ${tag}`;
const DAY = 24 * 3600 * 1000;
let admin: Person;
let organizationId: string;

const { call, person, me } = organizationPeople(
  () => server.url,
  () => new EmulatorClient(emulator.url, emulator.projectId),
  tag,
);

async function members() {
  const answer = await call(admin, BUSINESS_API.workspaceMembers);
  expect(answer.status).toBe(200);
  return (answer.body as WorkspaceMembersResponse).members;
}

async function invitationsOf(who: Person) {
  const answer = await call(who, BUSINESS_API.myInvitations);
  expect(answer.status).toBe(200);
  return (answer.body as MyInvitationsResponse).invitations;
}

/** `who` hosts a conversation of five typed words and ends it; answers once it is counted. */
async function captionFiveWords(who: Person): Promise<void> {
  const before = (await me(who)).convoMetrics.total_conversations;
  const host = await CaptionClient.connect(server.url, {
    user: { avaId: who.profile.avaId, userName: who.profile.userName },
    identityToken: who.token,
  });
  host.send({ type: 'typed-message', text: 'Five words typed right here' });
  await host.waitFor((m) => m.type === 'transcript' && m.transcript.isFinal, 10_000);
  host.send({ type: 'connection-params-update', state: { value: 'ended' } });
  await host.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000);
  await host.close();
  // The conversation's usage is recorded with its count, in one transaction.
  for (let i = 0; i < 100 && (await me(who)).convoMetrics.total_conversations === before; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await me(who)).convoMetrics.total_conversations).toBe(before + 1);
}

async function reportedMembers(): Promise<string[]> {
  const now = Date.now();
  const answer = await call(admin, BUSINESS_API.workspaceReporting(now - 7 * DAY, now + DAY));
  expect(answer.status).toBe(200);
  return (answer.body as UsageReport).members.map((m) => m.avaId);
}

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
  const created = await call(admin, BUSINESS_API.organization, 'POST', {
    type: 'hr',
    name: orgName,
    role: 'admin',
    size: '11-50',
  });
  expect(created.status).toBe(201);
  organizationId = (await me(admin)).organizationId!;
}, 120_000);

afterAll(async () => {
  await server?.close();
  removeDataDir(dataDir);
});

describe('organisations with real boundaries (issue 29 F-09, F-15)', () => {
  it('invites an existing account added by email: not a member, usage not reported, until it accepts', async () => {
    const vic = await person('vic');
    const added = await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email: vic.email });
    // No mail server here: the admin is given the link to pass on (mail-smtp.test.ts sends it).
    expect(added).toMatchObject({
      status: 201,
      body: {
        status: 'invited',
        delivery: 'no-mail-server',
        link: `${server.url}/web/signup?redirect=%2Faccount%2Fdashboard`,
      },
    });

    // Not enrolled: no organisation on the profile, listed as invited, free to create their own.
    expect((await me(vic)).organizationId).toBeUndefined();
    expect((await members()).filter((m) => m.email === vic.email)).toEqual([
      expect.objectContaining({ status: 'invited', role: 'member' }),
    ]);
    await captionFiveWords(vic);
    expect(await reportedMembers()).not.toContain(vic.profile.avaId);

    // A sign-in does not accept it for them.
    await call(vic, API.usersMe);
    expect((await me(vic)).organizationId).toBeUndefined();

    expect(await invitationsOf(vic)).toEqual([
      expect.objectContaining({
        organizationId,
        organizationName: orgName,
        role: 'member',
        invitedByName: 'admin',
      }),
    ]);
    const accepted = await call(vic, BUSINESS_API.invitation(organizationId), 'POST');
    expect(accepted).toMatchObject({ status: 200, body: { id: organizationId, role: 'member' } });
    expect(await me(vic)).toMatchObject({ organizationId, role: 'member' });
    expect(await invitationsOf(vic)).toEqual([]);
    expect((await members()).filter((m) => m.email === vic.email)).toEqual([
      expect.objectContaining({ status: 'active', avaId: vic.profile.avaId }),
    ]);
    // Their usage is the organisation's from then on, not before.
    await captionFiveWords(vic);
    expect(await reportedMembers()).toContain(vic.profile.avaId);
  });

  it('lets an invited account decline, and tells one in another organisation to leave it first', async () => {
    const dee = await person('dee');
    expect((await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email: dee.email })).status).toBe(201);
    const declined = await call(dee, BUSINESS_API.invitation(organizationId), 'DELETE');
    expect(declined).toMatchObject({ status: 200, body: { declined: true } });
    expect((await members()).some((m) => m.email === dee.email)).toBe(false);
    expect((await call(dee, BUSINESS_API.invitation(organizationId), 'POST')).status).toBe(404);
    expect((await me(dee)).organizationId).toBeUndefined();

    // Invited, then in an organisation of their own: accepting waits until they leave it.
    expect((await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email: dee.email })).status).toBe(201);
    const own = await call(dee, BUSINESS_API.organization, 'POST', {
      type: 'hr',
      name: `Dee Own ${tag}`,
      role: 'admin',
      size: '1-10',
    });
    expect(own.status).toBe(201);
    const refused = await call(dee, BUSINESS_API.invitation(organizationId), 'POST');
    expect(refused).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'leaveOrganizationFirst',
          content: { message: MEMBERSHIP_ERRORS.leaveOrganizationFirst },
        },
      },
    });
    // Alone in it, its admin may leave; then accepting works.
    expect((await call(dee, BUSINESS_API.leaveOrganization, 'POST')).status).toBe(200);
    expect((await call(dee, BUSINESS_API.invitation(organizationId), 'POST')).status).toBe(200);
    expect(await me(dee)).toMatchObject({ organizationId, role: 'member' });
  });

  it('lets a member leave, and refuses the only admin while other members remain', async () => {
    const lee = await person('lee');
    await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email: lee.email });
    expect((await call(lee, BUSINESS_API.invitation(organizationId), 'POST')).status).toBe(200);

    const left = await call(lee, BUSINESS_API.leaveOrganization, 'POST');
    expect(left).toMatchObject({ status: 200, body: { left: true } });
    expect((await me(lee)).organizationId).toBeUndefined();
    expect((await members()).some((m) => m.avaId === lee.profile.avaId)).toBe(false);
    const again = await call(lee, BUSINESS_API.leaveOrganization, 'POST');
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'notInOrganization' } } });

    const stuck = await call(admin, BUSINESS_API.leaveOrganization, 'POST');
    expect(stuck).toMatchObject({
      status: 409,
      body: { error: { code: 'lastAdmin', content: { message: MEMBERSHIP_ERRORS.lastAdmin } } },
    });
    expect(await me(admin)).toMatchObject({ organizationId, role: 'admin' });
    expect((await call(admin, BUSINESS_API.workspaceOrganization)).body).toMatchObject({
      admin: admin.profile.avaId,
    });
  });

  it('shows the admin who joined by naming the organisation, as new until seen', async () => {
    const nat = await person('nat');
    const joined = await call(nat, BUSINESS_API.organization, 'POST', {
      type: 'hr',
      name: orgName,
      role: 'member',
      size: '11-50',
    });
    expect(joined.status).toBe(200);
    expect((await members()).find((m) => m.avaId === nat.profile.avaId)).toMatchObject({
      status: 'active',
      joinedByName: true,
      newJoin: true,
    });
    expect((await call(admin, BUSINESS_API.workspaceJoinsSeen, 'POST')).status).toBe(200);
    const seen = (await members()).find((m) => m.avaId === nat.profile.avaId);
    expect(seen).toMatchObject({ joinedByName: true });
    expect(seen?.newJoin).toBeUndefined();
    // Only the admin marks them seen.
    expect((await call(nat, BUSINESS_API.workspaceJoinsSeen, 'POST')).status).toBe(403);
  });
});
