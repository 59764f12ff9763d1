/**
 * Issue 30, items 8 and 9, against a real server, the Auth emulator and the local checkout
 * stand-in (which the `stripe` package talks to as to Stripe):
 * - the stand-in keeps what it sold across a server restart (its state in the data folder): a
 *   licence of a subscription bought before the restart can be cancelled after it, and invoice
 *   numbers go on instead of starting again at HRKN-0001;
 * - cancelling one licence cancels that licence: it runs to the end of its paid period while
 *   the subscription renews one licence fewer (its quantity); the last one's cancellation stops
 *   the subscription renewing; a cancellation can be taken back.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_API } from '../../src/shared/business-api';
import { randomId } from '../../src/shared/ids';
import { DAY_MS, type Licence, type LicencesResponse } from '../../src/shared/licences';
import type { WorkspaceBillingResponse } from '../../src/shared/workspace';
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
/** The subscription of the first purchase (3 licences), as the billing page reads it. */
let subscriptionId = '';

const { call, person } = organizationPeople(
  () => server.url,
  () => emulatorClient,
  tag,
);

const start = () =>
  startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
    },
  });

async function licences(): Promise<Licence[]> {
  const answer = await call(admin, BUSINESS_API.licences);
  expect(answer.status).toBe(200);
  return (answer.body as LicencesResponse).licences;
}

/** The licences of the first purchase (bought 3 at once). */
const firstPurchase = async () => (await licences()).filter((l) => !l.trial && l.count === 3);

async function billing(): Promise<WorkspaceBillingResponse> {
  const answer = await call(admin, BUSINESS_API.workspaceBilling);
  expect(answer.status).toBe(200);
  return answer.body as WorkspaceBillingResponse;
}

/** Buys `count` licences and pays for them on the stand-in's Checkout page. */
async function buy(count: number): Promise<void> {
  const bought = await call(admin, BUSINESS_API.licences, 'POST', { interval: 'month', count });
  expect(bought.status).toBe(200);
  const paid = await fetch((bought.body as { url: string }).url, {
    method: 'POST',
    body: new URLSearchParams({ terms: 'accepted' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

async function cancel(licence: Licence): Promise<Licence> {
  const answer = await call(admin, BUSINESS_API.licence(licence.id), 'DELETE');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { licence: Licence }).licence;
}

beforeAll(async () => {
  // The run's shared emulator (tests/setup/auth-emulator.ts): this file's accounts are its own.
  emulator = await sharedAuthEmulator();
  emulatorClient = new EmulatorClient(emulator.url, emulator.projectId);
  server = await start();
  admin = await person('ines');
  const created = await call(admin, BUSINESS_API.organization, 'POST', {
    type: 'edu',
    name: `Seats School ${tag}`,
    role: 'admin',
    size: '11-50',
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await server?.close();
  removeDataDir(dataDir);
});

describe('the checkout stand-in across a restart (item 8)', () => {
  it('keeps the subscription sold before it, which can then be cancelled, and numbers invoices on', async () => {
    await buy(3);
    const before = await billing();
    expect(before.subscriptions).toEqual([expect.objectContaining({ quantity: 3, status: 'active' })]);
    expect(before.invoices.map((i) => i.number)).toEqual(['HRKN-0001']);
    subscriptionId = before.subscriptions[0]!.id;

    await server.close();
    expect(existsSync(join(dataDir, 'stripe-stand-in.json'))).toBe(true);
    server = await start();

    // Before: "The payment service failed: No such subscription".
    const [first] = await firstPurchase();
    expect((await cancel(first!)).autoRenewal).toBe(false);
    const after = await billing();
    expect(after.subscriptions).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        quantity: 2,
        status: 'active',
        cancelAtPeriodEnd: false,
      }),
    ]);
    // Its invoice page is served by the stand-in as it listens now.
    expect((await fetch(after.invoices[0]!.url!)).status).toBe(200);

    // Before: HRKN-0001 again.
    await buy(1);
    expect((await billing()).invoices.map((i) => i.number)).toEqual(['HRKN-0002', 'HRKN-0001']);
  });
});

describe('cancelling one licence (item 9)', () => {
  it('cancels that licence: it runs to its period’s end, the subscription renews one fewer', async () => {
    const rows = await firstPurchase();
    const [cancelled, ...kept] = [rows.find((l) => !l.autoRenewal)!, ...rows.filter((l) => l.autoRenewal)];
    expect(kept).toHaveLength(2);
    // Every licence of the purchase says how many stay in its subscription.
    expect(rows.map((l) => l.subscriptionSeats)).toEqual([2, 2, 2]);
    expect(cancelled!.endDateMs).toBeGreaterThan(Date.now() + 27 * DAY_MS);

    // The next period is paid for the two kept, and only they run on.
    await server.payments.standIn!.renew(subscriptionId);
    const renewedInvoice = (await billing()).invoices[0]!;
    expect(renewedInvoice).toMatchObject({ number: 'HRKN-0003', amountPaid: 2 * 11_900 });
    const renewed = await firstPurchase();
    expect(renewed.find((l) => l.id === cancelled!.id)).toMatchObject({
      endDateMs: cancelled!.endDateMs,
      autoRenewal: false,
    });
    for (const licence of kept) {
      expect(renewed.find((l) => l.id === licence.id)!.endDateMs).toBeGreaterThan(
        licence.endDateMs + 27 * DAY_MS,
      );
      expect(renewed.find((l) => l.id === licence.id)!.autoRenewal).toBe(true);
    }
  });

  it('stops the subscription renewing only when its last licence is cancelled, and takes one back', async () => {
    const kept = (await firstPurchase()).filter((l) => l.autoRenewal);
    await cancel(kept[0]!);
    expect((await billing()).subscriptions.find((s) => s.id === subscriptionId)).toMatchObject({
      quantity: 1,
      cancelAtPeriodEnd: false,
    });
    expect((await firstPurchase()).filter((l) => l.autoRenewal).map((l) => l.id)).toEqual([kept[1]!.id]);

    await cancel(kept[1]!);
    expect((await billing()).subscriptions.find((s) => s.id === subscriptionId)).toMatchObject({
      quantity: 1,
      cancelAtPeriodEnd: true,
      status: 'active',
    });
    const ending = await firstPurchase();
    expect(ending.every((l) => !l.autoRenewal && l.subscriptionSeats === 0)).toBe(true);
    // What was paid runs to its end.
    expect(ending.filter((l) => l.endDateMs > Date.now())).toHaveLength(3);
    // The other purchase is untouched.
    expect((await licences()).find((l) => l.count === 1)).toMatchObject({ autoRenewal: true });

    // Renewal back on for one: it rejoins the subscription, which renews again.
    const back = await call(admin, BUSINESS_API.licence(kept[1]!.id), 'PATCH', {
      licence: { autoRenewal: true },
    });
    expect(back.status).toBe(200);
    expect((back.body as { licence: Licence }).licence).toMatchObject({
      autoRenewal: true,
      subscriptionSeats: 1,
    });
    expect((await billing()).subscriptions.find((s) => s.id === subscriptionId)).toMatchObject({
      quantity: 1,
      cancelAtPeriodEnd: false,
    });
    expect((await firstPurchase()).filter((l) => l.autoRenewal).map((l) => l.id)).toEqual([kept[1]!.id]);
  });
});
