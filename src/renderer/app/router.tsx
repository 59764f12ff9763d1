import { Navigate, type RouteObject, createBrowserRouter, useLocation } from 'react-router-dom';
import { DESKTOP_ROUTES } from '../../shared/desktop';
import { ROUTES } from '../../shared/routes';
// The guest's path (open the link, read the captions) is in the entry chunk: one round trip
// fewer on a phone. Every other screen is a lazyPage: its own chunk, loaded on first visit.
import { ConversationPage } from '../features/conversation/components/ConversationPage';
import { ConversationsPage } from '../features/lobby/components/ConversationsPage';
import { BranchLanding } from './BranchLanding';
import { CrashPage } from './CrashPage';
import { accountRoutes } from './account-routes';
import { AppShell } from './AppShell';
import { lazyPage } from './lazy-page';

const CaptionModePage = lazyPage(() => import('../features/caption-window'), 'CaptionModePage');
const DesktopPreferencesPage = lazyPage(
  () => import('../features/desktop/components/DesktopPreferencesPage'),
  'DesktopPreferencesPage',
);
const InternalAudioSetupPage = lazyPage(
  () => import('../features/desktop/components/InternalAudioSetupPage'),
  'InternalAudioSetupPage',
);
const TranscriptPage = lazyPage(
  () => import('../features/transcript/components/TranscriptPage'),
  'TranscriptPage',
);
const HistoryPage = lazyPage(() => import('../features/history/components/HistoryPage'), 'HistoryPage');
const LegalPage = lazyPage(() => import('../features/legal/components/LegalPage'), 'LegalPage');
const FaqPage = lazyPage<'FaqPage', object>(
  () => import('../features/legal/components/LegalPage'),
  'FaqPage',
);
const DownloadPage = lazyPage(() => import('../features/desktop-download'), 'DownloadPage');
const LaunchAppPage = lazyPage<'LaunchAppPage', object>(
  () => import('../features/desktop-download'),
  'LaunchAppPage',
);
const SharedTranscriptPage = lazyPage(
  () => import('../features/recap/components/SharedTranscriptPage'),
  'SharedTranscriptPage',
);

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
      { path: ROUTES.root, element: <RedirectTo to={ROUTES.web} /> },
      { path: ROUTES.web, element: <RedirectTo to={ROUTES.conversations} /> },
      { path: ROUTES.conversations, element: <ConversationsPage /> },
      { path: ROUTES.conversation, element: <ConversationPage /> },
      { path: ROUTES.transcript, element: <TranscriptPage /> },
      { path: ROUTES.history, element: <HistoryPage /> },
      { path: ROUTES.sharedTranscript, element: <SharedTranscriptPage /> },
      // The spec's other paths of the same views (conversation.md section 2).
      { path: ROUTES.convoV1Transcript, element: <TranscriptPage /> },
      { path: ROUTES.convoV2Transcript, element: <TranscriptPage /> },
      { path: ROUTES.convoV2Conversations, element: <ConversationsPage /> },
      { path: ROUTES.branch, element: <BranchLanding /> },
      { path: ROUTES.download, element: <DownloadPage /> },
      { path: ROUTES.convoV2LaunchApp, element: <LaunchAppPage /> },
      { path: ROUTES.terms, element: <LegalPage kind="terms" /> },
      { path: ROUTES.privacy, element: <LegalPage kind="privacy" /> },
      { path: ROUTES.faq, element: <FaqPage /> },
      ...accountRoutes,
      { path: DESKTOP_ROUTES.preferences, element: <DesktopPreferencesPage /> },
      { path: DESKTOP_ROUTES.internalAudioSetup, element: <InternalAudioSetupPage /> },
      // Unknown paths go to the sign-up screen, as the spec's redirects say.
      { path: '*', element: <Navigate to={ROUTES.signup} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
