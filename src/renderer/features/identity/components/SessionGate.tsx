import { Button, Callout, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
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
  return (
    <div role="status" className="loading-line">
      <Spinner size={20} aria-hidden />
      <span>{t('session.loading')}</span>
    </div>
  );
}
