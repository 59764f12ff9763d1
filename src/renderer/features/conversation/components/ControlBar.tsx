import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { MicSelect } from '../../audio/components/MicSelect';
import { RecordToggle } from '../../audio/components/RecordToggle';
import { VolumeMeter } from '../../audio/components/VolumeMeter';
import { FontSizeControl } from '../../settings/components/FontSizeControl';
import { ThemeSwitch } from '../../settings/components/ThemeSwitch';
import { selectIsReadonly } from '../selectors';
import { EndButton } from './EndButton';

/** Recording, microphone, caption size, theme, and end or leave. */
export function ControlBar() {
  const { t } = useTranslation();
  const readonly = useAppSelector(selectIsReadonly);
  const hintId = useId();
  return (
    <section className="control-bar" aria-label={t('conversation.controls')} data-testid="control-bar">
      <div className="control-group">
        <RecordToggle describedBy={readonly ? hintId : undefined} />
        {readonly ? (
          <p id={hintId} className="field-help">
            {t('audio.readonlyHint')}
          </p>
        ) : (
          <VolumeMeter />
        )}
      </div>
      {readonly ? null : (
        <div className="control-group">
          <MicSelect />
        </div>
      )}
      <div className="control-group">
        <FontSizeControl />
      </div>
      <div className="control-group">
        <ThemeSwitch />
      </div>
      <div className="control-group control-group--end">
        <EndButton />
      </div>
    </section>
  );
}
