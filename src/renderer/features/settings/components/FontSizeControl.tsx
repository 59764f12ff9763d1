import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FONT_SIZE_MAX_PX, FONT_SIZE_MIN_PX } from '../../../../shared/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectFontSizePx } from '../selectors';
import { parseFontSizeDraft } from '../font-size';
import { settingsActions } from '../slice';

/** Caption font size, 13 to 60 px: a number box (typed exactly) and a slider (for the mouse). */
export function FontSizeControl() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const fontSize = useAppSelector(selectFontSizePx);
  const [draft, setDraft] = useState(String(fontSize));
  const numberId = useId();
  const helpId = useId();

  useEffect(() => setDraft(String(fontSize)), [fontSize]);

  const commit = () => {
    const value = Number(draft);
    if (draft.trim() !== '' && Number.isFinite(value)) dispatch(settingsActions.fontSizeChanged(value));
    else setDraft(String(fontSize));
  };

  return (
    <div className="font-size-control">
      <label htmlFor={numberId}>{t('settings.fontSize')}</label>
      <div className="font-size-inputs">
        <input
          type="range"
          min={FONT_SIZE_MIN_PX}
          max={FONT_SIZE_MAX_PX}
          step={1}
          value={fontSize}
          aria-label={t('settings.fontSizeSlider')}
          aria-describedby={helpId}
          onChange={(event) => dispatch(settingsActions.fontSizeChanged(Number(event.target.value)))}
        />
        <input
          id={numberId}
          className="bp6-input font-size-number"
          type="number"
          inputMode="numeric"
          min={FONT_SIZE_MIN_PX}
          max={FONT_SIZE_MAX_PX}
          step={1}
          value={draft}
          data-testid="font-size"
          aria-describedby={helpId}
          onChange={(event) => {
            setDraft(event.target.value);
            const value = parseFontSizeDraft(event.target.value);
            if (value !== undefined) dispatch(settingsActions.fontSizeChanged(value));
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
      </div>
      <p id={helpId} className="field-help">
        {t('settings.fontSizeHelp', { min: FONT_SIZE_MIN_PX, max: FONT_SIZE_MAX_PX })}
      </p>
    </div>
  );
}
