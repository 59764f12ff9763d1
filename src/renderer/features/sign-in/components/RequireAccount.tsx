import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guardRoute } from '../../../../shared/routes';
import { useAppSelector } from '../../../app/hooks';
import { selectProfileLoaded } from '../../account-profile/selectors';
import { selectAuth, selectAuthPhase } from '../selectors';
import { LoadingScreen } from './LoadingScreen';

/** Account routes: shown to a signed-in account with its profile; the shared guard decides. */
export function RequireAccount({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const phase = useAppSelector(selectAuthPhase);
  const profileLoaded = useAppSelector(selectProfileLoaded);
  const refused = useAppSelector((state) => selectAuth(state).sessionRefused);
  const decision = guardRoute(pathname, phase, profileLoaded, refused ? { search } : undefined);
  if (decision.kind === 'wait') return <LoadingScreen />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
