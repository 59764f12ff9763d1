import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectDesktopConfig } from '../../desktop/selectors';
import { desktopActions } from '../../desktop/slice';
import { selectSocketStatus } from '../../socket/selectors';

/**
 * In a caption window, says when its room connection is not live (connecting, reconnecting,
 * lost), so nobody mistakes a silent window for a silent room. Nothing while connected. A room
 * the server refuses (ended, gone) is said for as long as the window is open, with the way to the
 * app: a caption window is never a dead end either.
 */
export function CaptionConnection({ roomId }: { roomId?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSocketStatus);
  const refusal = useAppSelector((state) => state.socket.refusal);
  const desktop = useAppSelector(selectDesktopConfig) !== undefined;
  const shown = roomId !== undefined && status !== 'online' && status !== 'uninitialized';
  if (roomId !== undefined && refusal) {
    return (
      <div
        className="caption-connection caption-refused"
        role="alert"
        data-testid="caption-connection"
        data-state="refused"
      >
        <p>{t(`errors.socket.${refusal.code}`)}</p>
        {desktop ? (
          <Button size="small" onClick={() => dispatch(desktopActions.showMainRequested())}>
            {t('desktop.openApp')}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <p className="caption-connection" role="status" data-testid="caption-connection" data-state={status}>
      {shown ? t(`socket.status.${status}`) : null}
    </p>
  );
}
