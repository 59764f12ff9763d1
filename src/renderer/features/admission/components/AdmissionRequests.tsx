import { Button, Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { admissionActions } from '../slice';

/**
 * The host's door: everyone waiting to come in, each with "let in" and "refuse". A live region,
 * so a screen reader announces a new request without the host leaving the captions.
 */
export function AdmissionRequests() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const requests = useAppSelector((state) => state.admission.requests);
  if (requests.length === 0) return null;
  return (
    <Card className="admission-requests" elevation={2} data-testid="admission-requests">
      <section aria-labelledby="admission-heading" aria-live="polite">
        <H2 id="admission-heading">{t('admission.requestsHeading')}</H2>
        <ul className="admission-list">
          {requests.map((request) => (
            <li key={request.id} data-testid="admission-request">
              <span>{t('admission.asks', { name: request.userName })}</span>
              <Button
                intent="success"
                data-testid="admission-let-in"
                onClick={() => dispatch(admissionActions.answered({ id: request.id, accept: true }))}
              >
                {t('admission.letIn', { name: request.userName })}
              </Button>
              <Button
                data-testid="admission-refuse"
                onClick={() => dispatch(admissionActions.answered({ id: request.id, accept: false }))}
              >
                {t('admission.refuse', { name: request.userName })}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
