import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';

/**
 * What the voice is doing, for the sender: "Speaking aloud…, your microphone is muted" while a
 * reply plays (a status, read politely), and why a reply could not be voiced (an alert, shown
 * for 2 s as the spec says, and announced by screen readers).
 */
export function VoicedReplyStatus() {
  const { t } = useTranslation();
  const active = useAppSelector((s) => s.voicedReplies.active);
  const error = useAppSelector((s) => s.voicedReplies.error);
  return (
    <div className="voiced-reply-status">
      <p role="status" className="field-help message-count" data-testid="voiced-reply-status">
        {active ? t(active.playing ? 'voicedReplies.speaking' : 'voicedReplies.preparing') : ''}
      </p>
      <p role="alert" className="field-problem message-count" data-testid="voiced-reply-error">
        {error ? t('voicedReplies.failed', { reason: error }) : ''}
      </p>
    </div>
  );
}
