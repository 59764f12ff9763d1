import { Switch } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectKeywordEmphasis } from '../selectors';
import { settingsActions } from '../slice';

/** Keyword emphasis (opt-in): names, numbers and rare words in bold in the captions. */
export function KeywordEmphasisSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const on = useAppSelector(selectKeywordEmphasis);
  const id = useId();
  return (
    <div className="keyword-emphasis-field">
      <Switch
        className="keyword-emphasis-switch"
        checked={on}
        label={t('readingAids.emphasis.label')}
        aria-describedby={`${id}-help`}
        data-testid="keyword-emphasis"
        onChange={(event) => dispatch(settingsActions.keywordEmphasisChanged(event.currentTarget.checked))}
      />
      <p id={`${id}-help`} className="field-help">
        {t('readingAids.emphasis.help')}
      </p>
    </div>
  );
}
