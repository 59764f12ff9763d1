// @vitest-environment happy-dom
import type { MailDelivery } from '../../../../../../src/shared/mail';
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

function panel(list: Licence[], magicLinks: Record<string, { link: string; delivery: MailDelivery }> = {}) {
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
      l1: { link: 'http://127.0.0.1:8787/signup?redirect=%2Faccount', delivery: 'no-mail-server' },
    });
    const field = screen.getByLabelText(
      /^Link for ann@example.org.*This server sends no email: give them the link\.$/,
    );
    expect((field as HTMLInputElement).value).toBe('http://127.0.0.1:8787/signup?redirect=%2Faccount');
    expect((field as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('says when the link went out by email, and when the email could not go', () => {
    const link = 'http://127.0.0.1:8787/signup?redirect=%2Faccount';
    panel(
      [
        licence('l1', { type: 'magicLink', recipient: 'ann@example.org' }),
        licence('l2', { type: 'magicLink', recipient: 'bo@example.org' }),
      ],
      { l1: { link, delivery: 'mailed' }, l2: { link, delivery: 'failed' } },
    );
    expect(screen.getByLabelText(/^Link for ann@example.org.*We emailed it to them/)).toBeTruthy();
    expect(
      screen.getByLabelText(/^Link for bo@example.org.*The email could not be sent: give them the link/),
    ).toBeTruthy();
  });
});
