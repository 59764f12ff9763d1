/**
 * The HTML of the pages the Stripe stand-in serves in place of Stripe's hosted ones (the
 * Checkout page with its terms checkbox, the customer portal, an invoice): pure functions of
 * what the store holds (stand-in-store.ts). They are reached by keyboard and read by screen
 * readers like the rest of Hearken (the end-to-end tests run axe-core on the checkout).
 */
import type { Json } from './stripe-form';
import type { LineItem, SubscriptionRecord } from './stand-in-store';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1c2127}main{max-width:32rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 3px #0003}
button{font:inherit;padding:.6rem 1.2rem;background:#2d72d2;color:#fff;border:0;border-radius:4px;cursor:pointer}button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #8abbff;outline-offset:2px}
.error{color:#ac2f33;font-weight:600}.note{color:#404854;font-size:.9rem}a{color:#215db0}</style></head><body><main>${body}</main></body></html>`;
}

export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

/** The payment page of an open session; `error`: why the last submission was refused. */
export function checkoutHtml(
  sessionId: string,
  session: { line: LineItem; termsRequired: boolean; cancelUrl: string },
  error: string,
): string {
  const { line } = session;
  const total = money(line.unitAmount * line.quantity, line.currency);
  const body = `<h1>Pay for ${escapeHtml(line.productName)}</h1>
<p class="note">Local checkout: this stands in for Stripe's payment page on a server without Stripe keys. No card is charged.</p>
${
  line.interval === 'once'
    ? `<dl><dt>Quantity</dt><dd data-testid="checkout-quantity">${line.quantity}</dd>
<dt>Price each</dt><dd>${money(line.unitAmount, line.currency)}</dd>
<dt>Total</dt><dd data-testid="checkout-total">${total}, paid once</dd></dl>`
    : `<dl><dt>Licences</dt><dd data-testid="checkout-quantity">${line.quantity}</dd>
<dt>Price per licence</dt><dd>${money(line.unitAmount, line.currency)} per ${line.interval}</dd>
<dt>Total</dt><dd data-testid="checkout-total">${total} per ${line.interval}</dd></dl>`
}
<form method="post" action="/pay/${sessionId}">
${error ? `<p class="error" role="alert" id="terms-error">${escapeHtml(error)}</p>` : ''}
${session.termsRequired ? `<p><input type="checkbox" id="terms" name="terms" value="accepted"${error ? ' aria-describedby="terms-error" aria-invalid="true"' : ''}> <label for="terms">I accept the terms of service</label></p>` : ''}
<p><button type="submit" data-testid="checkout-pay">Pay ${total}</button></p>
</form>
<p><a href="${escapeHtml(session.cancelUrl)}">Cancel and go back</a></p>`;
  return page('Checkout', body);
}

/** A session already paid: nothing to pay again. */
export function checkoutCompleteHtml(successUrl: string): string {
  return page(
    'Checkout complete',
    `<h1>This checkout is already complete</h1><p><a href="${escapeHtml(successUrl)}">Back to Hearken</a></p>`,
  );
}

/** Stripe's hosted invoice page, in short: what was paid, for which period. */
export function invoiceHtml(invoice: Json): string {
  const day = (seconds: unknown) => new Date(Number(seconds) * 1000).toISOString().slice(0, 10);
  const body = `<h1>Invoice ${escapeHtml(String(invoice.number))}</h1>
<p class="note">Local stand-in for Stripe's invoice page.</p>
<dl><dt>Status</dt><dd>${escapeHtml(String(invoice.status))}</dd>
<dt>Amount paid</dt><dd>${money(Number(invoice.amount_paid), String(invoice.currency))}</dd>
<dt>Period</dt><dd>${day(invoice.period_start)} to ${day(invoice.period_end)}</dd></dl>`;
  return page(`Invoice ${String(invoice.number)}`, body);
}

/** Stripe's customer portal, in short: the customer's subscriptions, each cancellable once. */
export function portalHtml(
  portalId: string,
  returnUrl: string,
  subs: SubscriptionRecord[],
  notice: string,
): string {
  const rows = subs
    .map((s) => {
      const sub = s.object;
      const ends = new Date(s.periodEnd * 1000).toISOString().slice(0, 10);
      const state =
        sub.status !== 'active'
          ? 'Cancelled'
          : sub.cancel_at_period_end
            ? `Ends on ${ends}`
            : `Renews on ${ends}`;
      const cancel =
        sub.status === 'active' && !sub.cancel_at_period_end
          ? `<form method="post" action="/portal/${portalId}/cancel/${String(sub.id)}"><button type="submit">Cancel plan</button></form>`
          : '';
      return `<li>${s.line.quantity} × ${escapeHtml(s.line.productName)}, ${money(s.line.unitAmount, s.line.currency)} per ${s.line.interval}: ${state} ${cancel}</li>`;
    })
    .join('');
  const body = `<h1>Billing</h1><p class="note">Local stand-in for Stripe's customer portal.</p>
${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
<h2>Subscriptions</h2><ul>${rows || '<li>None</li>'}</ul>
<p><a href="${escapeHtml(returnUrl)}">Return to Hearken</a></p>`;
  return page('Billing', body);
}
