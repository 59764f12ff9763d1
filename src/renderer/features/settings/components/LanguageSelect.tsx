import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES } from '../../../../shared/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectLanguage } from '../selectors';
import { isUiLanguage, settingsActions } from '../slice';
import { LabelledSelect } from '../../../lib/Select';

/** Interface language. Each option is written in its own language, and marked so. */
export function LanguageSelect({ testId = 'language-select' }: { testId?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  return (
    <LabelledSelect
      label={t('settings.language')}
      value={language}
      data-testid={testId}
      onChange={(event) => {
        if (isUiLanguage(event.target.value)) dispatch(settingsActions.languageChanged(event.target.value));
      }}
    >
      {UI_LANGUAGES.map((lang) => (
        <option key={lang} value={lang} lang={lang}>
          {t(`settings.languages.${lang}`)}
        </option>
      ))}
    </LabelledSelect>
  );
}
