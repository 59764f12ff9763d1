import { describe, expect, it } from 'vitest';
import {
  checkoutHtml,
  escapeHtml,
  invoiceHtml,
  money,
  portalHtml,
} from '../../../../src/server/payments/stand-in-html';
import type { SubscriptionRecord } from '../../../../src/server/payments/stand-in-store';

const LINE = {
  quantity: 3,
  currency: 'eur',
  unitAmount: 3900,
  interval: 'month' as const,
  productName: 'Pro <b>',
};

describe('the stand-in’s HTML', () => {
  it('escapes what it shows and formats money', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(money(11700, 'eur')).toBe('€117.00');
  });

  it('ties the terms error to its checkbox for screen readers', () => {
    const session = { line: LINE, termsRequired: true, cancelUrl: 'http://hearken/?a=1&b=2' };
    const fresh = checkoutHtml('cs_test_1', session, '');
    expect(fresh).toContain('<dd data-testid="checkout-total">€117.00 per month</dd>');
    expect(fresh).toContain('Pay for Pro &lt;b&gt;');
    expect(fresh).toContain('href="http://hearken/?a=1&amp;b=2"');
    expect(fresh).not.toContain('role="alert"');
    const refused = checkoutHtml('cs_test_1', session, 'Please accept');
    expect(refused).toContain('<p class="error" role="alert" id="terms-error">Please accept</p>');
    expect(refused).toContain('aria-describedby="terms-error" aria-invalid="true"');
    expect(checkoutHtml('cs_test_1', { ...session, termsRequired: false }, '')).not.toContain('name="terms"');
  });

  it('shows an invoice’s amount and period', () => {
    const page = invoiceHtml({
      number: 'HRKN-0001',
      status: 'paid',
      amount_paid: 2000,
      currency: 'eur',
      period_start: Date.UTC(2027, 0, 1) / 1000,
      period_end: Date.UTC(2027, 1, 1) / 1000,
    });
    expect(page).toContain('<title>Invoice HRKN-0001</title>');
    expect(page).toContain('€20.00');
    expect(page).toContain('2027-01-01 to 2027-02-01');
  });

  it('says of each subscription whether it renews, ends or was cancelled', () => {
    const sub = (status: string, cancelAtPeriodEnd: boolean): SubscriptionRecord => ({
      line: LINE,
      periodStart: 0,
      periodEnd: Date.UTC(2027, 5, 1) / 1000,
      object: { id: `sub_${status}${cancelAtPeriodEnd}`, status, cancel_at_period_end: cancelAtPeriodEnd },
    });
    const page = portalHtml(
      'bps_1',
      'http://hearken/back',
      [sub('active', false), sub('active', true), sub('canceled', false)],
      '',
    );
    expect(page).toContain(
      'Renews on 2027-06-01 <form method="post" action="/portal/bps_1/cancel/sub_activefalse">',
    );
    expect(page).toContain('Ends on 2027-06-01 </li>');
    expect(page).toContain('Cancelled </li>');
    expect(page).not.toContain('role="status"');
    expect(portalHtml('bps_1', 'http://hearken/back', [], 'Done.')).toContain('<p role="status">Done.</p>');
    expect(portalHtml('bps_1', 'http://hearken/back', [], '')).toContain('<li>None</li>');
  });
});
