/**
 * The accounts area's routes (accounts.md section 2). Account routes are wrapped in
 * RequireAccount, which applies the shared guard (signed-in account with its profile, else /web).
 */
import './accounts.css';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ROUTES, accountSettingsPath, onboardingPath } from '../../shared/routes';
import { DashboardPage } from '../features/account/components/DashboardPage';
import { ScribeDashboardPage } from '../features/account/components/ScribeDashboardPage';
import { AccountSettingsLayout } from '../features/accountSettings/components/AccountSettingsLayout';
import { BoostSettings } from '../features/accountSettings/components/BoostSettings';
import { GeneralSettings } from '../features/accountSettings/components/GeneralSettings';
import { MyProfileSettings } from '../features/accountSettings/components/MyProfileSettings';
import { DesktopSuccessPage } from '../features/auth/components/DesktopSuccessPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { LogoutPage } from '../features/auth/components/LogoutPage';
import { RequireAccount } from '../features/auth/components/RequireAccount';
import { OnboardingPage } from '../features/onboarding/components/OnboardingPage';

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
      // The spec's fallback for account/*.
      { path: '*', element: <Navigate to={ROUTES.accountDashboard} replace /> },
    ],
  },
  { path: ROUTES.scribeDashboard, element: <ScribeDashboardPage /> },
];
