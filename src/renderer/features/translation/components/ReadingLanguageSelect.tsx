import { Checkbox } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LabelledSelect } from '../../../lib/Select';
import { useLanguageNames } from '../../../lib/use-language-names';
import { selectReadingLang, selectShowOriginal, selectTranslationOptions } from '../selectors';
import { translationActions } from '../slice';

/**
 * "Read captions in": the language this person reads; only languages the server can translate
 * into from the room's speech language are listed, and when there is none it says why.
 */
export function ReadingLanguageSelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const options = useAppSelector(selectTranslationOptions);
  const readingLang = useAppSelector(selectReadingLang);
  const showOriginal = useAppSelector(selectShowOriginal);
  const nameOf = useLanguageNames();
  const helpId = useId();
  // The speaker's own language is "as spoken"; the others are translations.
  const translations = (options?.languages ?? []).slice(1);
  const none = options !== undefined && translations.length === 0;
  return (
    <div className="reading-language" data-testid="reading-language">
      <LabelledSelect
        label={t('translation.readIn')}
        value={readingLang ?? ''}
        disabled={none}
        aria-describedby={none ? helpId : undefined}
        data-testid="reading-language-select"
        onChange={(event) => dispatch(translationActions.readingLangChosen(event.target.value || null))}
      >
        <option value="">{t('translation.asSpoken')}</option>
        {translations.map((lang) => (
          <option key={lang} value={lang}>
            {nameOf(lang)}
          </option>
        ))}
      </LabelledSelect>
      {none ? (
        <p id={helpId} className="field-help" data-testid="reading-language-none">
          {options?.available
            ? t('translation.noneFrom', { language: nameOf(options.from) })
            : t('translation.unavailable')}
        </p>
      ) : null}
      {readingLang ? (
        <Checkbox
          checked={showOriginal}
          label={t('translation.showOriginal')}
          data-testid="show-original"
          onChange={(event) => dispatch(translationActions.showOriginalChanged(event.currentTarget.checked))}
        />
      ) : null}
    </div>
  );
}
