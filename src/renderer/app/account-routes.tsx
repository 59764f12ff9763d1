/**
 * The accounts area's routes (accounts.md section 2). Account routes are wrapped in
 * RequireAccount, which applies the shared guard (signed-in account with its profile, else /web).
 * Every screen here is a lazyPage (its own chunk, with the accounts' styles): guests never load them.
 */
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ROUTES, accountSettingsPath, onboardingPath } from '../../shared/routes';
import { workspacePath } from '../../shared/workspace';
import { RequireAccount } from '../features/sign-in/components/RequireAccount';
import { AccountStart } from './AccountStart';
import { lazyPage } from './lazy-page';

const DashboardPage = lazyPage(() => import('../features/dashboards'), 'DashboardPage');
const ScribeDashboardPage = lazyPage(() => import('../features/dashboards'), 'ScribeDashboardPage');
const AccountSettingsLayout = lazyPage(() => import('../features/account-settings'), 'AccountSettingsLayout');
const BoostSettings = lazyPage(() => import('../features/account-settings'), 'BoostSettings');
const GeneralSettings = lazyPage(() => import('../features/account-settings'), 'GeneralSettings');
const MyProfileSettings = lazyPage(() => import('../features/account-settings'), 'MyProfileSettings');
const DesktopSuccessPage = lazyPage(
  () => import('../features/sign-in/components/DesktopSuccessPage'),
  'DesktopSuccessPage',
);
const LoginPage = lazyPage(() => import('../features/sign-in/components/LoginPage'), 'LoginPage');
const LogoutPage = lazyPage(() => import('../features/sign-in/components/LogoutPage'), 'LogoutPage');
const OnboardingPage = lazyPage(
  () => import('../features/onboarding/components/OnboardingPage'),
  'OnboardingPage',
);
const OrganizationCreatePage = lazyPage(
  () => import('../features/organization/components/OrganizationCreatePage'),
  'OrganizationCreatePage',
);
const BuyPages = () => import('../features/organization/components/BuyPages');
const BuyReload = lazyPage(BuyPages, 'BuyReload');
const LicenseBuyPage = lazyPage(BuyPages, 'LicenseBuyPage');
const LicensePaymentPage = lazyPage(BuyPages, 'LicensePaymentPage');
const PaymentSucceedPage = lazyPage(BuyPages, 'PaymentSucceedPage');
const ScribeTimePage = lazyPage(
  () => import('../features/credits/components/ScribeTimePage'),
  'ScribeTimePage',
);
const Workspace = () => import('../features/workspace');
const WorkspaceLayout = lazyPage(Workspace, 'WorkspaceLayout');
const WorkspaceMembersPage = lazyPage(Workspace, 'MembersPage');
const WorkspaceOrganizationPage = lazyPage(Workspace, 'OrganizationPage');
const WorkspaceBillingPage = lazyPage(Workspace, 'BillingPage');
const WorkspaceReportingPage = lazyPage(Workspace, 'ReportingPage');
const WorkspaceSettingsPage = lazyPage(Workspace, 'SettingsPage');

export const accountRoutes: RouteObject[] = [
  { path: ROUTES.signup, element: <LoginPage key="signup" mode="signup" /> },
  { path: ROUTES.login, element: <LoginPage key="login" mode="login" /> },
  { path: ROUTES.loginDesktop, element: <LoginPage key="desktop" mode="desktop" /> },
  {
    path: ROUTES.loginDesktopSuccess,
    element: (
      <RequireAccount>
        <DesktopSuccessPage />
      </RequireAccount>
    ),
  },
  { path: ROUTES.logout, element: <LogoutPage /> },
  { path: ROUTES.onboardingProfile, element: <Navigate to={onboardingPath('user-name')} replace /> },
  {
    path: `${ROUTES.onboardingProfile}/:step`,
    element: (
      <RequireAccount>
        <OnboardingPage />
      </RequireAccount>
    ),
  },
  {
    path: ROUTES.accountSettings,
    element: (
      <RequireAccount>
        <AccountSettingsLayout />
      </RequireAccount>
    ),
    children: [
      { index: true, element: <Navigate to={accountSettingsPath()} replace /> },
      { path: 'my-profile', element: <MyProfileSettings /> },
      { path: 'general', element: <GeneralSettings /> },
      { path: 'boost', element: <BoostSettings /> },
      { path: '*', element: <Navigate to={accountSettingsPath()} replace /> },
    ],
  },
  {
    path: ROUTES.account,
    element: (
      <RequireAccount>
        <Outlet />
      </RequireAccount>
    ),
    children: [
      { index: true, element: <Navigate to={ROUTES.accountDashboard} replace /> },
      { path: 'dashboard', element: <DashboardPage /> },
      // accounts.md's account/start: organisation creation for someone with neither, else the dashboard.
      { path: 'start', element: <AccountStart /> },
      // accounts.md's account/login/profile: completing one's profile after signing in.
      { path: 'login/profile', element: <Navigate to={onboardingPath('user-name')} replace /> },
      { path: 'organization/create', element: <OrganizationCreatePage /> },
      { path: 'license/buy', element: <LicenseBuyPage /> },
      { path: 'license/payment', element: <LicensePaymentPage /> },
      { path: 'payment-succeed', element: <PaymentSucceedPage /> },
      { path: 'scribe-time', element: <ScribeTimePage /> },
      // The spec's fallback for account/*.
      { path: '*', element: <Navigate to={ROUTES.accountDashboard} replace /> },
    ],
  },
  {
    path: ROUTES.workspace,
    element: (
      <RequireAccount>
        <WorkspaceLayout />
      </RequireAccount>
    ),
    children: [
      { index: true, element: <Navigate to={workspacePath()} replace /> },
      { path: 'members', element: <WorkspaceMembersPage /> },
      { path: 'organization', element: <WorkspaceOrganizationPage /> },
      { path: 'billing', element: <WorkspaceBillingPage /> },
      { path: 'reporting', element: <WorkspaceReportingPage /> },
      { path: 'settings', element: <WorkspaceSettingsPage /> },
      { path: '*', element: <Navigate to={workspacePath()} replace /> },
    ],
  },
  { path: ROUTES.scribeDashboard, element: <ScribeDashboardPage /> },
  {
    path: ROUTES.buy,
    element: (
      <RequireAccount>
        <BuyReload />
      </RequireAccount>
    ),
  },
];
