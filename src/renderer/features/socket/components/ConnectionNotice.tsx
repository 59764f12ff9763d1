import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectSocketStatus } from '../selectors';
import { socketActions } from '../slice';

/**
 * The offline notice of the spec, with a reconnect button: shown while the browser is offline
 * and while a lost socket is being reconnected. The status region is always present so that
 * screen readers announce the notice when it appears.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSocketStatus);
  const offline = status === 'offline';
  const lost = status === 'disconnected' || status === 'reconnecting';
  return (
    <div role="status" className="connection-notice">
      {offline || lost ? (
        <Callout intent="warning" data-testid="offline-notice" data-state={status}>
          <p className="callout-title">{offline ? t('socket.offlineTitle') : t('socket.lostTitle')}</p>
          <p>{offline ? t('socket.offlineBody') : t('socket.lostBody')}</p>
          <Button data-testid="reconnect" onClick={() => dispatch(socketActions.reconnectRequested())}>
            {t('socket.reconnect')}
          </Button>
        </Callout>
      ) : null}
    </div>
  );
}
