import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { settingsActions } from '../../settings/slice';

/**
 * A quiet notice while a lower-accuracy fallback engine captions this conversation (a speaker's
 * tier is one GET API.config marks `fallback`): readers know to expect more mistakes. A polite
 * status, so a screen reader says it once when it appears, without interrupting; a reader who
 * has read it may dismiss it (the transcript's "Made by" still names the engine).
 */
export function FallbackEngineNotice() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const fallbackTiers = useAppSelector((state) => state.settings.fallbackTiers);
  const dismissed = useAppSelector((state) => state.settings.fallbackNoticeDismissed === true);
  const streams = useAppSelector((state) => state.conversation.status?.audioStreams);
  const served =
    fallbackTiers.length > 0 &&
    (streams ?? []).some((stream) => fallbackTiers.includes(stream.usePaidASR ? 'premium' : 'basic'));
  if (!served || dismissed) return null;
  return (
    <Callout compact role="status" className="page-callout notice" data-testid="fallback-engine-notice">
      <p className="notice-message">{t('readingAids.fallbackEngine')}</p>
      <Button
        variant="minimal"
        size="small"
        data-testid="fallback-engine-dismiss"
        onClick={() => dispatch(settingsActions.fallbackNoticeDismissed())}
      >
        {t('notifications.dismiss')}
      </Button>
    </Callout>
  );
}
