/**
 * Sessions across a restart of the Auth emulator (issue 30, item 7), with an emulator and a
 * server of the test's own (the shared ones must not restart under other tests): a person signed
 * in stays signed in when the emulator restarts with its data folder, as `npm start` restarts it;
 * a session the emulator no longer accepts (revoked, which is what a restart used to do to every
 * session) says "Please sign in again" on the sign-in page rather than dropping the person on
 * the guest lobby, and the same password signs them back in, where they were. A signed-out
 * visitor on the Scribe dashboard is asked to sign in. Every such screen passes axe-core.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { expectAccessible } from './axe';
import { launchChromium } from './browser';
import { startOwnServer } from './own-server';
import { freePort, startAuthEmulator, type RunningAuthEmulator } from '../../scripts/lib/auth-emulator';
import { identityAuthorization } from '../../src/shared/auth';

/** The emulator's REST API, as the Firebase SDK (`key`) or as the project's owner calls it. */
function identityApi(request: APIRequestContext, emulator: RunningAuthEmulator) {
  return async (path: string, body: unknown, owner = false) => {
    const response = await request.post(
      owner
        ? `${emulator.url}/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}/${path}`
        : `${emulator.url}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`,
      { data: body, ...(owner ? { headers: { Authorization: 'Bearer owner' } } : {}) },
    );
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as { idToken: string; localId: string };
  };
}

/** A verified account with a name (so sign-in lands on the dashboard), made without a window. */
async function verifiedAccount(
  request: APIRequestContext,
  emulator: RunningAuthEmulator,
  serverUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const identity = identityApi(request, emulator);
  const { localId } = await identity('accounts:signUp', { email, password, returnSecureToken: true });
  await identity('accounts:update', { localId, emailVerified: true }, true);
  const { idToken } = await identity('accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  const profile = await request.patch(`${serverUrl}/api/v1/users/me?channel=web-v2`, {
    headers: { Authorization: identityAuthorization(idToken) },
    data: { userName: 'Ada Lovelace' },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  return localId;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('email-submit').click();
}

test('a restart of the Auth emulator keeps people signed in; a refused session asks them to sign in again', async ({
  request,
}) => {
  // Two emulator starts and a server of its own on a machine shared with other runs.
  test.setTimeout(360_000);
  const dataDir = resolve('test-results', `e2e-session-restart-${process.pid}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  // The same port after the restart: the server and the page were told where the emulator is.
  const port = await freePort();
  const emulatorOptions = { port, dataDir, startTimeoutMs: 120_000 };
  let emulator: RunningAuthEmulator | undefined = await startAuthEmulator(emulatorOptions);
  const [started, launched] = await Promise.allSettled([
    startOwnServer(
      {
        FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
        HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      },
      90_000,
    ),
    launchChromium(),
  ]);
  const server = started.status === 'fulfilled' ? started.value : undefined;
  const browser = launched.status === 'fulfilled' ? launched.value : undefined;
  try {
    if (!server || !browser)
      throw [started, launched].flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []))[0];
    const email = `ada-${Date.now()}@example.com`;
    const password = 'Analytical!engine1';
    const localId = await verifiedAccount(request, emulator, server.url, email, password);
    const page = await (await browser.newContext({ baseURL: server.url })).newPage();

    await test.step('signed in, then the emulator restarts with its data folder', async () => {
      await page.goto('/web/login');
      await signIn(page, email, password);
      await expect(page).toHaveURL(/\/account\/dashboard/);
      await expect(page.getByTestId('account-dashboard')).toBeVisible();
      await emulator!.stop();
      emulator = undefined;
      emulator = await startAuthEmulator(emulatorOptions);
    });

    await test.step('after a reload the person is still signed in, and the server accepts them', async () => {
      await page.reload();
      // The dashboard shows only once the server has answered with the profile (its token accepted).
      await expect(page.getByTestId('account-dashboard')).toBeVisible();
      await expect(page).toHaveURL(/\/account\/dashboard/);
      await expect(page.getByText(/Please sign in again/)).toHaveCount(0);
    });

    await test.step('a session the emulator refuses: "Please sign in again" on the sign-in page', async () => {
      // What the restart's import used to do to every account: sign-ins from before now are
      // revoked (validSince is in seconds; the sign-in above is more than a second old).
      await identityApi(request, emulator!)(
        'accounts:update',
        { localId, validSince: String(Math.floor(Date.now() / 1000)) },
        true,
      );
      await page.reload();
      await expect(page).toHaveURL(/\/web\/login\?redirect=/);
      await expect(page.getByText(/Please sign in again/)).toBeVisible();
      await expect(page.getByTestId('email')).toBeVisible();
      await expectAccessible(page, 'sign-in again');
    });

    await test.step('the same password (the account was kept) brings the person back', async () => {
      await signIn(page, email, password);
      await expect(page).toHaveURL(/\/account\/dashboard/);
      await expect(page.getByTestId('account-dashboard')).toBeVisible();
    });

    await test.step('signed out on the Scribe dashboard: asked to sign in, not shown an empty list', async () => {
      const visitor = await (await browser.newContext({ baseURL: server.url })).newPage();
      await visitor.goto('/web/scribe-dashboard');
      await expect(visitor.getByTestId('scribe-dashboard-sign-in')).toBeVisible();
      await expect(visitor.getByTestId('scribe-dashboard-sign-in').getByRole('link')).toHaveAttribute(
        'href',
        /\/web\/login\?redirect=/,
      );
      await expectAccessible(visitor, 'signed-out Scribe dashboard');
    });
  } finally {
    await browser?.close();
    await server?.stop();
    await emulator?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
