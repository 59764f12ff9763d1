import { Button, Callout, Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../../shared/routes';
import { isAdmin, isScribe, planDisplayName } from '../../../../shared/user';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { lobbyActions } from '../../lobby/slice';
import { selectProfile } from '../../account-profile/selectors';
import { LicencesPanel } from './LicencesPanel';
import { MembershipPanel } from './MembershipPanel';

/**
 * The dashboard's organisation part: an admin's licences; a member's plan; the invitations
 * waiting and leaving (MembershipPanel); for someone in no organisation, its creation and the
 * individual options of the spec.
 */
export function OrganizationDashboard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  if (!profile) return null;
  const plan = planDisplayName(profile.subscription);
  if (profile.organizationId) {
    return (
      <>
        {isAdmin(profile) ? (
          <LicencesPanel />
        ) : (
          <Callout className="page-callout" data-testid="organization-member-note">
            <p>{t('organizations.dashboard.plan', { plan })}</p>
            <p>{t('organizations.dashboard.memberNote')}</p>
          </Callout>
        )}
        <MembershipPanel />
      </>
    );
  }
  // Joining is the dashboard's own first card, and signing out the header's: not again here.
  // The Scribe dashboard is only for Scribes (others would be refused there).
  const options: { to: string; key: 'buy' | 'show' | 'scribe' }[] = [
    { to: `${ROUTES.accountOrganizationCreate}?type=individual`, key: 'buy' },
    { to: ROUTES.history, key: 'show' },
    ...(isScribe(profile) ? [{ to: ROUTES.scribeDashboard, key: 'scribe' as const }] : []),
  ];
  return (
    <section aria-labelledby="individual-heading" data-testid="organization-none">
      <MembershipPanel />
      <p>{t('organizations.dashboard.plan', { plan })}</p>
      <Card className="lobby-card" elevation={1}>
        <H2>
          <Link to={ROUTES.accountOrganizationCreate} data-testid="dashboard-create-organization">
            {t('organizations.dashboard.createCard')}
          </Link>
        </H2>
        <p>{t('organizations.dashboard.createHelp')}</p>
      </Card>
      <H2 id="individual-heading">{t('organizations.dashboard.individualHeading')}</H2>
      <ul className="individual-options">
        {options.map((o) => (
          <li key={o.key} data-testid={`dashboard-option-${o.key}`}>
            <Link to={o.to}>{t(`organizations.dashboard.individual.${o.key}`)}</Link>
          </li>
        ))}
        {/* The spec's "display a phone conversation": a new conversation, opened on its phone panel. */}
        <li data-testid="dashboard-option-phone">
          <Button
            variant="minimal"
            intent="primary"
            text={t('organizations.dashboard.individual.phone')}
            onClick={() => dispatch(lobbyActions.startRequested({ panel: 'phone' }))}
          />
        </li>
      </ul>
    </section>
  );
}
