/// <reference lib="dom" />
/**
 * The public pages of issue 28 in Chromium with axe-core: the terms, privacy and FAQ pages that
 * sign-up asks people to accept, reached from the footer by keyboard, in English and in French
 * (the footer's own language choice); and a `branch/{branchUrlId}` link, which keeps its id as
 * `via_branch` and lands in the app.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { launchChromium } from './browser';
import { ROUTES } from '../../src/shared/routes';
import { STORAGE_KEYS } from '../../src/shared/constants';

test('the terms, privacy and FAQ pages are reached from the footer, read in either language', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto(ROUTES.terms);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
    const footer = page.getByRole('navigation', { name: 'About Hearken' });
    await expect(footer).toBeVisible();
    await expectAccessible(page, 'terms of service');

    // By keyboard: the footer's links are links, in the tab order.
    const privacy = footer.getByRole('link', { name: 'Privacy' });
    await privacy.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${ROUTES.privacy}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expectAccessible(page, 'privacy policy');

    await footer.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(new RegExp(`${ROUTES.faq}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    // Questions are headings a screen reader moves between.
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(2);
    await expectAccessible(page, 'FAQ');

    // The footer's language choice turns the page French, and says so to the browser.
    await page.getByTestId('footer-language-select').selectOption('fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Questions fréquentes' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page
      .getByRole('navigation', { name: 'À propos de Hearken' })
      .getByRole('link', { name: 'Confidentialité' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
    await expectAccessible(page, 'privacy policy in French');
  } finally {
    await browser.close();
  }
});

test('a branch link keeps its id as via_branch and lands in the app; a malformed id is not kept', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto('/branch/spring-Campaign_2026');
    await expect(page).not.toHaveURL(/\/branch\//);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.viaBranch)).toBe(
      'spring-Campaign_2026',
    );
    await expectAccessible(page, 'landing from a branch link');

    const other = await (await browser.newContext({ baseURL })).newPage();
    await other.goto('/branch/not%20an%20id%3Cscript%3E');
    await expect(other).not.toHaveURL(/\/branch\//);
    expect(await other.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.viaBranch)).toBeNull();
  } finally {
    await browser.close();
  }
});
