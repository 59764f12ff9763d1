import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAvailableSpeechLangs, selectLanguage, selectSpeechLang } from '../selectors';
import { settingsActions } from '../slice';
import { LabelledSelect } from '../../../lib/Select';

/** The language the user speaks: sent to the server so it recognises the right language. */
export function SpeechLangSelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const uiLanguage = useAppSelector(selectLanguage);
  const speechLang = useAppSelector(selectSpeechLang);
  const langs = useAppSelector(selectAvailableSpeechLangs);
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([uiLanguage], { type: 'language' });
    } catch {
      return undefined;
    }
  }, [uiLanguage]);
  return (
    <LabelledSelect
      label={t('settings.speechLang')}
      value={speechLang}
      data-testid="speech-lang"
      onChange={(event) => dispatch(settingsActions.speechLangChanged(event.target.value))}
    >
      {langs.map((lang) => (
        <option key={lang} value={lang}>
          {names?.of(lang) ?? lang}
        </option>
      ))}
    </LabelledSelect>
  );
}
