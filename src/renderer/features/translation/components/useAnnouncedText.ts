import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import type { FinalAnnouncement } from '../../captions/slice';
import { captionReading } from '../reading';
import { selectReadingLang } from '../selectors';

/** How long a final's announcement waits for its translation before the original is said. */
export const ANNOUNCE_TRANSLATION_WAIT_MS = 3000;

/**
 * What the screen reader says for a final: in the language its reader chose. While the
 * translation of its words is on its way, nothing (undefined), so the line is said once, in
 * that language, when it comes; the original when it failed, when it has not come within
 * ANNOUNCE_TRANSLATION_WAIT_MS (a speaker no pair translates), or when no translation is wanted.
 */
export function useAnnouncedText(announcement: FinalAnnouncement | undefined): string | undefined {
  const readingLang = useAppSelector(selectReadingLang);
  const caption = useAppSelector((s) => (announcement?.id ? s.captions.byId[announcement.id] : undefined));
  const [gaveUpOn, setGaveUpOn] = useState<number>();
  const seq = announcement?.seq;
  useEffect(() => {
    if (seq === undefined) return;
    const timer = setTimeout(() => setGaveUpOn(seq), ANNOUNCE_TRANSLATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [seq]);
  if (!announcement) return undefined;
  if (!caption || !readingLang) return announcement.text;
  const reading = captionReading(caption, readingLang);
  return reading.pending && gaveUpOn !== announcement.seq ? undefined : reading.text;
}
