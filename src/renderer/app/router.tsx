import { Navigate, type RouteObject, createBrowserRouter, useLocation } from 'react-router-dom';
import { DESKTOP_ROUTES } from '../../shared/desktop';
import { ConversationPage } from '../features/conversation/components/ConversationPage';
import { CaptionModePage } from '../features/caption-window/components/CaptionModePage';
import { DesktopPreferencesPage } from '../features/desktop/components/DesktopPreferencesPage';
import { InternalAudioSetupPage } from '../features/desktop/components/InternalAudioSetupPage';
import { ConversationsPage } from '../features/lobby/components/ConversationsPage';
import { TranscriptPage } from '../features/transcript/components/TranscriptPage';
import { CrashPage } from '../features/account/components/CrashPage';
import { accountRoutes } from './accountRoutes';
import { AppShell } from './AppShell';
import { PATHS } from './paths';

/** Redirects, keeping the query string (a shared link's `?token=` survives `/` -> `/web/...`). */
function RedirectTo({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

export const routes: RouteObject[] = [
  // Desktop caption mode: the floating captions and captions box windows, without the app's frame.
  { path: DESKTOP_ROUTES.captions, element: <CaptionModePage /> },
  {
    element: <AppShell />,
    // An unexpected error reloads the page (once; see CrashPage).
    errorElement: <CrashPage />,
    children: [
      { path: PATHS.root, element: <RedirectTo to={PATHS.web} /> },
      { path: PATHS.web, element: <RedirectTo to={PATHS.conversations} /> },
      { path: PATHS.conversations, element: <ConversationsPage /> },
      { path: PATHS.conversationPattern, element: <ConversationPage /> },
      { path: PATHS.transcriptBase, element: <TranscriptPage /> },
      ...accountRoutes,
      { path: DESKTOP_ROUTES.preferences, element: <DesktopPreferencesPage /> },
      { path: DESKTOP_ROUTES.internalAudioSetup, element: <InternalAudioSetupPage /> },
      // Unknown paths go to the sign-up screen, as the spec's redirects say.
      { path: '*', element: <Navigate to={PATHS.signup} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
