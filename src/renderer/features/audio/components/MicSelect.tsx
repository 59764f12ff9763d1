import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectDevices, selectSelectedMicId } from '../selectors';
import { audioActions } from '../slice';
import { LabelledSelect } from '../../../lib/Select';

/** Microphone choice (kept in localStorage); "" is the system default. */
export function MicSelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const devices = useAppSelector(selectDevices);
  const selected = useAppSelector(selectSelectedMicId);
  const value = selected && devices.some((d) => d.id === selected) ? selected : '';
  const hasDefaultEntry = devices.some((d) => d.id === 'default');
  return (
    <LabelledSelect
      label={t('audio.microphone')}
      value={value}
      data-testid="mic-select"
      onChange={(event) => dispatch(audioActions.micSelected(event.target.value || undefined))}
    >
      {hasDefaultEntry ? null : <option value="">{t('audio.defaultMicrophone')}</option>}
      {devices.map((device, i) => (
        <option key={device.id} value={device.id === 'default' ? '' : device.id}>
          {device.label || t('audio.unnamedMicrophone', { number: i + 1 })}
        </option>
      ))}
    </LabelledSelect>
  );
}
