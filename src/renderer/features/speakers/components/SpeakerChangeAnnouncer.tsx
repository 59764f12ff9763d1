import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectSpeakerAnnouncement } from '../selectors';

/** A polite live region: a line now shown as someone else's is said, to everyone in the room. */
export function SpeakerChangeAnnouncer() {
  const { t } = useTranslation();
  const announcement = useAppSelector(selectSpeakerAnnouncement);
  return (
    <div aria-live="polite" aria-atomic="true" className="visually-hidden" data-testid="speaker-announcer">
      {announcement ? (
        <p key={announcement.seq}>
          {t('speakers.announcement', { speaker: announcement.speaker, text: announcement.text })}
        </p>
      ) : null}
    </div>
  );
}
