/// <reference lib="dom" />
/**
 * Accounts in a real browser against the real server and the Firebase Auth emulator: a new user
 * signs up with email and password, verifies the address through the link the emulator "sent",
 * completes the onboarding, changes the language to French and the caption size, signs out and
 * in again and finds both kept (and on another device too, from the server); every screen passes
 * axe-core. Also the route rules a signed-out visitor meets.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import type { ServerConfigResponse } from '../../src/shared/api';
import { launchChromium } from './browser';

/** The Auth emulator's URL for one of its own endpoints (what a person would receive by email or text). */
async function emulatorEndpoint(
  request: APIRequestContext,
  what: 'oobCodes' | 'verificationCodes',
): Promise<string> {
  const config = (await (await request.get('/api/v1/config')).json()) as ServerConfigResponse;
  const emulator = config.firebase?.emulatorUrl;
  expect(emulator, 'the e2e server runs the Auth emulator').toBeTruthy();
  return `${emulator}/emulator/v1/projects/${config.firebase!.projectId}/${what}`;
}

/** The link of the latest verification email the emulator holds for `email`. */
async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(await emulatorEndpoint(request, 'oobCodes'));
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[];
  };
  const link = oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').at(-1)?.oobLink;
  expect(link, `a verification email to ${email}`).toBeTruthy();
  return link!;
}

/**
 * Ticks a checkbox or radio by its label, as a person does (Blueprint draws its own indicator
 * over the native input, so the input itself is not the thing to click).
 */
async function choose(page: Page, label: string): Promise<void> {
  await page.locator('label.bp6-control', { hasText: label }).click();
  await expect(page.getByLabel(label, { exact: true })).toBeChecked();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('email-submit').click();
}

