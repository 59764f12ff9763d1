import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { StandingProblem } from '../../../lib/StandingProblem';
import { audioActions } from '../slice';

/**
 * A problem that stops captions (no microphone, permission refused...) stays on screen until it
 * is solved: the message says what to do, and "try again" starts the microphone again. It goes
 * away once recording starts. (A notice that vanished after 10 s left people without captions
 * and without knowing why.)
 */
export function AudioProblemNotice() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const error = useAppSelector((state) => state.audio.error);
  if (!error) return null;
  return (
    <StandingProblem message={t(`errors.audio.${error}`)} data-testid="audio-problem" data-error={error}>
      <Button data-testid="audio-retry" onClick={() => dispatch(audioActions.startRequested())}>
        {t('common.retry')}
      </Button>
    </StandingProblem>
  );
}
