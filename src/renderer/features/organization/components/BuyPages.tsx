import {
  Button,
  Callout,
  Classes,
  FormGroup,
  H1,
  InputGroup,
  Radio,
  RadioGroup,
  Spinner,
} from '@blueprintjs/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import {
  LICENCE_COUNT_MAX,
  LICENCE_COUNT_MIN,
  type LicenceInterval,
  OFFERS,
  offerFor,
} from '../../../../shared/licences';
import { ROUTES } from '../../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SubmitActions } from '../../../lib/SubmitActions';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { organizationActions } from '../slice';

function price(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

function parseCount(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= LICENCE_COUNT_MIN && n <= LICENCE_COUNT_MAX ? n : 0;
}

/** account/license/buy: how many licences, monthly or yearly. */
export function LicenseBuyPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [countText, setCountText] = useState(String(parseCount(params.get('count')) || 1));
  const count = parseCount(countText);
  const [interval, setInterval] = useState<LicenceInterval>(
    params.get('interval') === 'year' ? 'year' : 'month',
  );
  const countId = useId();
  useDocumentTitle(t('organizations.buy.title'));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!count) return;
    navigate(
      `${ROUTES.accountLicensePayment}?${new URLSearchParams({ interval, count: String(count) }).toString()}`,
    );
  };
  return (
    <div className="page licence-buy-page" data-testid="licence-buy">
      <H1>{t('organizations.buy.title')}</H1>
      <p className="lead">{t('organizations.buy.intro')}</p>
      <form onSubmit={onSubmit}>
        <FormGroup
          label={t('organizations.buy.count')}
          labelFor={countId}
          helperText={t('organizations.buy.countHelp', { min: LICENCE_COUNT_MIN, max: LICENCE_COUNT_MAX })}
        >
          {/* A native number field: Blueprint's NumericInput's arrow buttons point aria-controls at nothing. */}
          <InputGroup
            id={countId}
            type="number"
            inputMode="numeric"
            min={LICENCE_COUNT_MIN}
            max={LICENCE_COUNT_MAX}
            step={1}
            required
            value={countText}
            onValueChange={setCountText}
            intent={count ? 'none' : 'danger'}
            data-testid="licence-count"
          />
        </FormGroup>
        <RadioGroup
          label={t('organizations.buy.interval')}
          selectedValue={interval}
          onChange={(e) => setInterval(e.currentTarget.value as LicenceInterval)}
        >
          <Radio
            value="month"
            label={t('organizations.buy.monthly', {
              price: price(OFFERS['pro-month'].amount, i18n.language),
            })}
            data-testid="licence-interval-month"
          />
          <Radio
            value="year"
            label={t('organizations.buy.yearly', { price: price(OFFERS['pro-year'].amount, i18n.language) })}
            data-testid="licence-interval-year"
          />
        </RadioGroup>
        <SubmitActions label={t('organizations.buy.continue')} testId="licence-buy-continue" />
      </form>
    </div>
  );
}

/** license/payment: the summary, then the payment provider's page (terms accepted there). */
export function LicensePaymentPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { checkout } = useAppSelector((s) => s.organization);
  useDocumentTitle(t('organizations.payment.title'));
  const count = parseCount(params.get('count'));
  const interval: LicenceInterval = params.get('interval') === 'year' ? 'year' : 'month';
  if (!count) return <Navigate to={ROUTES.accountLicenseBuy} replace />;
  const offer = OFFERS[offerFor(interval)];
  return (
    <div className="page licence-payment-page" data-testid="licence-payment">
      <H1>{t('organizations.payment.title')}</H1>
      <p className="lead">
        {t('organizations.payment.summary', {
          count,
          interval: t(`organizations.dashboard.interval.${interval}`),
        })}
      </p>
      <p data-testid="licence-payment-total">
        {t('organizations.payment.total', { total: price(offer.amount * count, i18n.language) })}
      </p>
      <p className="field-help">{t('organizations.payment.terms')}</p>
      <div role="alert">
        {checkout.error ? (
          <Callout intent="danger">{t('organizations.payment.failed', { message: checkout.error })}</Callout>
        ) : null}
      </div>
      <div className="page-actions">
        <Button
          intent="primary"
          size="large"
          loading={checkout.opening}
          onClick={() => dispatch(organizationActions.buyRequested({ interval, count }))}
          data-testid="licence-pay"
        >
          {t('organizations.payment.pay')}
        </Button>
        <Link to={`${ROUTES.accountLicenseBuy}?${params.toString()}`}>{t('organizations.payment.back')}</Link>
      </div>
    </div>
  );
}

/** payment-succeed: where Checkout returns; the licences come with the payment's confirmation. */
export function PaymentSucceedPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { licences } = useAppSelector((s) => s.organization);
  useDocumentTitle(t('organizations.succeeded.title'));
  useEffect(() => {
    dispatch(organizationActions.licencesRequested());
  }, [dispatch]);
  return (
    <div className="page payment-succeed-page" data-testid="payment-succeed">
      <H1>{t('organizations.succeeded.title')}</H1>
      <p className="lead">{t('organizations.succeeded.body')}</p>
      {licences.status === 'loading' ? (
        <Spinner size={24} aria-label={t('organizations.succeeded.waiting')} />
      ) : null}
      <Link
        to={ROUTES.accountDashboard}
        className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
        data-testid="payment-succeed-dashboard"
      >
        {t('organizations.succeeded.dashboard')}
      </Link>
    </div>
  );
}

/** /buy: reloads the licence list, then shows it. */
export function BuyReload() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(organizationActions.licencesRequested());
  }, [dispatch]);
  return <Navigate to={ROUTES.accountDashboard} replace />;
}
