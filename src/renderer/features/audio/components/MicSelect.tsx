import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectDevices, selectSelectedMicId } from '../selectors';
import { audioActions } from '../slice';
import { Select } from '../../../lib/Select';

/** Microphone choice (kept in localStorage); "" is the system default. */
export function MicSelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const devices = useAppSelector(selectDevices);
  const selected = useAppSelector(selectSelectedMicId);
  const id = useId();
  const value = selected && devices.some((d) => d.id === selected) ? selected : '';
  const hasDefaultEntry = devices.some((d) => d.id === 'default');
  return (
    <div className="inline-field">
      <label htmlFor={id}>{t('audio.microphone')}</label>
      <Select
        id={id}
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
      </Select>
    </div>
  );
}