test('a new user signs up, verifies, onboards, sets French and a caption size, and finds both after signing in again', async ({
  baseURL,
  request,
}) => {
  const email = `ada-${Date.now()}@example.com`;
  const password = 'Analytical!engine1';
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto('/web/signup');
    await expect(page.getByTestId('login-page-signup')).toBeVisible();
    await expectAccessible(page, 'sign-up');

    // Terms must be accepted; the password rule is checked before anything is sent.
    await page.getByTestId('email').fill(email);
    await page.getByTestId('password').fill('weakpass');
    await page.getByTestId('email-submit').click();
    // Said beside the box, which takes the focus (so it is on screen), not at the top of the page.
    await expect(page.getByTestId('terms-error')).toHaveText(/terms/);
    await expect(page.getByTestId('terms-error')).toBeInViewport();
    await expect(page.getByRole('checkbox', { name: /terms of service/ })).toBeFocused();
    await expect(page.getByTestId('sign-in-error')).toHaveAttribute('data-error', '');
    await choose(page, 'I accept the terms of service and the privacy policy.');
    await page.getByTestId('email-submit').click();
    await expect(page.getByTestId('sign-in-error')).toHaveAttribute('data-error', 'weak-password');
    await page.getByTestId('password').fill(password);
    await page.getByTestId('email-submit').click();

    // Not signed in until the address is verified: the wait screen.
    await expect(page.getByTestId('verify-email')).toBeVisible();
    await expect(page.getByTestId('verify-email')).toContainText(email);
    await expectAccessible(page, 'email verification wait');
    const link = await verificationLink(request, email);
    expect((await request.get(link)).ok()).toBe(true);
    await page.getByTestId('verify-check').click();

    // Onboarding: user name (with the spec's message), hearing profile, voicing profile, voice.
    await expect(page).toHaveURL(/\/web\/onboarding\/profile\/user-name/);
    await expectAccessible(page, 'onboarding: user name');
    await page.getByTestId('onboarding-user-name').fill('   ');
    await page.getByTestId('onboarding-continue').click();
    await expect(page.getByTestId('onboarding-user-name-problem')).toHaveText('Please enter a name.');
    await page.getByTestId('onboarding-user-name').fill('Ada Lovelace');
    await page.getByTestId('onboarding-continue').click();

    await expect(page).toHaveURL(/\/web\/onboarding\/profile\/hearing-profile/);
    await expectAccessible(page, 'onboarding: hearing profile');
    await page.getByTestId('onboarding-continue').click();
    await expect(page.getByTestId('onboarding-choice-problem')).toHaveText('Invalid hearing profile');
    await choose(page, 'Hard of hearing');
    await page.getByTestId('onboarding-continue').click();

    await expect(page).toHaveURL(/\/web\/onboarding\/profile\/voicing-profile/);
    // Whether a voice step comes depends on this answer: the counter does not promise one.
    await expect(page.getByText('Step 3 of up to 4')).toBeVisible();
    await expectAccessible(page, 'onboarding: voicing profile');
    await choose(page, 'I type, and a voice reads my words aloud');
    await page.getByTestId('onboarding-continue').click();

    await expect(page).toHaveURL(/\/web\/onboarding\/profile\/voice/);
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await expectAccessible(page, 'onboarding: voice');
    await choose(page, 'Nova: bright and friendly');
    await page.getByTestId('onboarding-continue').click();

    await expect(page).toHaveURL(/\/account\/dashboard/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada Lovelace');
    await expectAccessible(page, 'account dashboard');

    // Account settings: French, then a caption size of 40 px (saved to the server after 2 s).
    await page.getByTestId('nav-settings').click();
    await expect(page).toHaveURL(/\/web\/account-settings\/my-profile/);
    await expectAccessible(page, 'account settings: my profile');
    await page.getByTestId('settings-tab-boost').click();
    await expect(page.getByTestId('boost-status')).toBeVisible();
    // The boost list, edited by keyboard outside any conversation.
    await expect(page.getByTestId('boost-list-empty')).toBeVisible();
    const boostInput = page.getByRole('textbox', { name: 'Add words' });
    await boostInput.focus();
    await page.keyboard.type('Helstone, Zarathustra!, helstone');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('boost-word')).toHaveText(['Helstone', 'Zarathustra']);
    await expect(page.getByTestId('boost-announcement')).toHaveText('Added Helstone, Zarathustra');
    await boostInput.fill('x'.repeat(1001));
    await page.keyboard.press('Enter');
    await expect(page.locator('#boost-words-help')).toHaveText('Too many characters.');
    await expect(page.locator('#boost-words-help')).toHaveAttribute('role', 'alert');
    await expect(boostInput).toHaveAttribute('aria-invalid', 'true');
    await boostInput.fill('');
    await page.getByRole('button', { name: 'Remove Helstone' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('boost-word')).toHaveText(['Zarathustra']);
    await expect(page.getByTestId('boost-announcement')).toHaveText('Removed Helstone');
    await expectAccessible(page, 'account settings: boost');
    // Kept on the server: the list is there after a reload.
    await page.reload();
    await expect(page.getByTestId('boost-word')).toHaveText(['Zarathustra']);
    await page.getByTestId('settings-tab-general').click();
    await expect(page).toHaveURL(/\/web\/account-settings\/general/);
    await page.getByTestId('language-select').first().selectOption('fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paramètres du compte');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const saved = page.waitForResponse((r) => r.url().endsWith('/updateSettings') && r.ok());
    await page.getByTestId('font-size').fill('40');
    await page.getByTestId('font-size').press('Enter');
    await saved;
    await expectAccessible(page, 'account settings: general (French)');

    // Sign out, then in again: both kept.
    await page.getByTestId('nav-sign-out').click();
    await expect(page).toHaveURL(/\/web\/login$/);
    await expect(page.getByTestId('login-page-login')).toBeVisible();
    await expectAccessible(page, 'login (French)');
    await signIn(page, email, 'Wrong!password1');
    await expect(page.getByTestId('sign-in-error')).toHaveAttribute('data-error', 'wrong-password');
    await expect(page.getByTestId('sign-in-error')).toContainText('Mot de passe incorrect');
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/account\/dashboard/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue, Ada Lovelace');
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-tab-general').click();
    await expect(page.getByTestId('font-size')).toHaveValue('40');
    await expect(page.getByTestId('language-select').first()).toHaveValue('fr');

    // Another device (nothing in its storage): the server restores both.
    const other = await (await browser.newContext({ baseURL })).newPage();
    await other.goto('/web/login');
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await signIn(other, email, password);
    await expect(other).toHaveURL(/\/account\/dashboard/);
    await expect(other.locator('html')).toHaveAttribute('lang', 'fr');
    await other.goto('/web/account-settings/general');
    await expect(other.getByTestId('font-size')).toHaveValue('40');
    await other.goto('/web/conversations');
    await other.getByTestId('start-conversation').click();
    await expect(other.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    const size = await other.getByTestId('captions').evaluate((el) => getComputedStyle(el).fontSize);
    expect(size).toBe('40px');

    // A French browser opens in French; English chosen just before signing in stays English,
    // instead of being replaced by the French the account saved.
    const third = await (await browser.newContext({ baseURL, locale: 'fr-FR' })).newPage();
    await third.goto('/web/login');
    await expect(third.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(third.getByRole('heading', { level: 1 })).not.toHaveText('Sign in');
    await third.getByTestId('language-select').first().selectOption('en');
    await expect(third.locator('html')).toHaveAttribute('lang', 'en');
    await signIn(third, email, password);
    await expect(third).toHaveURL(/\/account\/dashboard/);
    await expect(third.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada Lovelace');
    await expect(third.locator('html')).toHaveAttribute('lang', 'en');
  } finally {
    await browser.close();
  }
});

test('signed out: account routes go to /web, unknown paths to the sign-up screen, and guests can still start', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto('/web/account-settings/general');
    await expect(page).toHaveURL(/\/web\/conversations$/);
    await page.goto('/account/dashboard');
    await expect(page).toHaveURL(/\/web\/conversations$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/web\/signup$/);
    await page.goto('/web/login');
    await expectAccessible(page, 'login');
    await page.getByTestId('use-phone').click();
    await expectAccessible(page, 'phone sign-in');
    await page.getByTestId('phone-number').fill('12');
    await page.getByTestId('phone-send').click();
    await expect(page.getByTestId('sign-in-error')).toHaveAttribute('data-error', 'invalid-phone');
    await page.getByTestId('continue-as-guest').click();
    await expect(page).toHaveURL(/\/web\/conversations$/);
    await page.getByTestId('start-conversation').click();
    await expect(page.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
  } finally {
    await browser.close();
  }
});

test('signs in with Google (the emulator’s stand-in for it) and with a phone number and its code', async ({
  baseURL,
  request,
}) => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto('/web/signup');
    await choose(page, 'I accept the terms of service and the privacy policy.');
    // With the emulator, Hearken's stand-in for the provider's page (the real one needs the internet).
    await page.getByTestId('sign-in-google').click();
    await expect(page.getByRole('dialog', { name: 'Development sign-in with Google' })).toBeVisible();
    await expectAccessible(page, 'provider sign-in (emulator)');
    await page.getByTestId('emulator-provider-email').fill(`gina-${Date.now()}@example.com`);
    await page.getByTestId('emulator-provider-name').fill('Gina Google');
    await page.getByTestId('emulator-provider-submit').click();
    // A new account: the user-name step, offering the name the provider gave.
    await expect(page).toHaveURL(/\/web\/onboarding\/profile\/user-name/);
    await expect(page.getByTestId('onboarding-user-name')).toHaveValue('Gina Google');
    await page.getByTestId('onboarding-continue').click();
    await expect(page).toHaveURL(/\/web\/onboarding\/profile\/hearing-profile/);
    await page.goto('/web/logout');
    await expect(page).toHaveURL(/\/web\/login$/);

    await page.getByTestId('use-phone').click();
    await page.getByTestId('phone-prefix').selectOption('+33');
    const national = `6${String(Date.now()).slice(-8)}`;
    await page.getByTestId('phone-number').fill(national);
    await page.getByTestId('phone-send').click();
    await expect(page.getByTestId('phone-code')).toBeVisible();
    await expectAccessible(page, 'phone code');
    const codes = (await (
      await request.get(await emulatorEndpoint(request, 'verificationCodes'))
    ).json()) as {
      verificationCodes: { phoneNumber: string; code: string }[];
    };
    const sent = codes.verificationCodes.filter((c) => c.phoneNumber === `+33${national}`).at(-1);
    expect(sent?.code).toMatch(/^\d{6}$/);
    await page.getByTestId('phone-code').fill('000000' === sent!.code ? '111111' : '000000');
    await page.getByTestId('phone-confirm').click();
    await expect(page.getByTestId('sign-in-error')).toHaveAttribute('data-error', 'invalid-code');
    await page.getByTestId('phone-code').fill(sent!.code);
    await page.getByTestId('phone-confirm').click();
    await expect(page).toHaveURL(/\/web\/onboarding\/profile\/user-name/);
  } finally {
    await browser.close();
  }
});
