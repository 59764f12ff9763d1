import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectParticipants } from '../../conversation/selectors';
import { formatDisplayName } from '../../conversation/display-name';

/** "Gil is typing…": the others composing a reply (from the room status), said politely. */
export function TypingIndicator() {
  const { t } = useTranslation();
  const typing = useAppSelector(selectParticipants)
    .filter((p) => p.isTyping && !p.isMe)
    .map((p) => formatDisplayName(p, t));
  return (
    <p className="typing-indicator" role="status" data-testid="typing-indicator">
      {typing.length === 0
        ? ''
        : t('typedReplies.typing', { count: typing.length, names: typing.join(', ') })}
    </p>
  );
}
