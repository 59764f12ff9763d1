/**
 * The web routes of accounts.md section 2 and its redirect rules, as pure functions of where
 * the person is and what is known about them. The router and the sagas call these; the unit
 * tests read them as tables.
 */
import { PRODUCT_DOMAIN } from './constants';

export const ROUTES = {
  root: '/',
  web: '/web',
  signup: '/web/signup',
  login: '/web/login',
  loginDesktop: '/web/login/desktop',
  loginDesktopSuccess: '/web/login/desktop/success',
  logout: '/web/logout',
  /** Every onboarding page is under it (the guards and the after-login rule ask "under it?"). */
  onboarding: '/web/onboarding',
  onboardingProfile: '/web/onboarding/profile',
  accountSettings: '/web/account-settings',
  conversations: '/web/conversations',
  /** The person's saved conversations (saved transcripts): search, read, rename, delete. */
  history: '/web/history',
  /** A room's page (react-router pattern); conversationPath() builds one. */
  conversation: '/web/conversations/:roomId',
  /** Final captions after a conversation; transcriptPath() builds one. */
  transcript: '/web/transcript',
  /** A finished transcript opened by the read-only link its host shared (?token=…). */
  sharedTranscript: '/web/shared-transcript',
  scribeDashboard: '/web/scribe-dashboard',
  /** A deep link's landing (accounts.md: branch/{branchUrlId}): remembers it, then the app. */
  branch: '/branch/:branchUrlId',
  /** conversation.md's other paths of the one transcript view and the one conversations view. */
  convoV1Transcript: '/convo-v1/transcript',
  convoV2Transcript: '/convo-v2/transcript',
  convoV2Conversations: '/convo-v2/conversations',
  /** conversation.md's open-the-desktop-app screen: the deep link, then a fallback. */
  convoV2LaunchApp: '/convo-v2/launch-app',
  /** accounts.md's desktop app download: the builds for each platform from the update feed. */
  download: '/download',
  /** The terms of service and the privacy policy sign-up asks people to accept, and the FAQ. */
  terms: '/web/terms',
  privacy: '/web/privacy',
  faq: '/web/faq',
  account: '/account',
  accountDashboard: '/account/dashboard',
  /** accounts.md's account/start: where the accounts area begins for a signed-in account (accountStartPath). */
  accountStart: '/account/start',
  /** Organisation creation and its onboarding steps (info, size, accessibility services). */
  accountOrganizationCreate: '/account/organization/create',
  /** Choosing licences to buy, then the payment page that opens Checkout. */
  accountLicenseBuy: '/account/license/buy',
  accountLicensePayment: '/account/license/payment',
  /** Buying one's own Scribe time (Checkout returns here, with paid=1 once paid). */
  accountScribeTime: '/account/scribe-time',
  /** Where Checkout returns after a purchase. */
  accountPaymentSucceed: '/account/payment-succeed',
  /** The organisation admin's workspace (members, organisation, billing, reporting; shared/workspace.ts). */
  workspace: '/workspace',
  /** Reloads the licence list (the spec's /buy), then shows the dashboard. */
  buy: '/buy',
  /** Desktop caption mode (conversation.md section 2): the floating captions and the captions box. */
  captionWindow: '/cc/conversation',
  /** Desktop: macOS internal-audio quick setup. */
  internalAudioSetup: '/cc/internal-audio-setup',
  /** Desktop preferences: shortcut, start at login, server. */
  desktopPreferences: '/cc/preferences',
} as const;

/**
 * A room's page. `token`: the link token joining it (from a link or a name look-up): the
 * server admits someone who is not yet a member only with one, and it decides read-only.
 */
export function conversationPath(
  roomId: string,
  readonly = false,
  token?: string,
  panel?: ConversationPanel,
): string {
  const query = new URLSearchParams();
  if (readonly) query.set(QUERY_PARAMS.readonly, 'true');
  if (token) query.set(QUERY_PARAMS.token, token);
  if (panel) query.set(QUERY_PARAMS.panel, panel);
  const text = query.toString();
  return `${ROUTES.conversations}/${encodeURIComponent(roomId)}${text ? `?${text}` : ''}`;
}

