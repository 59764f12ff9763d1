import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectAnnouncement } from '../selectors';
import { GapNote } from './GapNote';
import { useAnnouncedText } from '../../translation/components/useAnnouncedText';

/**
 * A polite live region that receives each caption once it is final, so a screen reader reads
 * whole sentences and not every growing partial. The list of captions itself is not live.
 */
export function FinalAnnouncer() {
  const { t } = useTranslation();
  const announcement = useAppSelector(selectAnnouncement);
  const text = useAnnouncedText(announcement);
  return (
    <div aria-live="polite" aria-atomic="true" className="visually-hidden" data-testid="caption-announcer">
      {announcement ? (
        <p key={announcement.seq}>
          {announcement.gap ? (
            <GapNote gap={announcement.gap} author={announcement.author} />
          ) : (
            text !== undefined && t('captions.announcement', { author: announcement.author, text })
          )}
        </p>
      ) : null}
    </div>
  );
}
