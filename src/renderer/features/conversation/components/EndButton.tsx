import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectEndPhase, selectIsHost, selectRoomStatus } from '../selectors';
import { conversationActions } from '../slice';

/** The host ends the conversation for everyone; anyone else leaves it. */
export function EndButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRoomStatus);
  const isHost = useAppSelector(selectIsHost);
  const phase = useAppSelector(selectEndPhase);
  const ending = phase !== 'none';
  return (
    <Button
      intent="danger"
      variant="outlined"
      size="large"
      disabled={!status || ending}
      data-testid="end-conversation"
      data-role={isHost ? 'host' : 'participant'}
      onClick={() =>
        dispatch(isHost ? conversationActions.endRequested() : conversationActions.leaveRequested())
      }
    >
      {ending ? t('conversation.ending') : isHost ? t('conversation.end') : t('conversation.leave')}
    </Button>
  );
}
