import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectRecordingState, selectVolume } from '../selectors';

/** Microphone level, 0 to 100, so people can see their voice is picked up. */
export function VolumeMeter() {
  const { t } = useTranslation();
  const volume = useAppSelector(selectVolume);
  const recording = useAppSelector(selectRecordingState) === 'RECORDING';
  const id = useId();
  return (
    <div className="volume-meter">
      <label htmlFor={id}>{t('audio.volume')}</label>
      <meter
        id={id}
        min={0}
        max={100}
        low={5}
        value={recording ? volume : 0}
        data-testid="volume-meter"
        data-level={recording ? volume : 0}
      >
        {recording ? volume : 0}%
      </meter>
    </div>
  );
}
