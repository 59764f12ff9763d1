/**
 * Organisations, licences and payment against a real server, the Firebase Auth emulator and the
 * local Stripe stand-in (which the official `stripe` package talks to, and which delivers events
 * signed as Stripe signs them): creation rules, search, the trial, buying through Checkout and
 * the signed webhook (the same event twice), assigning and unassigning, a magic link claimed at
 * sign-in, cancelling and renewal, and members refused the admin's routes. On PGlite and on
 * PostgreSQL (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_API } from '../../src/shared/business-api';
import { API } from '../../src/shared/api';
import { randomId } from '../../src/shared/ids';
import { DAY_MS, LICENCE_EMAIL_ERRORS, type Licence, type LicencesResponse } from '../../src/shared/licences';
import { ORGANIZATION_ERRORS, ORGANIZATION_NAME_MESSAGES } from '../../src/shared/organizations';
import type { UserProfile } from '../../src/shared/user';
import { EmulatorClient, api } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { CreditRepository } from '../../src/server/credits/repository';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { adminQuery as adminSql, testDatabaseUrl } from '../helpers/test-postgres';

let emulator: SharedAuthEmulator;
let emulatorClient: EmulatorClient;

beforeAll(async () => {
  // The run's shared emulator (tests/setup/auth-emulator.ts): this file's accounts are its own.
  emulator = await sharedAuthEmulator();
  emulatorClient = new EmulatorClient(emulator.url, emulator.projectId);
});

interface Person {
  token: string;
  profile: UserProfile;
  email: string;
}

describe.each(['pglite', 'postgres'] as const)('organisations and licences on %s', (kind) => {
  let server: TestServer;
  const dataDir = tempDataDir();
  const database = `hearken_orgs_${randomId(8).toLowerCase()}`;
  const tag = `${kind}${randomId(4).toLowerCase()}`;
  const orgName = `École Test ${tag}`;
  let admin: Person;
  let member: Person;
  let subscriptionId = '';

  const call = (who: Person | undefined, path: string, method = 'GET', body?: unknown) =>
    api(server.url, path, {
      method,
      ...(who ? { token: who.token } : {}),
      ...(body !== undefined ? { body } : {}),
    });

  async function person(name: string): Promise<Person> {
    const email = `${name}-${tag}@example.com`;
    const signedIn = await emulatorClient.verifiedUser(email);
    const created = await api(server.url, `${API.usersMe}?channel=web-v2`, {
      method: 'PATCH',
      token: signedIn.idToken,
      body: {},
    });
    expect(created.status).toBe(200);
    return { token: signedIn.idToken, profile: created.body as UserProfile, email };
  }

  async function me(who: Person): Promise<UserProfile> {
    const answer = await call(who, API.usersMe);
    expect(answer.status).toBe(200);
    return answer.body as UserProfile;
  }

  async function licences(): Promise<Licence[]> {
    const answer = await call(admin, BUSINESS_API.licences);
    expect(answer.status).toBe(200);
    return (answer.body as LicencesResponse).licences;
  }

  beforeAll(async () => {
    if (kind === 'postgres') await adminSql(`create database ${database}`);
    server = await startTestServer({
      dataDir,
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
        HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
        ...(kind === 'postgres' ? { DATABASE_URL: testDatabaseUrl(database) } : {}),
      },
    });
    expect(server.database.kind).toBe(kind);
    admin = await person('admin');
    member = await person('member');
  });

  afterAll(async () => {
    await server?.close();
    if (kind === 'postgres') await adminSql(`drop database if exists ${database} with (force)`);
    removeDataDir(dataDir);
  });

  it('refuses names the spec refuses, with its messages', async () => {
    for (const [name, message] of [
      ['', ORGANIZATION_NAME_MESSAGES.empty],
      ['  Abc ', ORGANIZATION_NAME_MESSAGES.tooShort],
    ]) {
      const answer = await call(admin, BUSINESS_API.organization, 'POST', {
        type: 'edu',
        name,
        role: 'admin',
        size: '51-200',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { content: { message } } });
    }
    const noSize = await call(admin, BUSINESS_API.organization, 'POST', {
      type: 'edu',
      name: orgName,
      role: 'admin',
    });
    expect(noSize.status).toBe(400);
  });

  it('creates an organisation with its admin, one admin only, and lets members join', async () => {
    const created = await call(admin, BUSINESS_API.organization, 'POST', {
      type: 'edu',
      name: orgName,
      role: 'admin',
      size: '51-200',
      accessibilityServices: ['cart', 'sign-language'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: orgName,
      type: 'edu',
      role: 'admin',
      admin: admin.profile.avaId,
    });
    expect(await me(admin)).toMatchObject({ organization: { name: orgName }, role: 'admin' });

    const rival = await person('rival');
    // The same name, however it is written, as admin: it has one.
    const second = await call(rival, BUSINESS_API.organization, 'POST', {
      type: 'edu',
      name: ` ÉCOLE  test ${tag.toUpperCase()}`,
      role: 'admin',
      size: '1-10',
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      error: { code: 'adminAlreadyExists', content: { message: ORGANIZATION_ERRORS.adminAlreadyExists } },
    });
    const otherType = await call(rival, BUSINESS_API.organization, 'POST', {
      type: 'hr',
      name: orgName,
      role: 'member',
      size: '1-10',
    });
    expect(otherType.body).toMatchObject({ error: { code: 'nameAlreadyUse' } });

    const joined = await call(member, BUSINESS_API.organization, 'POST', {
      type: 'edu',
      name: orgName,
      role: 'member',
      size: '51-200',
    });
    expect(joined.status).toBe(200);
    expect(await me(member)).toMatchObject({ role: 'member', orgProperties: { role: 'member' } });
    const again = await call(member, BUSINESS_API.organization, 'POST', {
      type: 'edu',
      name: `Another ${tag}`,
      role: 'admin',
      size: '1-10',
    });
    expect(again.body).toMatchObject({ error: { code: 'alreadyInOrganization' } });
  });

  it('makes the creator its first admin even when they asked to be a member, so nobody naming it can claim it (F-08)', async () => {
    const creator = await person('creator');
    const name = `Member-made ${tag}`;
    const created = await call(creator, BUSINESS_API.organization, 'POST', {
      type: 'hr',
      name,
      role: 'member',
      size: '1-10',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ role: 'admin', admin: creator.profile.avaId });
    expect(await me(creator)).toMatchObject({ role: 'admin', orgProperties: { role: 'admin' } });
    // The attacker names it and asks to be its admin.
    const attacker = await person('claimer');
    const claim = await call(attacker, BUSINESS_API.organization, 'POST', {
      type: 'hr',
      name,
      role: 'admin',
      size: '1-10',
    });
    expect(claim.status).toBe(409);
    expect(claim.body).toMatchObject({ error: { code: 'adminAlreadyExists' } });
    expect(await me(attacker)).not.toMatchObject({ role: 'admin' });
    expect(await me(creator)).toMatchObject({ role: 'admin' });
  });

  it('finds its own organisations first, then fills up to 3 from places', async () => {
    expect(
      ((await call(admin, BUSINESS_API.findOrganizations('éc'))).body as { organizations: [] }).organizations,
    ).toEqual([]);
    const found = (await call(admin, BUSINESS_API.findOrganizations(`ecole-test ${tag}`))).body as {
      organizations: { source: string; name: string }[];
    };
    expect(found.organizations[0]).toMatchObject({ source: 'hearken', name: orgName });
    const filled = (await call(admin, BUSINESS_API.findOrganizations('ecole', 'hr'))).body as {
      organizations: { source: string; name: string }[];
    };
    expect(filled.organizations).toHaveLength(3);
    expect(filled.organizations.every((o) => o.source === 'places')).toBe(true);
  });

  it('refuses members and outsiders the admin routes', async () => {
    expect((await call(member, BUSINESS_API.licences)).status).toBe(403);
    expect((await call(undefined, BUSINESS_API.licences)).status).toBe(401);
    const trial = await call(member, BUSINESS_API.activateTrial, 'POST', {
      avaId: member.profile.avaId,
      channel: 'web',
      planType: 'Pro',
    });
    expect(trial.status).toBe(403);
    // Claiming admin in one's own profile grants nothing: the organisation names its admin.
    await call(member, API.userV11(member.profile.avaId), 'PATCH', { role: 'admin' });
    expect((await call(member, BUSINESS_API.licences)).status).toBe(403);
  });

  it('starts the 15-day trial once', async () => {
    const before = Date.now();
    const trial = await call(admin, BUSINESS_API.activateTrial, 'POST', {
      avaId: admin.profile.avaId,
      channel: 'web',
      planType: 'Pro',
    });
    expect(trial.status).toBe(201);
    const licence = (trial.body as { licence: Licence }).licence;
    expect(licence).toMatchObject({ trial: true, autoRenewal: false, assignedEmail: admin.email });
    expect(licence.endDateMs - before).toBeGreaterThanOrEqual(15 * DAY_MS);
    expect(licence.endDateMs - before).toBeLessThan(15 * DAY_MS + 60_000);
    expect((await me(admin)).subscription.ongoingSubscription).toBe('Pro');
    const again = await call(admin, BUSINESS_API.activateTrial, 'POST', {
      avaId: admin.profile.avaId,
      channel: 'web',
      planType: 'Pro',
    });
    expect(again.body).toMatchObject({
      error: { code: 'trialFailed', content: { message: ORGANIZATION_ERRORS.trialFailed } },
    });
  });

  it('creates paid licences only from the signed webhook of a paid checkout, once', async () => {
    const standIn = server.payments.standIn!;
    const bought = await call(admin, BUSINESS_API.licences, 'POST', { interval: 'month', count: 3 });
    expect(bought.status).toBe(200);
    const url = (bought.body as { url: string }).url;
    expect(url.startsWith(standIn.url)).toBe(true);
    // Opening the page pays nothing; paying without the terms is refused.
    expect((await fetch(url)).status).toBe(200);
    const noTerms = await fetch(url, { method: 'POST', body: new URLSearchParams({}), redirect: 'manual' });
    expect(noTerms.status).toBe(400);
    expect(await noTerms.text()).toContain('accept the terms');
    expect((await licences()).filter((l) => !l.trial)).toHaveLength(0);

    // A forged event changes nothing.
    const forged = await fetch(`${server.url}${BUSINESS_API.stripeWebhook}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({
        id: 'evt_forged',
        object: 'event',
        type: 'checkout.session.completed',
        data: {},
      }),
    });
    expect(forged.status).toBe(400);

    const paid = await fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ terms: 'accepted' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/account\/payment-succeed\?session_id=cs_test_/);
    const paidLicences = (await licences()).filter((l) => !l.trial);
    expect(paidLicences).toHaveLength(3);
    for (const l of paidLicences) {
      expect(l).toMatchObject({ autoRenewal: true, interval: 'month', count: 3, offerId: 'pro-month' });
      expect(l.endDateMs).toBeGreaterThan(Date.now() + 27 * DAY_MS);
    }

    const completed = standIn.sent.find((e) => e.type === 'checkout.session.completed')!;
    subscriptionId = (JSON.parse(completed.payload) as { data: { object: { subscription: string } } }).data
      .object.subscription;
    const before = await licences();
    const duplicate = await standIn.redeliver(completed.payload);
    expect(duplicate).toBe(200);
    expect(await licences()).toEqual(before);
  });

  it('assigns by email with the spec’s errors, and unassigns with an empty email', async () => {
    const [first, second] = (await licences()).filter((l) => !l.trial);
    const invalid = await call(admin, BUSINESS_API.licence(first!.id), 'PATCH', {
      recipient: 'not-an-email',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      error: { code: 'licence-update-email-invalid', content: { message: LICENCE_EMAIL_ERRORS.invalid } },
    });

    const bob = await person('bob');
    const assigned = await call(admin, BUSINESS_API.licence(first!.id), 'PATCH', {
      recipient: bob.email.toUpperCase(),
    });
    expect(assigned.status).toBe(200);
    expect((assigned.body as { licence: Licence }).licence.assignedEmail).toBe(bob.email);
    // The licence is theirs; the organisation only once they accept its invitation (issue 29 F-09).
    const bobNow = await me(bob);
    expect(bobNow).toMatchObject({ subscription: { ongoingSubscription: 'Pro' } });
    expect(bobNow.organizationId).toBeUndefined();
    expect((await call(bob, BUSINESS_API.myInvitations)).body).toMatchObject({
      invitations: [expect.objectContaining({ organizationName: orgName })],
    });

    const twice = await call(admin, BUSINESS_API.licence(second!.id), 'PATCH', { recipient: bob.email });
    expect(twice.body).toMatchObject({
      error: {
        code: 'licence-update-email-already_pro',
        content: { message: LICENCE_EMAIL_ERRORS.already_pro },
      },
    });
    await call(await person('rival2'), BUSINESS_API.organization, 'POST', {
      type: 'hr',
      name: `Rival Works ${tag}`,
      role: 'admin',
      size: '1-10',
    });
    const managed = await call(admin, BUSINESS_API.licence(second!.id), 'PATCH', {
      recipient: `rival2-${tag}@example.com`,
    });
    expect(managed.body).toMatchObject({
      error: {
        code: 'licence-update-email-already_assigned',
        content: { message: LICENCE_EMAIL_ERRORS.already_assigned },
      },
    });

    // Members may not assign.
    expect(
      (await call(member, BUSINESS_API.licence(second!.id), 'PATCH', { recipient: member.email })).status,
    ).toBe(403);

    const unassigned = await call(admin, BUSINESS_API.licence(first!.id), 'PATCH', { recipient: '' });
    expect(unassigned.status).toBe(200);
    expect((unassigned.body as { licence: Licence }).licence.assignedEmail).toBeUndefined();
    expect((await me(bob)).subscription.ongoingSubscription).toBe('Free');
  });

  it('attaches a magic-link licence when its recipient signs in', async () => {
    const free = (await licences()).find((l) => !l.trial && !l.assignedEmail && !l.recipient)!;
    const carolEmail = `carol-${tag}@example.com`;
    const sent = await call(admin, BUSINESS_API.magicLink, 'POST', {
      licenceId: free.id,
      recipient: carolEmail,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      licence: { type: 'magicLink', recipient: carolEmail },
      delivery: 'no-mail-server',
    });
    expect((sent.body as { link: string }).link).toContain('/web/signup');

    const carol = await person('carol');
    expect(carol.profile).toMatchObject({ subscription: { ongoingSubscription: 'Pro' } });
    // The licence's organisation invites them: they join it by accepting (issue 29 F-09).
    expect(carol.profile.organizationId).toBeUndefined();
    expect((await call(carol, BUSINESS_API.myInvitations)).body).toMatchObject({
      invitations: [expect.objectContaining({ organizationName: orgName })],
    });
    expect((await licences()).find((l) => l.id === free.id)?.assignedEmail).toBe(carolEmail);
  });

  it('gives back the Free plan once a held licence has run out', async () => {
    const free = (await licences()).find((l) => !l.trial && !l.assignedEmail && !l.recipient)!;
    const dora = await person('dora');
    expect(
      (await call(admin, BUSINESS_API.licence(free.id), 'PATCH', { recipient: dora.email })).status,
    ).toBe(200);
    expect((await me(dora)).subscription.ongoingSubscription).toBe('Pro');
    // Its end passes (as a trial's 15 days do), with nobody touching it.
    await server.database.db
      .updateTable('licences')
      .set({ end_date_ms: Date.now() - 1 })
      .where('id', '=', free.id)
      .execute();
    expect((await me(dora)).subscription.ongoingSubscription).toBe('Free');
    expect((await licences()).find((l) => l.id === free.id)!.endDateMs).toBeLessThan(Date.now());
  });

  it('renews through paid invoices and stops renewing when cancelled', async () => {
    const standIn = server.payments.standIn!;
    const paid = () => licences().then((all) => all.filter((l) => !l.trial));
    const endBefore = (await paid())[0]!.endDateMs;
    await standIn.renew(subscriptionId);
    const renewed = await paid();
    expect(renewed[0]!.endDateMs).toBeGreaterThan(endBefore + 27 * DAY_MS);

    // Cancelling a licence cancels that one (issue 30): its subscription renews one fewer.
    const cancelled = await call(admin, BUSINESS_API.licence(renewed[0]!.id), 'DELETE');
    expect(cancelled.status).toBe(200);
    expect((await paid()).map((l) => l.autoRenewal)).toEqual([false, true, true]);
    expect(standIn.subscription(subscriptionId)).toMatchObject({
      cancel_at_period_end: false,
      items: { data: [{ quantity: 2 }] },
    });
    // The last one stops the subscription renewing; cancelled licences run to the end of what was paid.
    for (const licence of renewed.slice(1)) {
      expect((await call(admin, BUSINESS_API.licence(licence.id), 'DELETE')).status).toBe(200);
    }
    expect((await paid()).every((l) => !l.autoRenewal)).toBe(true);
    expect(standIn.subscription(subscriptionId)?.cancel_at_period_end).toBe(true);
    expect((await paid()).every((l) => l.endDateMs > Date.now())).toBe(true);
  });

  it('answers one’s own credits, negative or missing as 0, and spends recurring Premium time first', async () => {
    expect((await call(member, BUSINESS_API.userCredits(member.profile.avaId))).body).toEqual({
      scribeCredit: 0,
      extraPremiumASRCredit: 0,
      recurringPremiumASRCredit: 0,
    });
    const credits = new CreditRepository(server.database.db);
    await credits.grant(
      member.profile.avaId,
      { scribeCredit: -5000, extraPremiumASRCredit: 60_000, recurringPremiumASRCredit: 30_000 },
      Date.now(),
    );
    expect((await call(member, BUSINESS_API.userCredits(member.profile.avaId))).body).toEqual({
      scribeCredit: 0,
      extraPremiumASRCredit: 60_000,
      recurringPremiumASRCredit: 30_000,
    });
    expect(await credits.spendPremium(member.profile.avaId, 45_000, Date.now())).toMatchObject({
      extraPremiumASRCredit: 45_000,
      recurringPremiumASRCredit: 0,
    });
    expect(await credits.spendPremium(member.profile.avaId, 100_000, Date.now())).toMatchObject({
      extraPremiumASRCredit: 0,
      recurringPremiumASRCredit: 0,
    });
    // Someone else's credits are not theirs to read.
    expect((await call(admin, BUSINESS_API.userCredits(member.profile.avaId))).status).toBe(403);
  });

  it('ends a cancelled trial now (Deactivated) and the plan with it', async () => {
    const trial = (await licences()).find((l) => l.trial && l.offerId === 'trial' && l.type === 'standard')!;
    expect((await call(admin, BUSINESS_API.licence(trial.id), 'DELETE')).status).toBe(200);
    const ended = (await licences()).find((l) => l.id === trial.id)!;
    expect(ended.endDateMs).toBeLessThanOrEqual(Date.now());
    expect((await me(admin)).subscription.ongoingSubscription).toBe('Free');
  });
});
