// @vitest-environment happy-dom
/**
 * The terms of service, the privacy policy and the FAQ as real pages at the paths sign-up links
 * to, and the public footer (FAQ, privacy, terms, language), kept off a conversation's page.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FaqPage, LegalPage } from '../../../../../src/renderer/features/legal/components/LegalPage';
import {
  PublicFooter,
  showsPublicFooter,
} from '../../../../../src/renderer/features/legal/components/PublicFooter';
import { routes } from '../../../../../src/renderer/app/router';
import { ROUTES } from '../../../../../src/shared/routes';
import en from '../../../../../src/renderer/i18n/en';
import { renderApp } from '../../../../helpers/render-app';

afterEach(cleanup);

const paths = (list: typeof routes): string[] =>
  list.flatMap((r) => [...(r.path ? [r.path] : []), ...(r.children ? paths(r.children) : [])]);

describe('legal pages', () => {
  it('are routes of the app at /web/terms, /web/privacy and /web/faq', () => {
    expect(paths(routes)).toEqual(expect.arrayContaining(['/web/terms', '/web/privacy', '/web/faq']));
  });

  it('shows the terms as headed sections', () => {
    renderApp(<LegalPage kind="terms" />, {}, ROUTES.terms);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(Object.values(en.legal.terms.sections).map((s) => s.heading));
  });

  it('shows the privacy policy and the FAQ', () => {
    renderApp(<LegalPage kind="privacy" />, {}, ROUTES.privacy);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    cleanup();
    renderApp(<FaqPage />, {}, ROUTES.faq);
    expect(screen.getByRole('heading', { level: 2, name: 'Do I need an account?' })).toBeTruthy();
  });
});

describe('the public footer', () => {
  it('links to the FAQ, privacy and terms, and chooses the language', () => {
    renderApp(
      <Routes>
        <Route path="*" element={<PublicFooter />} />
      </Routes>,
      {},
      ROUTES.signup,
    );
    const nav = screen.getByRole('navigation', { name: 'About Hearken' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['FAQ', '/web/faq'],
      ['Privacy', '/web/privacy'],
      ['Terms', '/web/terms'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Interface language' })).toBeTruthy();
  });

  it('is on the public screens, not on a conversation’s own page', () => {
    expect(showsPublicFooter('/web/signup')).toBe(true);
    expect(showsPublicFooter('/web/conversations')).toBe(true);
    expect(showsPublicFooter('/web/conversations/room_1')).toBe(false);
  });
});
