import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAvailableSpeechLangs, selectSpeechLang } from '../selectors';
import { settingsActions } from '../slice';
import { LabelledSelect } from '../../../lib/Select';
import { useLanguageNames } from '../../../lib/use-language-names';

/** The language the user speaks: sent to the server so it recognises the right language. */
export function SpeechLangSelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const speechLang = useAppSelector(selectSpeechLang);
  const langs = useAppSelector(selectAvailableSpeechLangs);
  const nameOf = useLanguageNames();
  return (
    <LabelledSelect
      label={t('settings.speechLang')}
      value={speechLang}
      data-testid="speech-lang"
      onChange={(event) => dispatch(settingsActions.speechLangChanged(event.target.value))}
    >
      {langs.map((lang) => (
        <option key={lang} value={lang}>
          {nameOf(lang)}
        </option>
      ))}
    </LabelledSelect>
  );
}
