/**
 * The accounts area's routes (accounts.md section 2). Account routes are wrapped in
 * RequireAccount, which applies the shared guard (signed-in account with its profile, else /web).
 */
import './accounts.css';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ROUTES, accountSettingsPath, onboardingPath } from '../../shared/routes';
import { DashboardPage, ScribeDashboardPage } from '../features/dashboards';
import {
  AccountSettingsLayout,
  BoostSettings,
  GeneralSettings,
  MyProfileSettings,
} from '../features/account-settings';
import { DesktopSuccessPage } from '../features/sign-in/components/DesktopSuccessPage';
import { LoginPage } from '../features/sign-in/components/LoginPage';
import { LogoutPage } from '../features/sign-in/components/LogoutPage';
import { RequireAccount } from '../features/sign-in/components/RequireAccount';
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
