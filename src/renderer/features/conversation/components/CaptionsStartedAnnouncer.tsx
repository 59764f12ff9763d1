import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectRecordingState, selectResuming } from '../../audio/selectors';

/**
 * Tells a screen reader, in a sentence, when this person's captions start, pause for the
 * connection and stop (the badge shows the state; this says it once, when it changes).
 */
export function CaptionsStartedAnnouncer() {
  const { t } = useTranslation();
  const state = useAppSelector(selectRecordingState);
  const resuming = useAppSelector(selectResuming);
  const [message, setMessage] = useState('');
  const previous = useRef({ state, resuming });

  useEffect(() => {
    const before = previous.current;
    previous.current = { state, resuming };
    if (state === 'RECORDING' && before.state !== 'RECORDING') setMessage(t('conversation.captionsStarted'));
    else if (resuming && !before.resuming) setMessage(t('conversation.captionsPaused'));
    else if (state === 'NOT_RECORDING' && !resuming && (before.state === 'RECORDING' || before.resuming))
      setMessage(t('conversation.captionsStopped'));
  }, [state, resuming, t]);

  return (
    <div role="status" className="visually-hidden" data-testid="captions-started-announcer">
      {message}
    </div>
  );
}