export function transcriptPath(roomId: string): string {
  return `${ROUTES.transcript}?roomId=${encodeURIComponent(roomId)}`;
}

/** `readonly` query parameter: read-only unless it says true (default false, as the spec says). */
export function isReadonlyParam(value: string | null | undefined): boolean {
  return value === 'true';
}

/** Unknown paths fall back to the sign-up screen. */
export const FALLBACK_PATH = ROUTES.signup;

/** Query parameters the client reads (accounts.md section 2), plus the desktop success flag. */
export const QUERY_PARAMS = {
  token: 'token',
  scribe: 'scribe',
  readonly: 'readonly',
  redirect: 'redirect',
  endpoint: 'endpoint',
  tauri: 'tauri',
  /** A conversation page opened with one of its panels shown: `phone` (CONVERSATION_PANELS). */
  panel: 'panel',
} as const;

/** Panels a conversation can be opened with (`?panel=`): the individual dashboard's "Display a phone conversation". */
export const CONVERSATION_PANELS = ['phone'] as const;
export type ConversationPanel = (typeof CONVERSATION_PANELS)[number];

export function isConversationPanel(value: string | null): value is ConversationPanel {
  return (CONVERSATION_PANELS as readonly string[]).includes(value ?? '');
}

/** Onboarding steps under /web/onboarding/profile/, in the order a new account goes through them. */
export const ONBOARDING_STEPS = [
  'user-name',
  'user-name-subscribed',
  'hearing-profile',
  'voicing-profile',
  'voice',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export function onboardingPath(step: OnboardingStep, redirect?: string): string {
  const path = `${ROUTES.onboardingProfile}/${step}`;
  return redirect ? `${path}?${QUERY_PARAMS.redirect}=${encodeURIComponent(redirect)}` : path;
}

/**
 * The step after `step` for a profile whose voicing profile is `voicing` (the voice choice
 * only matters to people who type and have their words voiced), or undefined when done.
 */
export function nextOnboardingStep(step: OnboardingStep, voicing?: string): OnboardingStep | undefined {
  switch (step) {
    case 'user-name':
    case 'user-name-subscribed':
      return 'hearing-profile';
    case 'hearing-profile':
      return 'voicing-profile';
    case 'voicing-profile':
      return voicing === 'type' || voicing === 'both' ? 'voice' : undefined;
    case 'voice':
      return undefined;
  }
}

/**
 * Where a person is in onboarding, from the same rule as nextOnboardingStep: step n of the steps
 * they go through. Until the voicing profile is answered the voice step may or may not come, so
 * the total is then the most it can be (`upTo`).
 */
export function onboardingProgress(
  step: OnboardingStep,
  voicing?: string,
): { current: number; total: number; upTo: boolean } {
  const decided = voicing !== undefined || step === 'voice';
  // Undecided, or on the voice step itself: the longest way, the one with the voice step.
  const answer = step === 'voice' || voicing === undefined ? 'type' : voicing;
  const path: OnboardingStep[] = [];
  for (let s: OnboardingStep | undefined = 'user-name'; s; s = nextOnboardingStep(s, answer)) path.push(s);
  const current = (step === 'user-name-subscribed' ? 0 : path.indexOf(step)) + 1;
  return { current, total: path.length, upTo: !decided };
}

export const ACCOUNT_SETTINGS_TABS = ['my-profile', 'general', 'boost'] as const;
export type AccountSettingsTab = (typeof ACCOUNT_SETTINGS_TABS)[number];
export const DEFAULT_ACCOUNT_SETTINGS_TAB: AccountSettingsTab = 'my-profile';

export function accountSettingsPath(tab: AccountSettingsTab = DEFAULT_ACCOUNT_SETTINGS_TAB): string {
  return `${ROUTES.accountSettings}/${tab}`;
}

/** The desktop sign-in success route, with the tauri flag the spec adds. */
export const DESKTOP_SUCCESS_PATH = `${ROUTES.loginDesktopSuccess}?${QUERY_PARAMS.tauri}=true`;

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Pages of the login layout (sign-up, login, desktop login); the desktop success page is not one. */
export function isLoginLayoutPath(pathname: string): boolean {
  return pathname === ROUTES.signup || pathname === ROUTES.login || pathname === ROUTES.loginDesktop;
}

/**
 * Who may open a page: `public` anyone; `web` someone with an Ava id (a guest counts, see
 * docs/accounts.md); `account` a signed-in, non-anonymous account whose profile is loaded.
 */
export type RouteAccess = 'public' | 'web' | 'account';

export function routeAccess(pathname: string): RouteAccess {
  if (
    isUnder(pathname, ROUTES.accountSettings) ||
    isUnder(pathname, ROUTES.onboarding) ||
    isUnder(pathname, ROUTES.account) ||
    isUnder(pathname, ROUTES.workspace) ||
    pathname === ROUTES.buy ||
    pathname === ROUTES.loginDesktopSuccess
  )
    return 'account';
  if (
    isUnder(pathname, ROUTES.conversations) ||
    isUnder(pathname, ROUTES.transcript) ||
    isUnder(pathname, ROUTES.scribeDashboard)
  )
    return 'web';
  return 'public';
}

/** Where sign-in stands: still finding out, signed out, waiting on email verification, signed in. */
export type AuthPhase = 'loading' | 'signed-out' | 'unverified' | 'signed-in';

export type GuardDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

/**
 * Where a link sent to someone who may have no account yet leads (an organisation's invitation,
 * a licence sent as a link): sign-up (which offers sign-in), then the dashboard that shows it.
 */
export function signUpToDashboardPath(): string {
  return `${ROUTES.signup}?${QUERY_PARAMS.redirect}=${encodeURIComponent(ROUTES.accountDashboard)}`;
}

/**
 * The sign-in page for someone whose session was refused (issue 30, item 7), coming back to
 * where they were (`pathname` and its query string, "?a=b" or "") once signed in again.
 */
export function signInAgainPath(pathname: string, search: string): string {
  return `${ROUTES.login}?${QUERY_PARAMS.redirect}=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * Protected routes: unauthenticated access redirects to /web; account routes need a signed-in
 * account whose profile (and so its Ava id) is loaded. While either is still being found out,
 * the page waits (the loading screen) instead of bouncing the person away. Someone whose saved
 * session the identity provider refused (`refused`, with the page's query string) is sent to
 * sign in again and brought back, not to the guest lobby.
 */
export function guardRoute(
  pathname: string,
  phase: AuthPhase,
  profileLoaded: boolean,
  refused?: { search: string },
): GuardDecision {
  const access = routeAccess(pathname);
  if (access !== 'account') return { kind: 'allow' };
  if (phase === 'loading') return { kind: 'wait' };
  if (phase !== 'signed-in') {
    if (refused && pathname !== ROUTES.loginDesktopSuccess) {
      return { kind: 'redirect', to: signInAgainPath(pathname, refused.search) };
    }
    // The desktop success page without an account goes back to the desktop sign-in.
    return {
      kind: 'redirect',
      to: pathname === ROUTES.loginDesktopSuccess ? ROUTES.loginDesktop : ROUTES.web,
    };
  }
  return profileLoaded ? { kind: 'allow' } : { kind: 'wait' };
}

/** In the desktop shell the login layout redirects to the desktop sign-in. */
export function desktopShellLoginRedirect(pathname: string, isDesktopShell: boolean): string | undefined {
  if (!isDesktopShell) return undefined;
  return pathname === ROUTES.signup || pathname === ROUTES.login ? ROUTES.loginDesktop : undefined;
}

/**
 * A `redirect` query parameter is honoured only as a path of this app: it starts with one "/",
 * has no scheme, host or control characters, and is not a sign-in or sign-out page (which would
 * loop).
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, 'http://hearken.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://hearken.invalid') return undefined;
  if (isLoginLayoutPath(url.pathname) || url.pathname === ROUTES.logout) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface AfterLoginFacts {
  /** Where the person is when sign-in completes. */
  pathname: string;
  /** Its query string, with or without the "?". */
  search: string;
  profileComplete: boolean;
  isScribe: boolean;
}

/**
 * Where to go once signed in (accounts.md section 2), or undefined to stay:
 * 1. desktop authentication: the desktop success route, tauri flag added;
 * 2. a safe `redirect` query parameter (the person asked for that page);
 * 3. Scribe users: the Scribe dashboard;
 * 4. from the sign-up or login page: the account dashboard.
 * An incomplete profile goes first to the user-name step, carrying that destination (or the
 * page the person was on) along as its own `redirect`, so the onboarding ends where it should.
 */
export function afterLoginPath(facts: AfterLoginFacts): string | undefined {
  const params = new URLSearchParams(facts.search);
  const onLoginPage = isLoginLayoutPath(facts.pathname);
  let next: string | undefined;
  if (facts.pathname === ROUTES.loginDesktop || facts.pathname === ROUTES.loginDesktopSuccess) {
    next = DESKTOP_SUCCESS_PATH;
  } else {
    next = safeRedirect(params.get(QUERY_PARAMS.redirect));
  }
  if (!next && facts.isScribe) next = ROUTES.scribeDashboard;
  if (!next && onLoginPage) next = ROUTES.accountDashboard;
  if (!facts.profileComplete && !isUnder(facts.pathname, ROUTES.onboarding)) {
    // Without a destination of its own, the onboarding ends back on the page the person was on.
    const here = safeRedirect(
      `${facts.pathname}${facts.search ? `?${facts.search.replace(/^\?/, '')}` : ''}`,
    );
    return onboardingPath('user-name', next ?? here);
  }
  // Already there: stay.
  if (next && next.split('?')[0] === facts.pathname) return undefined;
  return next;
}

/**
 * account/start: the accounts area's start for a signed-in account. The spec's rule: a user with
 * no organisation or licence goes to /account/organization/create; everyone else to the dashboard.
 */
export function accountStartPath(facts: { hasOrganization: boolean; hasLicence: boolean }): string {
  return facts.hasOrganization || facts.hasLicence
    ? ROUTES.accountDashboard
    : ROUTES.accountOrganizationCreate;
}

/** Where the onboarding ends: its `redirect`, the Scribe dashboard, or the account dashboard. */
export function afterOnboardingPath(search: string, isScribe: boolean): string {
  const redirect = safeRedirect(new URLSearchParams(search).get(QUERY_PARAMS.redirect));
  if (redirect) return redirect;
  return isScribe ? ROUTES.scribeDashboard : ROUTES.accountDashboard;
}

/** Sign-out returns to the root; on the desktop it goes to the login screen. */
export function afterSignOutPath(isDesktopShell: boolean): string {
  return isDesktopShell ? ROUTES.login : ROUTES.root;
}

/**
 * The `endpoint` query parameter switches the backend only if its host is the product's domain
 * or one of its subdomains (a label boundary, so "evilhearken.app" does not pass), over https,
 * with no credentials in it. Returns the backend's origin, or undefined to ignore it.
 */
export function acceptEndpoint(
  value: string | null | undefined,
  productDomain: string = PRODUCT_DOMAIN,
): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return undefined;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const domain = productDomain.toLowerCase();
  if (host !== domain && !host.endsWith(`.${domain}`)) return undefined;
  return url.origin;
}

/** A deep link's id as the spec's branch links carry it; anything else is not stored. */
const BRANCH_URL_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * branch/{branchUrlId}: the id to keep as `via_branch` (undefined when it is not one), and where
 * the person lands: the app's entry, which sends each to their screen (the lobby, sign-in...).
 */
export function branchLanding(branchUrlId: string | undefined): { viaBranch?: string; to: string } {
  return branchUrlId && BRANCH_URL_ID.test(branchUrlId)
    ? { viaBranch: branchUrlId, to: ROUTES.web }
    : { to: ROUTES.web };
}
