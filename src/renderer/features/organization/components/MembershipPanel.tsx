import { Button, Callout, Card, H2 } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptanceOutcome, type MyInvitation } from '../../../../shared/organization-membership';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectProfile } from '../../account-profile/selectors';
import { organizationActions } from '../slice';

function InvitationCard({ invitation, current }: { invitation: MyInvitation; current: string | undefined }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => s.organization.membership.busy) === invitation.organizationId;
  const organization = invitation.organizationName;
  const outcome = acceptanceOutcome(current);
  const headingId = `invitation-${invitation.organizationId}`;
  return (
    <li>
      <Card className="lobby-card" elevation={1} aria-labelledby={headingId} data-testid="invitation">
        <p id={headingId}>
          {t('organizations.dashboard.membership.invitation', {
            inviter: invitation.invitedByName ?? t('organizations.dashboard.membership.someone'),
            organization,
            role: t(`organizations.dashboard.membership.roles.${invitation.role}`),
          })}
        </p>
        <p className="field-help" data-testid="invitation-means">
          {outcome === 'join'
            ? t('organizations.dashboard.membership.joinMeans')
            : t('organizations.dashboard.membership.leaveFirst', { organization: current })}
        </p>
        <Button
          intent="primary"
          disabled={outcome !== 'join'}
          loading={busy}
          onClick={() =>
            dispatch(organizationActions.acceptRequested({ organizationId: invitation.organizationId }))
          }
          data-testid="invitation-accept"
        >
          {t('organizations.dashboard.membership.accept', { organization })}
        </Button>{' '}
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() =>
            dispatch(organizationActions.declineRequested({ organizationId: invitation.organizationId }))
          }
          data-testid="invitation-decline"
        >
          {t('organizations.dashboard.membership.decline', { organization })}
        </Button>
      </Card>
    </li>
  );
}

/** Leaving one's organisation, behind a confirmation; the server's refusal is shown as said. */
function LeaveOrganization({ organization }: { organization: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => s.organization.membership.busy) === 'leave';
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  return (
    <section aria-labelledby="leave-heading" data-testid="leave-organization">
      <H2 id="leave-heading">{t('organizations.dashboard.membership.leaveHeading')}</H2>
      {confirming ? (
        <div role="group" aria-labelledby="leave-confirm">
          <p id="leave-confirm">{t('organizations.dashboard.membership.leaveConfirm', { organization })}</p>
          <Button
            ref={confirmRef}
            intent="danger"
            loading={busy}
            onClick={() => {
              setConfirming(false);
              dispatch(organizationActions.leaveRequested());
            }}
            data-testid="leave-confirm"
          >
            {t('organizations.dashboard.membership.leaveYes')}
          </Button>{' '}
          <Button variant="minimal" onClick={() => setConfirming(false)}>
            {t('organizations.dashboard.membership.leaveNo')}
          </Button>
        </div>
      ) : (
        <Button
          variant="outlined"
          intent="danger"
          onClick={() => setConfirming(true)}
          data-testid="leave-start"
        >
          {t('organizations.dashboard.membership.leave', { organization })}
        </Button>
      )}
    </section>
  );
}

/**
 * The dashboard's membership part (issue 29 F-09): invitations waiting for this person, each
 * saying what accepting means, and leaving the organisation they belong to.
 */
export function MembershipPanel() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const { invitations, error, left } = useAppSelector((s) => s.organization.membership);
  useEffect(() => {
    dispatch(organizationActions.invitationsRequested());
  }, [dispatch, profile?.organizationId]);
  const current = profile?.organizationId ? (profile.organization?.name ?? '') : undefined;
  return (
    <>
      <div role="status">
        {left ? <p data-testid="organization-left">{t('organizations.dashboard.membership.left')}</p> : null}
      </div>
      <div role="alert">
        {error ? (
          <Callout intent="danger" data-testid="membership-error">
            {t('organizations.dashboard.membership.failed', { message: error })}
          </Callout>
        ) : null}
      </div>
      {invitations.length > 0 ? (
        <section aria-labelledby="invitations-heading" data-testid="invitations">
          <H2 id="invitations-heading">{t('organizations.dashboard.membership.invitationsHeading')}</H2>
          <ul className="individual-options">
            {invitations.map((i) => (
              <InvitationCard key={i.organizationId} invitation={i} current={current} />
            ))}
          </ul>
        </section>
      ) : null}
      {current !== undefined ? <LeaveOrganization organization={current} /> : null}
    </>
  );
}
