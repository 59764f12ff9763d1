/**
 * Tells the end sequence when the page is unloaded (pagehide: the app quitting or its window
 * closing), so the desktop app can say app_terminated before its socket goes (ending/sagas.ts).
 */
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { endingActions } from './slice';

export function useAppTermination(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const terminating = () => dispatch(endingActions.appTerminating());
    window.addEventListener('pagehide', terminating);
    return () => window.removeEventListener('pagehide', terminating);
  }, [dispatch]);
}
