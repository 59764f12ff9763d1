import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectRecordingState, selectResuming } from '../selectors';

/** The recording state in words (CaptionsStartedAnnouncer says its changes to screen readers). */
export function RecordingStateBadge() {
  const { t } = useTranslation();
  const state = useAppSelector(selectRecordingState);
  const resuming = useAppSelector(selectResuming);
  // For support and the end-to-end tests: which way the microphone goes (no words to read).
  const transport = useAppSelector((s) => s.audio.transport);
  return (
    <p
      className={`status-badge status-badge--recording-${state.toLowerCase()}`}
      data-testid="recording-state"
      data-state={state}
      data-resuming={resuming}
      data-transport={transport ?? 'none'}
    >
      <span className="status-badge-label">{t('audio.stateLabel')}</span>{' '}
      <strong>
        {resuming ? t(state === 'RECORDING' ? 'audio.holding' : 'audio.resuming') : t(`audio.state.${state}`)}
      </strong>
    </p>
  );
}
