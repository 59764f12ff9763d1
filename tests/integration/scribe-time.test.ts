/**
 * Getting Scribe time (issue 30, item 4), through the real server and Auth emulator: the Scribe
 * button's eligibility says before a request what is missing (a guest or an account without an
 * organisation licence: organisations only; a licence holder without time: no Scribe time), an
 * organisation's admin grants minutes to a member from the workspace, and the member's credit
 * and eligibility follow; nobody else may grant, and only to a member, within the grant's range.
 * Scribe time is also bought like licences, at the local Checkout stand-in: the signed webhook
 * adds the hours paid to the buyer's own time, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import { BUSINESS_API } from '../../src/shared/business-api';
import type { UserCredits } from '../../src/shared/credits';
import { randomId } from '../../src/shared/ids';
import { SCRIBE_API } from '../../src/shared/scribe/api';
import { SCRIBE_GRANT_MESSAGE, type ScribeEligibility } from '../../src/shared/scribe/time';
import type { UserProfile } from '../../src/shared/user';
import { CaptionClient, createGuest, guestHeaders } from '../../scripts/lib/socket-client';
import { EmulatorClient, api } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let server: TestServer;
let emulatorClient: EmulatorClient;
const dataDir = tempDataDir();
const tag = randomId(6).toLowerCase();
const clients: CaptionClient[] = [];

interface Person {
  token: string;
  email: string;
  profile: UserProfile;
}

async function person(name: string): Promise<Person> {
  const email = `${name}-${tag}@example.com`;
  const signedIn = await emulatorClient.verifiedUser(email);
  const created = await api(server.url, `${API.usersMe}?channel=web-v2`, {
    method: 'PATCH',
    token: signedIn.idToken,
    body: { userName: name },
  });
  expect(created.status).toBe(200);
  return { token: signedIn.idToken, email, profile: created.body as UserProfile };
}

async function eligibility(who: Person): Promise<ScribeEligibility> {
  const answer = await api(server.url, SCRIBE_API.eligibility, { token: who.token });
  expect(answer.status).toBe(200);
  return answer.body as ScribeEligibility;
}

function grant(by: Person, member: string, minutes: unknown) {
  return api(server.url, BUSINESS_API.workspaceMemberScribeTime(member), {
    method: 'POST',
    token: by.token,
    body: { minutes },
  });
}

async function scribeTimeOf(who: Person): Promise<number> {
  const answer = await api(server.url, BUSINESS_API.userCredits(who.profile.avaId), { token: who.token });
  return (answer.body as UserCredits).scribeCredit;
}

beforeAll(async () => {
  const emulator = await sharedAuthEmulator();
  emulatorClient = new EmulatorClient(emulator.url, emulator.projectId);
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
    },
  });
}, 300_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.close();
  removeDataDir(dataDir);
});

describe('Scribe time', () => {
  let admin: Person;
  let member: Person;
  let outsider: Person;

  beforeAll(async () => {
    admin = await person('admin');
    const org = await api(server.url, BUSINESS_API.organization, {
      method: 'POST',
      token: admin.token,
      body: { type: 'edu', name: `Scribe Time School ${tag}`, role: 'admin', size: '1-10' },
    });
    expect(org.status).toBe(201);
    const organizationId = (org.body as { id: string }).id;
    const trial = await api(server.url, BUSINESS_API.activateTrial, {
      method: 'POST',
      token: admin.token,
      body: { avaId: admin.profile.avaId, channel: 'web', planType: 'Pro' },
    });
    expect(trial.status).toBe(201);
    member = await person('mo');
    const invited = await api(server.url, BUSINESS_API.workspaceMembers, {
      method: 'POST',
      token: admin.token,
      body: { email: member.email },
    });
    expect(invited.status).toBe(201);
    const accepted = await api(server.url, BUSINESS_API.invitation(organizationId), {
      method: 'POST',
      token: member.token,
    });
    expect(accepted.status).toBeLessThan(300);
    outsider = await person('out');
  }, 120_000);

  it('tells a guest and an account without a licence, before any request, that Scribes are for organisations', async () => {
    const guest = await createGuest(server.url, 'Gil Guest');
    const asGuest = await fetch(`${server.url}${SCRIBE_API.eligibility}`, { headers: guestHeaders(guest) });
    expect(asGuest.status).toBe(200);
    expect(await asGuest.json()).toEqual({ canRequest: false, refusal: 'organizations-only' });
    expect(await eligibility(outsider)).toEqual({ canRequest: false, refusal: 'organizations-only' });
    expect((await fetch(`${server.url}${SCRIBE_API.eligibility}`)).status).toBe(401);
  });

  it('lets the admin grant minutes to a member, and a licence holder may then ask', async () => {
    // The admin holds the trial's licence but no Scribe time: the button says so first.
    expect(await eligibility(admin)).toEqual({ canRequest: false, refusal: 'no-scribe-credit' });
    const toSelf = await grant(admin, admin.profile.avaId, 30);
    expect(toSelf.status).toBe(200);
    expect(toSelf.body).toEqual({ member: admin.profile.avaId, scribeTimeMs: 30 * 60_000 });
    expect(await scribeTimeOf(admin)).toBe(30 * 60_000);
    expect(await eligibility(admin)).toEqual({ canRequest: true });

    // The request the eligibility allowed is taken.
    const host = await CaptionClient.connect(server.url, {
      user: { avaId: admin.profile.avaId, userName: admin.profile.userName },
      identityToken: admin.token,
    });
    clients.push(host);
    const mark = host.received.length;
    host.send({ type: 'request-scribe', correctionMode: 'fast' });
    await host.waitFor(
      (m) => m.type === 'room-status-update' && m.status.scribe?.status === 'pending',
      10_000,
      mark,
    );

    // Another member's time adds up grant after grant.
    expect((await grant(admin, member.profile.avaId, '15')).status).toBe(200);
    const again = await grant(admin, member.profile.avaId, 45);
    expect(again.body).toEqual({ member: member.profile.avaId, scribeTimeMs: 60 * 60_000 });
    expect(await scribeTimeOf(member)).toBe(60 * 60_000);
  });

  it('refuses a grant outside the range, to someone outside the organisation, and by anyone but its admin', async () => {
    for (const minutes of [0, 601, 1.5, -5, 'ten']) {
      const refused = await grant(admin, member.profile.avaId, minutes);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: { code: 'invalid-scribe-grant', content: { message: SCRIBE_GRANT_MESSAGE } },
      });
    }
    expect((await grant(admin, outsider.profile.avaId, 10)).status).toBe(404);
    expect((await grant(admin, member.email, 10)).status).toBe(404);
    expect(await scribeTimeOf(outsider)).toBe(0);
    // A member is not the admin; an outsider has no organisation.
    expect((await grant(member, member.profile.avaId, 10)).status).toBe(403);
    expect((await grant(outsider, outsider.profile.avaId, 10)).status).toBe(403);
    expect(await scribeTimeOf(member)).toBe(60 * 60_000);
  });

  it('sells hours of one’s own Scribe time at Checkout; the webhook adds them once paid', async () => {
    const before = await scribeTimeOf(member);
    const refused = await api(server.url, BUSINESS_API.buyScribeTime, {
      method: 'POST',
      token: member.token,
      body: { hours: 21 },
    });
    expect(refused.status).toBe(400);
    const guest = await createGuest(server.url, 'Gus Guest');
    const asGuest = await fetch(`${server.url}${BUSINESS_API.buyScribeTime}`, {
      method: 'POST',
      headers: { ...guestHeaders(guest), 'content-type': 'application/json' },
      body: JSON.stringify({ hours: 1 }),
    });
    expect(asGuest.status).toBe(403);

    const checkout = await api(server.url, BUSINESS_API.buyScribeTime, {
      method: 'POST',
      token: member.token,
      body: { hours: 2 },
    });
    expect(checkout.status).toBe(200);
    const { url } = checkout.body as { url: string };
    // Not paid yet: nothing added.
    expect(await scribeTimeOf(member)).toBe(before);
    const page = await fetch(url);
    expect(await page.text()).toContain('paid once');
    const paid = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ terms: 'accepted' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/account\/scribe-time\?paid=1$/u);
    expect(await scribeTimeOf(member)).toBe(before + 2 * 3_600_000);
  });
});
