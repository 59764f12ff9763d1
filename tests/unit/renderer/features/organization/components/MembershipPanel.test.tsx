// @vitest-environment happy-dom
/**
 * The dashboard's membership part (issue 29 F-09): an invitation says what accepting means and
 * is accepted or declined by buttons named for its organisation; someone in an organisation is
 * told to leave it first; leaving asks for a confirmation, whose button takes the focus.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MembershipPanel } from '../../../../../../src/renderer/features/organization/components/MembershipPanel';
import { initialOrganizationState } from '../../../../../../src/renderer/features/organization/slice';
import type { MyInvitation } from '../../../../../../src/shared/organization-membership';
import { profile } from '../../../../../helpers/account-sagas';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const invitation: MyInvitation = {
  organizationId: 'org2',
  organizationName: 'Riverside School',
  organizationType: 'edu',
  role: 'member',
  invitedByName: 'Ada',
  sinceMs: 1,
};

function panel(inOrganization: boolean, invitations: MyInvitation[] = [invitation]) {
  const me = profile({
    avaId: 'bob',
    ...(inOrganization
      ? { organizationId: 'org1', organization: { name: 'Hill Works' }, role: 'member' }
      : {}),
  });
  return renderApp(<MembershipPanel />, {
    profile: { status: 'ready', profile: me },
    organization: { ...initialOrganizationState, membership: { invitations } },
  });
}

describe('MembershipPanel', () => {
  it('asks for the invitations, says what accepting means, and accepts or declines', async () => {
    const { user, actions, types } = panel(false);
    expect(types()).toContain('organization/invitationsRequested');
    expect(screen.getByText('Ada invited you to join Riverside School as a member.')).toBeTruthy();
    expect(screen.getByTestId('invitation-means').textContent).toMatch(/usage report/);
    await user.click(screen.getByRole('button', { name: 'Accept the invitation of Riverside School' }));
    expect(actions.at(-1)).toEqual({
      type: 'organization/acceptRequested',
      payload: { organizationId: 'org2' },
    });
    expect(screen.queryByTestId('leave-organization')).toBeNull();
    // The answer on its way: the other button waits for it.
    cleanup();
    const again = panel(false);
    await again.user.click(
      screen.getByRole('button', { name: 'Decline the invitation of Riverside School' }),
    );
    expect(again.actions.at(-1)).toEqual({
      type: 'organization/declineRequested',
      payload: { organizationId: 'org2' },
    });
  });

  it('tells someone in an organisation to leave it before accepting', () => {
    panel(true);
    expect(screen.getByTestId('invitation-means').textContent).toContain('leave Hill Works');
    const accept = screen.getByRole('button', { name: 'Accept the invitation of Riverside School' });
    expect((accept as HTMLButtonElement).disabled).toBe(true);
  });

  it('leaves only after a confirmation, whose button takes the focus', async () => {
    const { user, types } = panel(true, []);
    await user.click(screen.getByRole('button', { name: 'Leave Hill Works' }));
    expect(types()).not.toContain('organization/leaveRequested');
    const confirm = screen.getByRole('button', { name: 'Yes, leave' });
    expect(document.activeElement).toBe(confirm);
    await user.click(confirm);
    expect(types()).toContain('organization/leaveRequested');
  });

  it('shows the server’s refusal (the only admin leaving) as an alert', () => {
    renderApp(<MembershipPanel />, {
      profile: { status: 'ready', profile: profile({ avaId: 'ada', organizationId: 'org1' }) },
      organization: {
        ...initialOrganizationState,
        membership: { invitations: [], error: 'You are the only admin of your organization.' },
      },
    });
    expect(screen.getByRole('alert').textContent).toContain('only admin');
  });
});
