import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsReadonly, selectRoomEnded } from '../../conversation/selectors';
import { selectRecordingState, selectResuming } from '../selectors';
import { audioActions } from '../slice';

/**
 * Start or stop sending the microphone. Its name says what pressing it does: while recording
 * waits for the connection to resume, pressing it stops that too. `short`: one word on a phone.
 */
export function RecordToggle({ describedBy, short = false }: { describedBy?: string; short?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectRecordingState);
  const resuming = useAppSelector(selectResuming);
  const readonly = useAppSelector(selectIsReadonly);
  // A dead room (refused: it does not exist, or ended) has nothing to record into.
  const deadRoom = useAppSelector((s) => s.socket.refusal !== undefined || selectRoomEnded(s));
  const idle = state === 'NOT_RECORDING' && !resuming;
  const key = state === 'RECORDING' || resuming ? 'stop' : state === 'PENDING' ? 'cancelStart' : 'start';
  const label = t(`audio.${key}`);
  return (
    <Button
      className={`record-toggle record-toggle--${state.toLowerCase()}`}
      intent={state === 'NOT_RECORDING' && !resuming ? 'primary' : 'danger'}
      size="large"
      disabled={readonly || (deadRoom && idle)}
      aria-describedby={describedBy}
      aria-label={short ? label : undefined}
      data-testid="record-toggle"
      data-state={state}
      data-resuming={resuming}
      onClick={() => dispatch(audioActions.toggleRequested())}
    >
      <span className="record-dot" aria-hidden="true" />
      {short ? t(`audio.short.${key}`) : label}
    </Button>
  );
}
