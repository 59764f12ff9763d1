import { Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CORRECTION_MODES, type CorrectionMode } from '../../../../shared/scribe/model';

/** Fast or accurate, with what each means for the reader. */
export function ScribeModeChoice({
  value,
  onChange,
  testId,
}: {
  value: CorrectionMode;
  onChange: (mode: CorrectionMode) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      label={t('scribe.modeLabel')}
      selectedValue={value}
      onChange={(event) => onChange(event.currentTarget.value as CorrectionMode)}
      data-testid={testId}
    >
      {CORRECTION_MODES.map((mode) => (
        <Radio key={mode} value={mode} label={t(`scribe.modes.${mode}`)} />
      ))}
    </RadioGroup>
  );
}
