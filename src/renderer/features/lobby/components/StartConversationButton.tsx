import { Button } from '@blueprintjs/core';
import { useAppDispatch } from '../../../app/hooks';
import { lobbyActions } from '../slice';

/** Starts a new conversation: the lobby's saga creates the room and opens it. */
export function StartConversationButton({ label, testId }: { label: string; testId: string }) {
  const dispatch = useAppDispatch();
  return (
    <Button
      intent="primary"
      size="large"
      data-testid={testId}
      onClick={() => dispatch(lobbyActions.startRequested())}
    >
      {label}
    </Button>
  );
}
