import { Button, Callout, H2, H3, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { organizationActions } from '../../organization/slice';
import { type SubscriptionStateKey, invoiceStateKey, subscriptionStateKey } from '../billing-view';
import { workspaceActions } from '../slice';

/** Payment and billing: the subscription and invoices as the payment provider holds them, and its portal. */
export function BillingPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const billing = useAppSelector((s) => s.workspace.billing);
  const checkout = useAppSelector((s) => s.organization.checkout);
  useEffect(() => {
    dispatch(workspaceActions.loadRequested('billing'));
  }, [dispatch]);
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: currency.toUpperCase() }).format(
      cents / 100,
    );
  const day = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(ms);
  const data = billing.data;
  return (
    <section aria-labelledby="billing-heading" data-testid="workspace-billing">
      <H2 id="billing-heading">{t('organizations.workspace.billing.heading')}</H2>
      <div role="alert">
        {billing.status === 'failed' ? (
          <Callout intent="danger">
            {t('organizations.workspace.loadFailed', { message: billing.error ?? '' })}
          </Callout>
        ) : null}
        {checkout.error ? <Callout intent="danger">{checkout.error}</Callout> : null}
      </div>
      {!data ? (
        billing.status === 'loading' ? (
          <Spinner size={24} aria-label={t('organizations.workspace.loading')} />
        ) : null
      ) : !data.billing ? (
        <p data-testid="billing-none">
          {t('organizations.workspace.billing.none')}{' '}
          <Link to={ROUTES.accountLicenseBuy}>{t('organizations.dashboard.buy')}</Link>
        </p>
      ) : (
        <>
          <div className="page-actions">
            <Button
              loading={checkout.opening}
              onClick={() => dispatch(organizationActions.portalRequested())}
              data-testid="billing-portal"
            >
              {t('organizations.workspace.billing.portal')}
            </Button>
          </div>
          <H3>{t('organizations.workspace.billing.subscriptions')}</H3>
          <HTMLTable className="workspace-table" striped data-testid="billing-subscriptions">
            <thead>
              <tr>
                <th scope="col">{t('organizations.workspace.billing.columns.licences')}</th>
                <th scope="col">{t('organizations.workspace.billing.columns.price')}</th>
                <th scope="col">{t('organizations.workspace.billing.columns.status')}</th>
                <th scope="col">{t('organizations.workspace.billing.columns.periodEnd')}</th>
              </tr>
            </thead>
            <tbody>
              {data.subscriptions.map((s) => (
                <tr key={s.id} data-testid="billing-subscription">
                  <th scope="row" data-testid="billing-quantity">
                    {s.quantity}
                  </th>
                  <td>
                    {s.unitAmount !== undefined && s.currency
                      ? t('organizations.workspace.billing.pricePer', {
                          price: money(s.unitAmount, s.currency),
                          interval: t(`organizations.dashboard.interval.${s.interval ?? 'month'}`),
                        })
                      : '—'}
                  </td>
                  <td>
                    <Tag intent={s.status === 'active' ? 'success' : 'none'}>
                      {subscriptionStateKey(s) === 'ending'
                        ? t('organizations.workspace.billing.ending')
                        : t(
                            `organizations.workspace.billing.status.${subscriptionStateKey(s) as Exclude<SubscriptionStateKey, 'ending'>}`,
                          )}
                    </Tag>
                  </td>
                  <td>{s.currentPeriodEndMs ? day(s.currentPeriodEndMs) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <H3>{t('organizations.workspace.billing.invoices')}</H3>
          {data.invoices.length === 0 ? (
            <p>{t('organizations.workspace.billing.noInvoices')}</p>
          ) : (
            <HTMLTable className="workspace-table" striped data-testid="billing-invoices">
              <thead>
                <tr>
                  <th scope="col">{t('organizations.workspace.billing.columns.invoice')}</th>
                  <th scope="col">{t('organizations.workspace.billing.columns.date')}</th>
                  <th scope="col">{t('organizations.workspace.billing.columns.amount')}</th>
                  <th scope="col">{t('organizations.workspace.billing.columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.invoices.map((invoice) => (
                  <tr key={invoice.id} data-testid="billing-invoice">
                    <th scope="row">
                      {invoice.url ? (
                        <a href={invoice.url} target="_blank" rel="noreferrer">
                          {invoice.number ?? invoice.id}
                          <span className="visually-hidden">
                            {' '}
                            {t('organizations.workspace.billing.newWindow')}
                          </span>
                        </a>
                      ) : (
                        (invoice.number ?? invoice.id)
                      )}
                    </th>
                    <td>{day(invoice.createdMs)}</td>
                    <td data-testid="billing-invoice-amount">
                      {money(invoice.amountPaid || invoice.amountDue, invoice.currency)}
                    </td>
                    <td>
                      {t(`organizations.workspace.billing.invoiceStatus.${invoiceStateKey(invoice.status)}`)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </>
      )}
    </section>
  );
}
