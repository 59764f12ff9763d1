import { Button, Callout } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingLine } from '../../../lib/LoadingLine';
import { selectSession } from '../selectors';
import { sessionActions } from '../slice';

/** Shows its children once the guest identity is ready; says what is happening until then. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  if (session.status === 'ready') return <>{children}</>;
  if (session.status === 'failed') {
    return (
      <Callout intent="danger" role="alert" className="page-callout">
        <p>{t('session.failed', { message: session.error ?? '' })}</p>
        <Button onClick={() => dispatch(sessionActions.bootstrapRequested())}>{t('common.retry')}</Button>
      </Callout>
    );
  }
  return <LoadingLine label={t('session.loading')} />;
}
