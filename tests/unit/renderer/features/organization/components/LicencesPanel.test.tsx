// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LicencesPanel } from '../../../../../../src/renderer/features/organization/components/LicencesPanel';
import { initialOrganizationState } from '../../../../../../src/renderer/features/organization/slice';
import type { Licence } from '../../../../../../src/shared/licences';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const licence = (id: string, extra: Partial<Licence> = {}): Licence => ({
  id,
  offerId: 'pro-month',
  type: 'standard',
  plan: 'Pro',
  interval: 'month',
  count: 2,
  endDateMs: Date.now() + 1e9,
  autoRenewal: true,
  trial: false,
  hasUpdated: false,
  ...extra,
});

function panel(list: Licence[], magicLinks: Record<string, string> = {}) {
  return renderApp(<LicencesPanel />, {
    organization: {
      ...initialOrganizationState,
      licences: { status: 'ready', list, billing: false },
      magicLinks,
    },
  });
}

describe('LicencesPanel magic links', () => {
  it('offers a free licence as a link, with the email typed in its row and the page’s language', async () => {
    const { user, actions } = panel([licence('l1'), licence('l2', { assignedEmail: 'bo@example.org' })]);
    const rows = screen.getAllByTestId('licence-row');
    // A licence someone holds cannot be sent.
    expect(within(rows[1]!).queryByTestId('licence-magic-link')).toBeNull();
    await user.type(within(rows[0]!).getByLabelText('Email of licence 1'), 'ann@example.org');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Send as a link' }));
    expect(actions.at(-1)).toEqual({
      type: 'organization/magicLinkRequested',
      payload: { id: 'l1', email: 'ann@example.org', language: 'en' },
    });
  });

  it('shows the link made, labelled with its recipient, ready to copy', () => {
    panel([licence('l1', { type: 'magicLink', recipient: 'ann@example.org' })], {
      l1: 'http://127.0.0.1:8787/signup?redirect=%2Faccount',
    });
    const field = screen.getByLabelText(/^Link for ann@example.org/);
    expect((field as HTMLInputElement).value).toBe('http://127.0.0.1:8787/signup?redirect=%2Faccount');
    expect((field as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });
});
