import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectSocketStatus } from '../../socket/selectors';

/**
 * In a caption window, says when its room connection is not live (connecting, reconnecting,
 * lost), so nobody mistakes a silent window for a silent room. Nothing while connected.
 */
export function CaptionConnection({ roomId }: { roomId?: string }) {
  const { t } = useTranslation();
  const status = useAppSelector(selectSocketStatus);
  const shown = roomId !== undefined && status !== 'online' && status !== 'uninitialized';
  return (
    <p className="caption-connection" role="status" data-testid="caption-connection" data-state={status}>
      {shown ? t(`socket.status.${status}`) : null}
    </p>
  );
}
