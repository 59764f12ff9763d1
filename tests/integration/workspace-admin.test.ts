/**
 * Workspace admin against a real server, the Firebase Auth emulator and the local Stripe
 * stand-in: members invited by email (an account, or an email without one that signs in later;
 * each joins when it accepts), the rules' refusals, organisation details, the vocabulary and Scribe limit, billing read
 * from the payment provider after a paid checkout, removing a member (their licence goes back),
 * handing the admin role over, and a member or an outsider refused every workspace route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_API } from '../../src/shared/business-api';
import { randomId } from '../../src/shared/ids';
import { LICENCE_EMAIL_ERRORS, type Licence, type LicencesResponse } from '../../src/shared/licences';
import { ORGANIZATION_NAME_MESSAGES, type Organization } from '../../src/shared/organizations';
import { CaptionClient } from '../../scripts/lib/socket-client';
import {
  SCRIBE_LIMIT_MESSAGE,
  SCRIBE_LIMIT_REACHED,
  TOO_MANY_CHARACTERS,
  WORKSPACE_ERRORS,
  type WorkspaceBillingResponse,
  type WorkspaceMembersResponse,
  type WorkspaceSettings,
} from '../../src/shared/workspace';
import { EmulatorClient } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { type Person, organizationPeople } from '../helpers/organization-people';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let emulator: SharedAuthEmulator;
let emulatorClient: EmulatorClient;
let server: TestServer;
const dataDir = tempDataDir();
const tag = randomId(6).toLowerCase();

let admin: Person;
let member: Person;
let outsider: Person;

const { emailOf, call, person, me } = organizationPeople(
  () => server.url,
  () => emulatorClient,
  tag,
);

async function members(who: Person = admin) {
  const answer = await call(who, BUSINESS_API.workspaceMembers);
  expect(answer.status).toBe(200);
  return (answer.body as WorkspaceMembersResponse).members;
}

beforeAll(async () => {
  // The run's shared emulator (tests/setup/auth-emulator.ts): this file's accounts are its own.
  emulator = await sharedAuthEmulator();
  emulatorClient = new EmulatorClient(emulator.url, emulator.projectId);
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      // The organisation's Scribe limit is tested here, apart from who may have Scribes at all
      // (a licence and Scribe credit: credits-tiers.test.ts); the limit applies either way.
      HEARKEN_SCRIBES_FOR: 'everyone',
    },
  });
  admin = await person('ada');
  member = await person('mia');
  outsider = await person('otto');
  const created = await call(admin, BUSINESS_API.organization, 'POST', {
    type: 'hr',
    name: `Workspace Works ${tag}`,
    role: 'admin',
    size: '11-50',
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await server?.close();
  removeDataDir(dataDir);
});

describe('workspace admin', () => {
  it('invites an account and an email without one; each joins when its person accepts', async () => {
    const added = await call(admin, BUSINESS_API.workspaceMembers, 'POST', {
      email: member.email,
      role: 'member',
    });
    // Nobody joins by another's hand (issue 29 F-09): invited until they accept.
    expect(added).toMatchObject({ status: 201, body: { status: 'invited' } });
    const organizationId = (await me(admin)).organizationId;
    expect(organizationId).toBeTruthy();
    expect((await me(member)).organizationId).toBeUndefined();
    expect((await call(member, BUSINESS_API.invitation(organizationId!), 'POST')).status).toBe(200);
    expect(await me(member)).toMatchObject({ organizationId, role: 'member' });

    const later = emailOf('lou');
    const invited = await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email: later.toUpperCase() });
    expect(invited).toMatchObject({ status: 201, body: { status: 'invited' } });
    expect(await members()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: admin.email, role: 'admin', status: 'active' }),
        expect.objectContaining({ email: member.email, role: 'member', status: 'active' }),
        expect.objectContaining({ email: later, role: 'member', status: 'invited' }),
      ]),
    );

    const lou = await person('lou');
    expect((await me(lou)).organizationId).toBeUndefined();
    expect((await call(lou, BUSINESS_API.invitation(organizationId!), 'POST')).status).toBe(200);
    const profile = await me(lou);
    expect(profile).toMatchObject({ role: 'member' });
    expect(profile.organizationId).toBe((await me(admin)).organizationId);
    const list = await members();
    expect(list.filter((m) => m.email === later)).toEqual([
      expect.objectContaining({ status: 'active', avaId: lou.profile.avaId }),
    ]);
  });

  it('refuses invitations the rules refuse, in their words', async () => {
    const cases: [unknown, number, string][] = [
      [{ email: 'not-an-email' }, 400, LICENCE_EMAIL_ERRORS.invalid],
      [{ email: member.email }, 409, WORKSPACE_ERRORS.alreadyMember],
      [{ email: emailOf('sam'), role: 'admin' }, 409, WORKSPACE_ERRORS.adminIsOne],
    ];
    for (const [body, status, message] of cases) {
      const answer = await call(admin, BUSINESS_API.workspaceMembers, 'POST', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toMatchObject({ error: { content: { message } } });
    }
    const other = await person('olga');
    expect(
      (
        await call(other, BUSINESS_API.organization, 'POST', {
          type: 'hr',
          name: `Other Org ${tag}`,
          role: 'admin',
          size: '1-10',
        })
      ).status,
    ).toBe(201);
    const taken = await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email: other.email });
    expect(taken).toMatchObject({ status: 409, body: { error: { code: 'inOtherOrganization' } } });
    const twice = emailOf('tess');
    expect((await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email: twice })).status).toBe(201);
    const again = await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email: twice });
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'alreadyInvited' } } });
    // Withdrawn: gone from the list.
    expect((await call(admin, BUSINESS_API.workspaceMember(twice), 'DELETE')).status).toBe(200);
    expect((await members()).some((m) => m.email === twice)).toBe(false);
  });

  it('refuses a member and an account outside the organisation every workspace route', async () => {
    const routes: [string, string, unknown?][] = [
      [BUSINESS_API.workspaceMembers, 'GET'],
      [BUSINESS_API.workspaceMembers, 'POST', { email: emailOf('x') }],
      [BUSINESS_API.workspaceMember(admin.profile.avaId), 'PATCH', { role: 'admin' }],
      [BUSINESS_API.workspaceMember(admin.profile.avaId), 'DELETE'],
      [BUSINESS_API.workspaceOrganization, 'GET'],
      [BUSINESS_API.workspaceOrganization, 'PATCH', { name: 'Taken Over' }],
      [BUSINESS_API.workspaceBilling, 'GET'],
      [BUSINESS_API.workspaceSettings, 'GET'],
      [BUSINESS_API.workspaceSettings, 'PATCH', { scribeLimitMinutes: 0 }],
      [BUSINESS_API.workspaceReporting(0, 1000), 'GET'],
    ];
    for (const who of [member, outsider]) {
      for (const [path, method, body] of routes) {
        const answer = await call(who, path, method, body);
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body).toMatchObject({ error: { code: 'forbidden' } });
      }
    }
    for (const [path, method, body] of routes) {
      expect((await call(undefined, path, method, body)).status, `${method} ${path}`).toBe(401);
    }
    // Nothing changed for it.
    expect((await call(admin, BUSINESS_API.workspaceOrganization)).body).toMatchObject({
      name: `Workspace Works ${tag}`,
      admin: admin.profile.avaId,
    });
  });

  it('edits the organisation’s details under the spec’s name rule', async () => {
    const short = await call(admin, BUSINESS_API.workspaceOrganization, 'PATCH', { name: ' Abc ' });
    expect(short).toMatchObject({
      status: 400,
      body: { error: { content: { message: ORGANIZATION_NAME_MESSAGES.tooShort } } },
    });
    const taken = await call(admin, BUSINESS_API.workspaceOrganization, 'PATCH', {
      name: `other org ${tag}`,
    });
    expect(taken).toMatchObject({ status: 409, body: { error: { code: 'nameAlreadyUse' } } });
    const renamed = await call(admin, BUSINESS_API.workspaceOrganization, 'PATCH', {
      name: `  Workspace   Renamed ${tag}`,
      size: '51-200',
      address: '1 Quay Street',
      accessibilityServices: ['cart'],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body as Organization).toMatchObject({
      name: `Workspace Renamed ${tag}`,
      size: '51-200',
      address: '1 Quay Street',
      accessibilityServices: ['cart'],
    });
    expect((await me(member)).organization).toMatchObject({ name: `Workspace Renamed ${tag}` });
  });

  it('keeps the vocabulary by the boost words’ rule and the Scribe limit', async () => {
    expect((await call(admin, BUSINESS_API.workspaceSettings)).body).toEqual({
      vocabulary: [],
      scribeLimitMinutes: null,
    });
    const set = await call(admin, BUSINESS_API.workspaceSettings, 'PATCH', {
      vocabulary: ['  Kubernetes! ', 'pho_neme', 'kubernetes', 'a.b, CART'],
      scribeLimitMinutes: 90,
    });
    expect(set.status).toBe(200);
    expect(set.body as WorkspaceSettings).toEqual({
      vocabulary: ['Kubernetes', 'phoneme', 'ab', 'CART'],
      scribeLimitMinutes: 90,
    });
    const tooLong = await call(admin, BUSINESS_API.workspaceSettings, 'PATCH', {
      vocabulary: ['x'.repeat(41)],
    });
    expect(tooLong).toMatchObject({
      status: 400,
      body: { error: { content: { message: TOO_MANY_CHARACTERS } } },
    });
    for (const bad of [-1, 1.5, '30', 100_001]) {
      const answer = await call(admin, BUSINESS_API.workspaceSettings, 'PATCH', { scribeLimitMinutes: bad });
      expect(answer, String(bad)).toMatchObject({
        status: 400,
        body: { error: { content: { message: SCRIBE_LIMIT_MESSAGE } } },
      });
    }
    // Refused changes left what was saved; null lifts the limit.
    const lifted = await call(admin, BUSINESS_API.workspaceSettings, 'PATCH', { scribeLimitMinutes: null });
    expect(lifted.body).toEqual({
      vocabulary: ['Kubernetes', 'phoneme', 'ab', 'CART'],
      scribeLimitMinutes: null,
    });
  });

  it('enforces the Scribe limit where a member asks for a Scribe', async () => {
    expect(
      (await call(admin, BUSINESS_API.workspaceSettings, 'PATCH', { scribeLimitMinutes: 0 })).status,
    ).toBe(200);
    const client = await CaptionClient.connect(server.url, {
      user: { avaId: member.profile.avaId, userName: 'mia' },
      identityToken: member.token,
    });
    try {
      let mark = client.received.length;
      client.send({ type: 'request-scribe', correctionMode: 'fast' });
      const refused = await client.waitFor((m) => m.type === 'error', 10_000, mark);
      expect(refused).toMatchObject({
        error: { code: 'scribe-request-failed', message: SCRIBE_LIMIT_REACHED },
        inReplyTo: 'request-scribe',
      });
      // Lifted: the same request waits for a Scribe.
      expect(
        (await call(admin, BUSINESS_API.workspaceSettings, 'PATCH', { scribeLimitMinutes: null })).status,
      ).toBe(200);
      mark = client.received.length;
      client.send({ type: 'request-scribe', correctionMode: 'fast' });
      await client.waitFor(
        (m) => m.type === 'room-status-update' && m.status.scribe?.status === 'pending',
        10_000,
        mark,
      );
      client.send({ type: 'cancel-scribe' });
    } finally {
      await client.close();
    }
  });

  it('reads invoices and the subscription from the payment provider after a paid checkout', async () => {
    expect((await call(admin, BUSINESS_API.workspaceBilling)).body).toEqual({
      billing: false,
      subscriptions: [],
      invoices: [],
    });
    const bought = await call(admin, BUSINESS_API.licences, 'POST', { interval: 'month', count: 2 });
    expect(bought.status).toBe(200);
    const paid = await fetch((bought.body as { url: string }).url, {
      method: 'POST',
      body: new URLSearchParams({ terms: 'accepted' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const billing = (await call(admin, BUSINESS_API.workspaceBilling)).body as WorkspaceBillingResponse;
    expect(billing.billing).toBe(true);
    expect(billing.subscriptions).toEqual([
      expect.objectContaining({
        status: 'active',
        quantity: 2,
        interval: 'month',
        unitAmount: 11_900,
        currency: 'eur',
        cancelAtPeriodEnd: false,
      }),
    ]);
    expect(billing.subscriptions[0]!.currentPeriodEndMs).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    expect(billing.invoices).toEqual([
      expect.objectContaining({
        status: 'paid',
        amountPaid: 23_800,
        currency: 'eur',
        number: expect.any(String),
      }),
    ]);
    const invoicePage = await fetch(billing.invoices[0]!.url!);
    expect(invoicePage.status).toBe(200);
    expect(await invoicePage.text()).toContain('238');
  });

  it('removes a member: their licence goes back to the organisation and their plan to Free', async () => {
    const list = ((await call(admin, BUSINESS_API.licences)).body as LicencesResponse).licences;
    const paid = list.find((l: Licence) => !l.trial)!;
    expect(
      (await call(admin, BUSINESS_API.licence(paid.id), 'PATCH', { recipient: member.email })).status,
    ).toBe(200);
    expect((await me(member)).subscription.ongoingSubscription).toBe('Pro');
    expect((await members()).find((m) => m.avaId === member.profile.avaId)?.licensed).toBe(true);

    const self = await call(admin, BUSINESS_API.workspaceMember(admin.profile.avaId), 'DELETE');
    expect(self).toMatchObject({ status: 409, body: { error: { code: 'removeSelf' } } });
    const removed = await call(admin, BUSINESS_API.workspaceMember(member.profile.avaId), 'DELETE');
    expect(removed.status).toBe(200);
    const after = await me(member);
    expect(after.organizationId).toBeFalsy();
    expect(after.subscription.ongoingSubscription).toBe('Free');
    const licence = ((await call(admin, BUSINESS_API.licences)).body as LicencesResponse).licences.find(
      (l) => l.id === paid.id,
    );
    expect(licence?.assignedEmail).toBeUndefined();
    expect((await members()).some((m) => m.avaId === member.profile.avaId)).toBe(false);
    const gone = await call(admin, BUSINESS_API.workspaceMember(member.profile.avaId), 'DELETE');
    expect(gone).toMatchObject({ status: 404, body: { error: { code: 'memberNotFound' } } });
  });

  it('hands the admin role to a member: one admin, and the old one becomes a member', async () => {
    const lou = (await members()).find((m) => m.name === 'lou')!;
    const handed = await call(admin, BUSINESS_API.workspaceMember(lou.avaId!), 'PATCH', { role: 'admin' });
    expect(handed).toMatchObject({ status: 200, body: { role: 'admin' } });
    expect(await me(admin)).toMatchObject({ role: 'member' });
    expect((await call(admin, BUSINESS_API.workspaceMembers)).status).toBe(403);
    const roles = (await call(admin, BUSINESS_API.workspaceOrganization)).status;
    expect(roles).toBe(403);
  });
});
