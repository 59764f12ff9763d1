import { Button } from '@blueprintjs/core';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { MicSelect } from '../../audio/components/MicSelect';
import { RecordToggle } from '../../audio/components/RecordToggle';
import { VolumeMeter } from '../../audio/components/VolumeMeter';
import { FontSizeControl } from '../../settings/components/FontSizeControl';
import { ThemeSwitch } from '../../settings/components/ThemeSwitch';
import { ReadingSettingsButton } from '../../settings/components/ReadingSettings';
import { selectIsReadonly } from '../selectors';
import { EndButton } from './EndButton';

/**
 * Recording, microphone, caption size, theme, captions only, and end or leave. `compact` (a
 * phone): one row of recording, details, reading settings (caption size, theme, reading
 * language, in a dialog of their own), captions only and end; the rest is with the details.
 */
export function ControlBar({
  compact = false,
  onCaptionsOnly,
  captionsOnlyRef,
  details,
}: {
  compact?: boolean;
  onCaptionsOnly?: () => void;
  captionsOnlyRef?: Ref<HTMLButtonElement>;
  /** The conversation details' toggle, on a phone. */
  details?: { open: boolean; controls: string; toggle: () => void };
}) {
  const { t } = useTranslation();
  const readonly = useAppSelector(selectIsReadonly);
  const hintId = useId();
  return (
    <section
      className="control-bar"
      aria-label={t('conversation.controls')}
      data-testid="control-bar"
      data-compact={compact}
    >
      <div className="control-group">
        <RecordToggle describedBy={readonly ? hintId : undefined} short={compact} />
        {readonly ? (
          <p id={hintId} className={compact ? 'visually-hidden' : 'field-help'}>
            {t('audio.readonlyHint')}
          </p>
        ) : compact ? null : (
          <VolumeMeter />
        )}
      </div>
      {readonly || compact ? null : (
        <div className="control-group">
          <MicSelect />
        </div>
      )}
      {compact ? null : (
        <>
          <div className="control-group">
            <FontSizeControl />
          </div>
          <div className="control-group">
            <ThemeSwitch />
          </div>
        </>
      )}
      <div className="control-group control-group--end">
        {details ? (
          <Button
            icon="people"
            size="large"
            aria-label={details.open ? t('conversation.hideDetails') : t('conversation.showDetails')}
            title={details.open ? t('conversation.hideDetails') : t('conversation.showDetails')}
            aria-expanded={details.open}
            aria-controls={details.controls}
            data-testid="details-toggle"
            onClick={details.toggle}
          />
        ) : null}
        {compact ? <ReadingSettingsButton /> : null}
        {onCaptionsOnly ? (
          <Button
            ref={captionsOnlyRef}
            icon="fullscreen"
            size="large"
            data-testid="captions-only-open"
            onClick={onCaptionsOnly}
            {...(compact
              ? { 'aria-label': t('conversation.captionsOnly'), title: t('conversation.captionsOnly') }
              : { text: t('conversation.captionsOnly') })}
          />
        ) : null}
        <EndButton short={compact} />
      </div>
    </section>
  );
}
