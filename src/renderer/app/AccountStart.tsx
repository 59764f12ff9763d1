import { Navigate } from 'react-router-dom';
import { accountStartPath } from '../../shared/routes';
import { isPaidSubscriber } from '../../shared/user';
import { useAppSelector } from './hooks';

/**
 * account/start (accounts.md): where the accounts area begins for a signed-in account (the route
 * waits behind RequireAccount until the profile is loaded): someone with no organisation or
 * licence goes to create one, everyone else to the dashboard.
 */
export function AccountStart() {
  const profile = useAppSelector((s) => s.profile.profile);
  const to = accountStartPath({
    hasOrganization: Boolean(profile?.organizationId || profile?.organization),
    hasLicence: isPaidSubscriber(profile?.subscription),
  });
  return <Navigate to={to} replace />;
}
