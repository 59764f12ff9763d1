import { Card, H2, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectParticipants } from '../selectors';

export function ParticipantsList() {
  const { t } = useTranslation();
  const participants = useAppSelector(selectParticipants);
  return (
    <Card className="participants-card" elevation={1}>
      <section aria-labelledby="participants-heading">
        <H2 id="participants-heading">{t('participants.heading', { count: participants.length })}</H2>
        {participants.length <= 1 ? <p className="field-help">{t('participants.empty')}</p> : null}
        <ul className="participants-list" data-testid="participants">
          {participants.map((p) => (
            <li key={p.avaId} data-testid="participant" data-ava-id={p.avaId}>
              <span className="participant-name">{p.name || t('participants.guest')}</span>
              {p.isMe ? <span className="participant-me"> {t('participants.you')}</span> : null}
              {p.isHost ? <Tag>{t('participants.host')}</Tag> : null}
              {p.isSpeaking ? (
                <Tag intent="success">{t('participants.speaking')}</Tag>
              ) : p.micOn ? (
                <Tag minimal>{t('participants.micOn')}</Tag>
              ) : null}
              {p.isTyping ? <Tag>{t('participants.typing')}</Tag> : null}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
