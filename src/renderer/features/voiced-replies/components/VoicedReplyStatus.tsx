import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';

/**
 * What the voice is doing, for the sender: "Speaking aloud…, your microphone is muted" while a
 * reply plays (a status, read politely), and why a reply could not be voiced (an alert, shown
 * for 2 s as the spec says, and announced by screen readers). Then the spec's displayed TTS
 * items: one's own last voiced replies, each with how it went (a plain list, read in order).
 */
export function VoicedReplyStatus() {
  const { t } = useTranslation();
  const active = useAppSelector((s) => s.voicedReplies.active);
  const error = useAppSelector((s) => s.voicedReplies.error);
  const items = useAppSelector((s) => s.voicedReplies.items);
  const status = !active
    ? ''
    : active.browser
      ? t('voicedReplyItems.browserSpeaking')
      : t(active.playing ? 'voicedReplies.speaking' : 'voicedReplies.preparing');
  return (
    <div className="voiced-reply-status">
      <p role="status" className="field-help message-count" data-testid="voiced-reply-status">
        {status}
      </p>
      <p role="alert" className="field-problem message-count" data-testid="voiced-reply-error">
        {error ? t('voicedReplies.failed', { reason: error }) : ''}
      </p>
      {items.length > 0 ? (
        <ol
          className="voiced-reply-items field-help"
          aria-label={t('voicedReplyItems.label')}
          data-testid="voiced-reply-items"
        >
          {items.map((item) => (
            <li key={item.requestId} data-state={item.state} data-browser={item.browser || undefined}>
              <q>{item.text}</q>{' '}
              <span>
                ({t(`voicedReplyItems.states.${item.state}`)}
                {item.browser ? `, ${t('voicedReplyItems.byBrowser')}` : ''})
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
