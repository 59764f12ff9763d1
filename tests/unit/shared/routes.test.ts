/** Routes and redirect rules of accounts.md section 2, as tables. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESKTOP_ROUTES } from '../../../src/shared/desktop';
import {
  DESKTOP_SUCCESS_PATH,
  FALLBACK_PATH,
  ROUTES,
  type AuthPhase,
  acceptEndpoint,
  accountSettingsPath,
  afterLoginPath,
  afterOnboardingPath,
  afterSignOutPath,
  conversationPath,
  isReadonlyParam,
  desktopShellLoginRedirect,
  guardRoute,
  nextOnboardingStep,
  onboardingProgress,
  onboardingPath,
  routeAccess,
  safeRedirect,
  signInAgainPath,
  signUpToDashboardPath,
  transcriptPath,
} from '../../../src/shared/routes';

describe('paths', () => {
  it("keeps the spec's routes", () => {
    expect(ROUTES).toMatchObject({
      root: '/',
      web: '/web',
      signup: '/web/signup',
      login: '/web/login',
      loginDesktop: '/web/login/desktop',
      loginDesktopSuccess: '/web/login/desktop/success',
      logout: '/web/logout',
      accountSettings: '/web/account-settings',
      scribeDashboard: '/web/scribe-dashboard',
      accountDashboard: '/account/dashboard',
    });
    expect(FALLBACK_PATH).toBe('/web/signup');
    expect(DESKTOP_SUCCESS_PATH).toBe('/web/login/desktop/success?tauri=true');
    expect(accountSettingsPath()).toBe('/web/account-settings/my-profile');
    expect(accountSettingsPath('boost')).toBe('/web/account-settings/boost');
    expect(onboardingPath('user-name')).toBe('/web/onboarding/profile/user-name');
    expect(onboardingPath('user-name', '/web/transcript?roomId=a_b')).toBe(
      '/web/onboarding/profile/user-name?redirect=%2Fweb%2Ftranscript%3FroomId%3Da_b',
    );
  });

  it.each([
    ['user-name', undefined, 'hearing-profile'],
    ['user-name-subscribed', undefined, 'hearing-profile'],
    ['hearing-profile', undefined, 'voicing-profile'],
    ['voicing-profile', 'speak', undefined],
    ['voicing-profile', 'type', 'voice'],
    ['voicing-profile', 'both', 'voice'],
    ['voice', 'type', undefined],
  ] as const)('onboarding after %s (voicing %s) -> %s', (step, voicing, next) => {
    expect(nextOnboardingStep(step, voicing)).toBe(next);
  });
});

describe('who may open a page', () => {
  it.each([
    ['/', 'public'],
    ['/web', 'public'],
    ['/web/signup', 'public'],
    ['/web/login', 'public'],
    ['/web/login/desktop', 'public'],
    ['/web/logout', 'public'],
    ['/web/conversations', 'web'],
    ['/web/conversations/abc_def', 'web'],
    ['/web/transcript', 'web'],
    ['/web/scribe-dashboard', 'web'],
    ['/web/account-settings', 'account'],
    ['/web/account-settings/general', 'account'],
    ['/web/onboarding/profile/user-name', 'account'],
    ['/account/dashboard', 'account'],
    ['/web/login/desktop/success', 'account'],
    ['/workspace', 'account'],
    ['/workspace/reporting', 'account'],
    ['/workspaces', 'public'],
    ['/web/account-settingsX', 'public'],
  ])('%s -> %s', (path, access) => {
    expect(routeAccess(path)).toBe(access);
  });

  const guards: [string, AuthPhase, boolean, ReturnType<typeof guardRoute>][] = [
    // public and web (guest) routes are never bounced
    ['/web/signup', 'loading', false, { kind: 'allow' }],
    ['/web/conversations', 'signed-out', false, { kind: 'allow' }],
    ['/web/transcript', 'unverified', false, { kind: 'allow' }],
    // account routes wait while sign-in or the profile is being found out
    ['/web/account-settings/general', 'loading', false, { kind: 'wait' }],
    ['/web/account-settings/general', 'signed-in', false, { kind: 'wait' }],
    ['/web/account-settings/general', 'signed-in', true, { kind: 'allow' }],
    // unauthenticated access redirects to /web
    ['/web/account-settings/general', 'signed-out', false, { kind: 'redirect', to: '/web' }],
    ['/web/onboarding/profile/user-name', 'unverified', false, { kind: 'redirect', to: '/web' }],
    ['/account/dashboard', 'signed-out', false, { kind: 'redirect', to: '/web' }],
    // the desktop success page without an account goes back to the desktop sign-in
    ['/web/login/desktop/success', 'signed-out', false, { kind: 'redirect', to: '/web/login/desktop' }],
  ];
  it.each(guards)('%s when %s (profile %s) -> %j', (path, phase, profile, decision) => {
    expect(guardRoute(path, phase, profile)).toEqual(decision);
  });

  it('a link mailed to someone new leads to sign-up, then back to the dashboard that shows it', () => {
    const path = signUpToDashboardPath();
    expect(path).toBe('/web/signup?redirect=%2Faccount%2Fdashboard');
    expect(safeRedirect(new URLSearchParams(path.split('?')[1]).get('redirect'))).toBe('/account/dashboard');
  });

  it('a refused session goes to sign in again and back, not to the guest lobby', () => {
    const refused = { search: '?tab=licences' };
    const back = `/web/login?redirect=${encodeURIComponent('/account/dashboard?tab=licences')}`;
    expect(guardRoute('/account/dashboard', 'signed-out', false, refused)).toEqual({
      kind: 'redirect',
      to: back,
    });
    expect(signInAgainPath('/account/dashboard', '?tab=licences')).toBe(back);
    // The sign-in page honours it as its way back.
    expect(safeRedirect(new URLSearchParams(back.split('?')[1]).get('redirect'))).toBe(
      '/account/dashboard?tab=licences',
    );
    // Still waiting, or signed in: nothing changes; the desktop success page keeps its own way.
    expect(guardRoute('/account/dashboard', 'loading', false, refused)).toEqual({ kind: 'wait' });
    expect(guardRoute('/account/dashboard', 'signed-in', true, refused)).toEqual({ kind: 'allow' });
    expect(guardRoute('/web/conversations', 'signed-out', false, refused)).toEqual({ kind: 'allow' });
    expect(guardRoute('/web/login/desktop/success', 'signed-out', false, refused)).toEqual({
      kind: 'redirect',
      to: '/web/login/desktop',
    });
  });

  it.each([
    ['/web/login', true, '/web/login/desktop'],
    ['/web/signup', true, '/web/login/desktop'],
    ['/web/login/desktop', true, undefined],
    ['/web/conversations', true, undefined],
    ['/web/login', false, undefined],
  ])('in the desktop shell %s (%s) -> %s', (path, desktop, to) => {
    expect(desktopShellLoginRedirect(path, desktop)).toBe(to);
  });
});

describe('redirect query parameter', () => {
  it.each([
    ['/web/transcript?roomId=a_b', '/web/transcript?roomId=a_b'],
    ['/account/dashboard', '/account/dashboard'],
    ['/web/login/desktop/success?tauri=true', '/web/login/desktop/success?tauri=true'],
    ['/web/conversations#x', '/web/conversations#x'],
    [null, undefined],
    ['', undefined],
    ['web/conversations', undefined],
    ['https://evil.example/web', undefined],
    ['//evil.example/web', undefined],
    ['/\\evil.example', undefined],
    ['/web/\nconversations', undefined],
    ['javascript:alert(1)', undefined],
    ['/web/login', undefined],
    ['/web/signup?x=1', undefined],
    ['/web/logout', undefined],
  ])('%j -> %j', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});

describe('after login', () => {
  const base = { search: '', profileComplete: true, isScribe: false };
  it.each([
    // signup or login pages go to account/dashboard
    [{ ...base, pathname: '/web/login' }, '/account/dashboard'],
    [{ ...base, pathname: '/web/signup' }, '/account/dashboard'],
    // a redirect query parameter is honoured
    [{ ...base, pathname: '/web/login', search: '?redirect=%2Fweb%2Fconversations' }, '/web/conversations'],
    [{ ...base, pathname: '/web/login', search: 'redirect=https://evil.example' }, '/account/dashboard'],
    // scribe users go to the Scribe dashboard
    [{ ...base, pathname: '/web/login', isScribe: true }, '/web/scribe-dashboard'],
    [{ ...base, pathname: '/web/scribe-dashboard', isScribe: true }, undefined],
    // desktop authentication goes to the success route with the tauri flag
    [{ ...base, pathname: '/web/login/desktop' }, '/web/login/desktop/success?tauri=true'],
    [{ ...base, pathname: '/web/login/desktop', isScribe: true }, '/web/login/desktop/success?tauri=true'],
    [{ ...base, pathname: '/web/login/desktop/success' }, undefined],
    // an incomplete profile goes to the user-name step, carrying where it would have gone
    [
      { ...base, pathname: '/web/login', profileComplete: false },
      '/web/onboarding/profile/user-name?redirect=%2Faccount%2Fdashboard',
    ],
    [
      { ...base, pathname: '/web/login/desktop', profileComplete: false },
      '/web/onboarding/profile/user-name?redirect=%2Fweb%2Flogin%2Fdesktop%2Fsuccess%3Ftauri%3Dtrue',
    ],
    [
      { ...base, pathname: '/web/conversations', profileComplete: false },
      '/web/onboarding/profile/user-name?redirect=%2Fweb%2Fconversations',
    ],
    [{ ...base, pathname: '/web/onboarding/profile/hearing-profile', profileComplete: false }, undefined],
    // elsewhere, signing in (or a restored session) leaves the person where they are
    [{ ...base, pathname: '/web/conversations' }, undefined],
    [{ ...base, pathname: '/web/account-settings/general' }, undefined],
  ])('%j -> %s', (facts, expected) => {
    expect(afterLoginPath(facts)).toBe(expected);
  });

  it.each([
    ['?redirect=%2Fweb%2Fconversations', false, '/web/conversations'],
    ['', false, '/account/dashboard'],
    ['', true, '/web/scribe-dashboard'],
    ['?redirect=%2F%2Fevil.example', false, '/account/dashboard'],
  ])('onboarding ends (%s, scribe %s) at %s', (search, scribe, expected) => {
    expect(afterOnboardingPath(search, scribe)).toBe(expected);
  });

  it('sign-out returns to the root, and to the login screen on the desktop', () => {
    expect(afterSignOutPath(false)).toBe('/');
    expect(afterSignOutPath(true)).toBe('/web/login');
  });
});

describe('endpoint query parameter', () => {
  it.each([
    ['https://hearken.app', 'https://hearken.app'],
    ['https://api.hearken.app/', 'https://api.hearken.app'],
    ['https://eu.api.hearken.app:8443/path', 'https://eu.api.hearken.app:8443'],
    ['https://HEARKEN.APP', 'https://hearken.app'],
    ['https://evilhearken.app', undefined],
    ['https://hearken.app.evil.example', undefined],
    ['https://evil.example/?hearken.app', undefined],
    ['http://api.hearken.app', undefined],
    ['https://user:pw@api.hearken.app', undefined],
    ['wss://api.hearken.app', undefined],
    ['hearken.app', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j -> %j', (value, expected) => {
    expect(acceptEndpoint(value)).toBe(expected);
  });

  it('reads the domain it is given', () => {
    expect(acceptEndpoint('https://a.example.org', 'example.org')).toBe('https://a.example.org');
    expect(acceptEndpoint('https://a.example.org', 'hearken.app')).toBeUndefined();
  });
});

describe('one table of route paths', () => {
  it('names every path once', () => {
    const paths = Object.values(ROUTES);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("gives the desktop's routes from the same table", () => {
    const paths = new Set<string>(Object.values(ROUTES));
    for (const path of Object.values(DESKTOP_ROUTES)) expect(paths).toContain(path);
  });

  it('is the only place a route path is written in the source', () => {
    const routesFile = join('src', 'shared', 'routes.ts');
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => join('src', f))
      .filter((f) => f !== routesFile);
    const found = files.flatMap((f) => routeLiterals(readFileSync(f, 'utf8')).map((path) => `${f}: ${path}`));
    expect(found).toEqual([]);
  });

  it('is the only place a route path is written in routes.ts itself', () => {
    // The rules below the table name paths through ROUTES too, so a prefix they test cannot
    // drift from the page it guards.
    const text = readFileSync(join('src', 'shared', 'routes.ts'), 'utf8');
    const table = /^export const ROUTES = \{$[\s\S]*?^\} as const;$/m.exec(text);
    expect(table).not.toBeNull();
    expect(routeLiterals(text.replace(table![0], ''))).toEqual([]);
  });

  it('builds room and transcript paths', () => {
    expect(conversationPath('me_1')).toBe('/web/conversations/me_1');
    expect(conversationPath('me_1', true, 't k')).toBe('/web/conversations/me_1?readonly=true&token=t+k');
    expect(conversationPath('me_1', false, undefined, 'phone')).toBe('/web/conversations/me_1?panel=phone');
    expect(transcriptPath('a b')).toBe('/web/transcript?roomId=a%20b');
  });

  it('reads the readonly parameter as false unless it says true', () => {
    expect(isReadonlyParam('true')).toBe(true);
    expect(isReadonlyParam('1')).toBe(false);
    expect(isReadonlyParam(null)).toBe(false);
  });
});

function lineOf(text: string, index = 0): string {
  return text.slice(text.lastIndexOf('\n', index) + 1, text.indexOf('\n', index));
}

/** Route-like path literals ('/web...', '/cc...', '/account...') of a source text, comments aside. */
function routeLiterals(text: string): string[] {
  const literal = /['"`](\/(?:web|cc|account)(?:\/[\w-]*)*)['"`?]/g;
  return [...text.matchAll(literal)]
    .filter((m) => !/^\s*(\/\/|\*)/.test(lineOf(text, m.index)))
    .map((m) => m[1]!);
}

describe('onboardingProgress', () => {
  it('counts the steps from the same rule as the next step, and says "up to" until it is known', () => {
    expect(onboardingProgress('user-name')).toEqual({ current: 1, total: 4, upTo: true });
    expect(onboardingProgress('user-name-subscribed')).toEqual({ current: 1, total: 4, upTo: true });
    expect(onboardingProgress('voicing-profile')).toEqual({ current: 3, total: 4, upTo: true });
    // Someone who speaks has no voice to choose: 3 steps, and the third was the last.
    expect(onboardingProgress('voicing-profile', 'speak')).toEqual({ current: 3, total: 3, upTo: false });
    expect(onboardingProgress('voice', 'type')).toEqual({ current: 4, total: 4, upTo: false });
    expect(onboardingProgress('voice')).toEqual({ current: 4, total: 4, upTo: false });
  });
});
