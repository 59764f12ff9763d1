import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectSocketStatus } from '../selectors';

/** The connection state in words; `data-state` carries the machine's state for tests. */
export function SocketStatusBadge() {
  const { t } = useTranslation();
  const status = useAppSelector(selectSocketStatus);
  return (
    <p
      className={`status-badge status-badge--socket-${status}`}
      data-testid="socket-status"
      data-state={status}
    >
      <span className="status-badge-label">{t('socket.label')}</span>{' '}
      <strong>{t(`socket.status.${status}`)}</strong>
    </p>
  );
}
