import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';

/**
 * A quiet notice while a lower-accuracy fallback engine captions this conversation (a speaker's
 * tier is one GET API.config marks `fallback`): readers know to expect more mistakes. A polite
 * status, so a screen reader says it once when it appears, without interrupting.
 */
export function FallbackEngineNotice() {
  const { t } = useTranslation();
  const fallbackTiers = useAppSelector((state) => state.settings.fallbackTiers);
  const streams = useAppSelector((state) => state.conversation.status?.audioStreams);
  const served =
    fallbackTiers.length > 0 &&
    (streams ?? []).some((stream) => fallbackTiers.includes(stream.usePaidASR ? 'premium' : 'basic'));
  if (!served) return null;
  return (
    <Callout compact role="status" className="page-callout" data-testid="fallback-engine-notice">
      {t('readingAids.fallbackEngine')}
    </Callout>
  );
}
