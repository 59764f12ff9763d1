import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectEndPhase, selectIsHost, selectRoomStatus } from '../selectors';
import { conversationActions } from '../slice';

/** The host ends the conversation for everyone; anyone else leaves it. `short`: one word on a phone. */
export function EndButton({ short = false }: { short?: boolean }) {
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
      aria-label={short && !ending ? t(isHost ? 'conversation.end' : 'conversation.leave') : undefined}
      onClick={() =>
        dispatch(isHost ? conversationActions.endRequested() : conversationActions.leaveRequested())
      }
    >
      {ending
        ? t('conversation.ending')
        : short
          ? t(isHost ? 'conversation.endShort' : 'conversation.leaveShort')
          : t(isHost ? 'conversation.end' : 'conversation.leave')}
    </Button>
  );
}
