// @vitest-environment happy-dom
/**
 * The dashboard of someone in no organization: the spec's individual options, the plan as the
 * spec names it, and "Display a phone conversation", which starts a conversation on its phone panel.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrganizationDashboard } from '../../../../../../src/renderer/features/organization/components/OrganizationDashboard';
import { initialOrganizationState } from '../../../../../../src/renderer/features/organization/slice';
import { profile } from '../../../../../helpers/account-sagas';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

function dashboard(subscription: { ongoingSubscription?: string; ongoingSubscriptionSubtype?: string }) {
  return renderApp(<OrganizationDashboard />, {
    profile: { status: 'ready', profile: profile({ avaId: 'ada', subscription }) },
    organization: { ...initialOrganizationState, membership: { invitations: [] } },
  });
}

describe('OrganizationDashboard, individual', () => {
  it('shows the plan as the spec names it', () => {
    dashboard({ ongoingSubscription: 'Freedom' });
    expect(screen.getByText('Your plan: Community')).toBeTruthy();
  });

  it('starts a phone conversation from the keyboard', async () => {
    const { user, actions } = dashboard({});
    const phone = screen.getByRole('button', { name: 'Display a phone conversation' });
    phone.focus();
    await user.keyboard('{Enter}');
    expect(actions.at(-1)).toEqual({ type: 'lobby/startRequested', payload: { panel: 'phone' } });
  });
});
