// @vitest-environment happy-dom
/**
 * The confirmation before one licence is cancelled (issue 30, item 9): what happens and when, as
 * the server does it, in English and French; reached and answered by keyboard; nothing is
 * cancelled until it is confirmed.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LicencesPanel } from '../../../../../../src/renderer/features/organization/components/LicencesPanel';
import { LicenceCancelDialog } from '../../../../../../src/renderer/features/organization/components/LicenceCancelDialog';
import {
  initialOrganizationState,
  organizationActions,
} from '../../../../../../src/renderer/features/organization/slice';
import { createI18n } from '../../../../../../src/renderer/i18n';
import type { Licence } from '../../../../../../src/shared/licences';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

/** Blueprint's dialog leaves the page at the end of its closing transition. */
const closed = () => waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

/** Noon UTC: the same day in every time zone the tests run in. */
const ENDS = Date.UTC(2027, 0, 4, 12);

const licence = (id: string, extra: Partial<Licence> = {}): Licence => ({
  id,
  offerId: 'pro-month',
  type: 'standard',
  plan: 'Pro',
  interval: 'month',
  count: 3,
  endDateMs: ENDS,
  autoRenewal: true,
  trial: false,
  hasUpdated: false,
  subscriptionSeats: 3,
  ...extra,
});

const trial = licence('t1', {
  offerId: 'trial',
  trial: true,
  autoRenewal: false,
  count: 1,
  subscriptionSeats: undefined,
});

/** The dialog's question as a screen reader meets it: its name and its description. */
function question() {
  const dialog = screen.getByRole('alertdialog');
  const text = (attribute: string) =>
    document.getElementById(dialog.getAttribute(attribute) ?? '')?.textContent ?? undefined;
  return { dialog, name: text('aria-labelledby'), description: text('aria-describedby') };
}

function inLanguage(language: 'en' | 'fr', props: { licence: Licence; number: number }) {
  render(
    <I18nextProvider i18n={createI18n(language, () => undefined)}>
      <LicenceCancelDialog {...props} isOpen onConfirm={() => undefined} onClose={() => undefined} />
    </I18nextProvider>,
  );
  return question();
}

describe('LicenceCancelDialog says what happens and when', () => {
  it('a paid licence runs to its period’s end and its subscription renews one fewer', () => {
    const { name, description } = inLanguage('en', {
      licence: licence('l2', { assignedEmail: 'bo@example.org' }),
      number: 2,
    });
    expect(name).toBe('Cancel licence 2?');
    expect(description).toBe(
      'Licence 2 stays active until January 4, 2027, the end of its paid period, then ends. ' +
        'bo@example.org keeps the Pro plan until then. ' +
        'From then on the subscription renews 2 licences instead of 3. ' +
        'Nothing is refunded for the period already paid.',
    );
  });

  it('the last licence of a subscription ends the subscription at that date', () => {
    const { description } = inLanguage('en', { licence: licence('l2', { subscriptionSeats: 1 }), number: 2 });
    expect(description).toContain(
      'It is the last licence of its subscription: the subscription ends on January 4, 2027 and is not charged again.',
    );
    expect(description).not.toContain('renews');
    cleanup();
    expect(
      inLanguage('en', { licence: licence('l2', { subscriptionSeats: 2 }), number: 2 }).description,
    ).toContain('renews 1 licence instead of 2.');
  });

  it('a trial ends now, and its holder is back on Free', () => {
    const { name, description } = inLanguage('en', {
      licence: { ...trial, assignedEmail: 'ann@example.org' },
      number: 1,
    });
    expect(name).toBe('End the trial now?');
    expect(description).toBe('The trial licence ends now. ann@example.org goes back to the Free plan.');
  });

  it('says it in French', () => {
    const paid = inLanguage('fr', { licence: licence('l2', { assignedEmail: 'bo@example.org' }), number: 2 });
    expect(paid.name).toBe('Résilier la licence 2 ?');
    expect(paid.description).toBe(
      'La licence 2 reste active jusqu’au 4 janvier 2027, fin de sa période payée, puis prend fin. ' +
        'bo@example.org garde l’offre Pro jusque-là. ' +
        'Ensuite, l’abonnement renouvelle 2 licences au lieu de 3. ' +
        'La période déjà payée n’est pas remboursée.',
    );
    expect(within(paid.dialog).getByRole('button', { name: 'La garder' })).toBeDefined();
    cleanup();
    expect(
      inLanguage('fr', { licence: licence('l2', { subscriptionSeats: 1 }), number: 2 }).description,
    ).toContain('l’abonnement prend fin le 4 janvier 2027');
    cleanup();
    expect(inLanguage('fr', { licence: trial, number: 1 }).description).toBe(
      'La licence d’essai prend fin maintenant.',
    );
  });
});

describe('the licences list asks before cancelling', () => {
  function panel() {
    return renderApp(<LicencesPanel />, {
      organization: {
        ...initialOrganizationState,
        licences: { status: 'ready', list: [trial, licence('l2'), licence('l3')], billing: true },
      },
    });
  }
  const cancelled = (actions: { type: string }[]) =>
    actions.filter((a) => organizationActions.cancelRequested.match(a));

  it('cancels nothing until confirmed; Escape and “Keep it” keep the licence', async () => {
    const { user, actions } = panel();
    const row = screen.getAllByTestId('licence-row')[2]!;
    await user.click(within(row).getByRole('button', { name: 'Cancel licence 3' }));
    // Focus starts on the safe answer.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    await user.keyboard('{Escape}');
    await closed();
    await user.click(within(row).getByRole('button', { name: 'Cancel licence 3' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await closed();
    expect(cancelled(actions)).toEqual([]);
  });

  it('cancels that licence once confirmed by keyboard, and leaves focus on its row', async () => {
    const { user, actions, store } = panel();
    const row = screen.getAllByTestId('licence-row')[2]!;
    within(row).getByRole('button', { name: 'Cancel licence 3' }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('alertdialog');
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel licence 3' }));
    await user.keyboard('{Enter}');
    expect(cancelled(actions)).toEqual([organizationActions.cancelRequested({ id: 'l3' })]);
    // The server answers before the dialog has faded out: the Cancel button goes at once.
    act(() => {
      store.dispatch(
        organizationActions.licenceChanged(licence('l3', { autoRenewal: false, subscriptionSeats: 2 })),
      );
    });
    expect(within(row).queryByRole('button', { name: 'Cancel licence 3' })).toBeNull();
    await closed();
    expect(document.activeElement).toBe(within(row).getByRole('rowheader', { name: 'Licence 3' }));
  });
});
