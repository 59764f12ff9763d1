// @vitest-environment happy-dom
/**
 * The spec's paths that were missing: branch/{branchUrlId} keeps `via_branch` and lands in the
 * app; /convo-v1/transcript, /convo-v2/transcript and /convo-v2/conversations are the same views;
 * account/login/profile is completing one's profile.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { BranchLanding } from '../../../../src/renderer/app/BranchLanding';
import { routes } from '../../../../src/renderer/app/router';
import { accountRoutes } from '../../../../src/renderer/app/account-routes';
import { ROUTES, branchLanding } from '../../../../src/shared/routes';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

type Tree = { path?: string; children?: Tree[] };
const paths = (list: Tree[], prefix = ''): string[] =>
  list.flatMap((r) => {
    const here = r.path ? (r.path.startsWith('/') ? r.path : `${prefix}/${r.path}`) : prefix;
    return [...(r.path ? [here] : []), ...(r.children ? paths(r.children, here) : [])];
  });

describe('branch/{branchUrlId}', () => {
  it('keeps a well-formed id only, and lands in the app', () => {
    expect(branchLanding('spring-campaign_2')).toEqual({ viaBranch: 'spring-campaign_2', to: '/web' });
    expect(branchLanding('<script>')).toEqual({ to: '/web' });
    expect(branchLanding(undefined)).toEqual({ to: '/web' });
  });

  it('stores via_branch and goes on to the app, the query kept', async () => {
    render(
      <MemoryRouter initialEntries={['/branch/abc123?ref=mail']}>
        <Routes>
          <Route path={ROUTES.branch} element={<BranchLanding />} />
          <Route path={ROUTES.web} element={<p>app entry</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('app entry')).toBeTruthy();
    expect(window.localStorage.getItem('via_branch')).toBe('abc123');
  });
});

describe('the spec’s other paths', () => {
  it('are routes of the app', () => {
    expect(paths(routes as Tree[])).toEqual(
      expect.arrayContaining([
        '/branch/:branchUrlId',
        '/convo-v1/transcript',
        '/convo-v2/transcript',
        '/convo-v2/conversations',
        '/convo-v2/launch-app',
        '/download',
      ]),
    );
    expect(paths(accountRoutes as Tree[])).toContain('/account/login/profile');
    expect(paths(accountRoutes as Tree[])).toContain('/account/start');
  });
});
