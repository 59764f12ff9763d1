import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { STORAGE_KEYS } from '../../shared/constants';
import { branchLanding } from '../../shared/routes';
import { browserStorage } from '../lib/storage';

/** branch/{branchUrlId}: keeps the link's id as `via_branch` (accounts.md), then lands in the app. */
export function BranchLanding() {
  const { branchUrlId } = useParams();
  const { search } = useLocation();
  const landing = branchLanding(branchUrlId);
  useEffect(() => {
    if (landing.viaBranch) browserStorage().set(STORAGE_KEYS.viaBranch, landing.viaBranch);
  }, [landing.viaBranch]);
  return <Navigate to={{ pathname: landing.to, search }} replace />;
}
