import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { ROUTES } from '../../../../shared/routes';

/**
 * Someone waiting at the host's door: what is happening while they wait, and, when refused, why
 * and a way out (a refusal is not a dead end).
 */
export function JoiningNotice() {
  const { t } = useTranslation();
  const { joining, refusal } = useAppSelector((state) => state.admission);
  if (refusal) {
    return (
      <Callout intent="danger" compact className="page-callout" role="alert" data-testid="admission-refused">
        <p>{t(`admission.refused.${refusal}`)}</p>
        <Link to={ROUTES.conversations} data-testid="admission-back">
          {t('common.backToConversations')}
        </Link>
      </Callout>
    );
  }
  if (joining !== 'requested') return null;
  return (
    <Callout intent="primary" compact className="page-callout" role="status" data-testid="admission-waiting">
      {t('admission.waiting')}
    </Callout>
  );
}
