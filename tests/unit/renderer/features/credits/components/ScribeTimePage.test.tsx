// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScribeTimePage } from '../../../../../../src/renderer/features/credits/components/ScribeTimePage';
import { creditsActions } from '../../../../../../src/renderer/features/credits/slice';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

describe('the Scribe time page (issue 30, item 4)', () => {
  it('reads one’s Scribe time, says it, and buys the hours chosen', async () => {
    const { user, actions } = renderApp(
      <ScribeTimePage />,
      { credits: { ranOut: false, scribeTimeMs: 90 * 60_000 } },
      '/account/scribe-time',
    );
    expect(actions.some((a) => creditsActions.scribeTimeRequested.match(a))).toBe(true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Scribe time');
    expect(screen.getByTestId('scribe-time-left').textContent).toBe('Your Scribe time: 90 minutes.');
    const hours = screen.getByLabelText('Hours to buy');
    expect(screen.getAllByRole('option')).toHaveLength(20);
    expect(screen.getAllByRole('option')[2]!.textContent).toBe('3 hours, €180.00');
    await user.selectOptions(hours, '3');
    await user.click(screen.getByRole('button', { name: 'Buy Scribe time' }));
    expect(actions).toContainEqual(creditsActions.scribeTimeBuyRequested({ hours: 3, language: 'en' }));
  });

  it('says the payment was received when Checkout comes back, and why a checkout could not open', () => {
    renderApp(
      <ScribeTimePage />,
      { credits: { ranOut: false, buyError: 'The payment service failed' } },
      '/account/scribe-time?paid=1',
    );
    expect(screen.getByTestId('scribe-time-paid').textContent).toBe(
      'Payment received: your Scribe time is added.',
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'The payment page could not be opened: The payment service failed',
    );
  });
});
