import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../ending/components/ConfirmDialog';
import { selectEndPhase, selectIsHost, selectRoomStatus } from '../selectors';
import { conversationActions } from '../slice';

/**
 * The host ends the conversation for everyone, once they confirm it; anyone else leaves it.
 * `short`: one word on a phone.
 */
export function EndButton({ short = false }: { short?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRoomStatus);
  const isHost = useAppSelector(selectIsHost);
  const phase = useAppSelector(selectEndPhase);
  const [confirming, setConfirming] = useState(false);
  const ending = phase !== 'none';
  return (
    <>
      <Button
        intent="danger"
        variant="outlined"
        size="large"
        disabled={!status || ending}
        data-testid="end-conversation"
        data-role={isHost ? 'host' : 'participant'}
        aria-haspopup={isHost ? 'dialog' : undefined}
        aria-label={short && !ending ? t(isHost ? 'conversation.end' : 'conversation.leave') : undefined}
        onClick={() => (isHost ? setConfirming(true) : dispatch(conversationActions.leaveRequested()))}
      >
        {ending
          ? t('conversation.ending')
          : short
            ? t(isHost ? 'conversation.endShort' : 'conversation.leaveShort')
            : t(isHost ? 'conversation.end' : 'conversation.leave')}
      </Button>
      {isHost && (
        <ConfirmDialog
          isOpen={confirming}
          testId="confirm-end"
          title={t('history.confirmEnd.title')}
          body={t('history.confirmEnd.body')}
          confirmLabel={t('history.confirmEnd.confirm')}
          cancelLabel={t('history.confirmEnd.cancel')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            dispatch(conversationActions.endRequested());
          }}
        />
      )}
    </>
  );
}
