import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsReadonly } from '../../conversation/selectors';
import { selectRecordingState, selectResuming } from '../selectors';
import { audioActions } from '../slice';

/**
 * Start or stop sending the microphone. Its name says what pressing it does: while recording
 * waits for the connection to resume, pressing it stops that too.
 */
export function RecordToggle({ describedBy }: { describedBy?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectRecordingState);
  const resuming = useAppSelector(selectResuming);
  const readonly = useAppSelector(selectIsReadonly);
  const label =
    state === 'RECORDING' || resuming
      ? t('audio.stop')
      : state === 'PENDING'
        ? t('audio.cancelStart')
        : t('audio.start');
  return (
    <Button
      className={`record-toggle record-toggle--${state.toLowerCase()}`}
      intent={state === 'NOT_RECORDING' && !resuming ? 'primary' : 'danger'}
      size="large"
      disabled={readonly}
      aria-describedby={describedBy}
      data-testid="record-toggle"
      data-state={state}
      data-resuming={resuming}
      onClick={() => dispatch(audioActions.toggleRequested())}
    >
      <span className="record-dot" aria-hidden="true" />
      {label}
    </Button>
  );
}
