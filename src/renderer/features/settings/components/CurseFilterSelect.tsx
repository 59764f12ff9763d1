import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CURSE_FILTER_LEVELS } from '../../../../shared/curse-filter';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Select } from '../../../lib/Select';
import { selectCurseFilter } from '../selectors';
import { settingsActions } from '../slice';

/**
 * The curse filter of the captions this person reads (shared/curse-filter.ts): the server
 * applies it to what it sends them; the saved transcript keeps what was said.
 */
export function CurseFilterSelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const level = useAppSelector(selectCurseFilter);
  const id = useId();
  const help = `${id}-help`;
  return (
    <div className="inline-field curse-filter-field">
      <label htmlFor={id}>{t('readingAids.profanity.label')}</label>
      <Select
        id={id}
        value={String(level)}
        aria-describedby={help}
        data-testid="curse-filter"
        onChange={(event) => dispatch(settingsActions.curseFilterChanged(Number(event.target.value)))}
      >
        {CURSE_FILTER_LEVELS.map((value) => (
          <option key={value} value={String(value)}>
            {t(`readingAids.profanity.levels.${value}`)}
          </option>
        ))}
      </Select>
      <p id={help} className="field-help">
        {t('readingAids.profanity.help')}
      </p>
    </div>
  );
}
