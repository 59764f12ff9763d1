import { Button, Callout, Classes, FormGroup, H1, HTMLSelect } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../../shared/routes';
import { SCRIBE_TIME_HOURS_MAX, SCRIBE_TIME_OFFER } from '../../../../shared/scribe/time';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { creditsActions } from '../slice';

const HOURS = Array.from({ length: SCRIBE_TIME_HOURS_MAX }, (_, i) => i + 1);

/**
 * /account/scribe-time (issue 30, item 4): one's Scribe time, and buying hours of it through
 * Checkout; Checkout comes back here with paid=1, and the time is read again.
 */
export function ScribeTimePage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { scribeTimeMs, buyingScribeTime, buyError } = useAppSelector((s) => s.credits);
  const [hours, setHours] = useState(1);
  useDocumentTitle(t('credits.scribeTime.title'));
  useEffect(() => {
    dispatch(creditsActions.scribeTimeRequested());
  }, [dispatch]);
  const price = (count: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: SCRIBE_TIME_OFFER.currency }).format(
      (SCRIBE_TIME_OFFER.amount * count) / 100,
    );
  return (
    <div className="page scribe-time-page" data-testid="scribe-time-page">
      <H1>{t('credits.scribeTime.title')}</H1>
      <p className="lead">{t('credits.scribeTime.intro')}</p>
      <div role="status">
        {params.get('paid') === '1' ? (
          <Callout intent="success" data-testid="scribe-time-paid">
            {t('credits.scribeTime.paid')}
          </Callout>
        ) : null}
        {scribeTimeMs !== undefined ? (
          <p data-testid="scribe-time-left">
            {t('credits.scribeTime.left', { minutes: Math.floor(scribeTimeMs / 60_000) })}
          </p>
        ) : null}
      </div>
      <FormGroup label={t('credits.scribeTime.hours')} labelFor="scribe-time-hours">
        <HTMLSelect
          id="scribe-time-hours"
          value={hours}
          onChange={(e) => setHours(Number(e.currentTarget.value))}
          data-testid="scribe-time-hours"
        >
          {HOURS.map((n) => (
            <option key={n} value={n}>
              {t('credits.scribeTime.hoursOption', { count: n, total: price(n) })}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <p className="field-help">{t('credits.scribeTime.terms')}</p>
      <div role="alert">
        {buyError ? (
          <Callout intent="danger">{t('credits.scribeTime.failed', { message: buyError })}</Callout>
        ) : null}
      </div>
      <div className="page-actions">
        <Button
          intent="primary"
          size="large"
          loading={buyingScribeTime}
          onClick={() => dispatch(creditsActions.scribeTimeBuyRequested({ hours, language: i18n.language }))}
          data-testid="scribe-time-buy"
        >
          {t('credits.scribeTime.buy')}
        </Button>
        <Link to={ROUTES.accountDashboard} className={Classes.BUTTON}>
          {t('credits.scribeTime.back')}
        </Link>
      </div>
    </div>
  );
}
