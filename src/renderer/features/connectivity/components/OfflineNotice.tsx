import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectSocketStatus } from '../../socket/selectors';
import { connectivityActions } from '../slice';

/**
 * The app-wide offline notice, with a reconnect button. On the conversation screen the socket's
 * own notice says it (with its own reconnect), so this one stays quiet there.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const online = useAppSelector((state) => state.connectivity.online);
  const socketStatus = useAppSelector(selectSocketStatus);
  const socketSaysIt =
    socketStatus === 'offline' || socketStatus === 'disconnected' || socketStatus === 'reconnecting';
  return (
    <div role="status" className="offline-notice">
      {!online && !socketSaysIt ? (
        <Callout intent="warning" data-testid="app-offline-notice">
          <p className="callout-title">{t('account.offline.title')}</p>
          <p>{t('account.offline.body')}</p>
          <Button onClick={() => dispatch(connectivityActions.retryRequested())}>
            {t('account.offline.retry')}
          </Button>
        </Callout>
      ) : null}
    </div>
  );
}
