import { Button, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TRAINING_LANGUAGES,
  type TrainingLanguage,
  defaultTrainingLanguage,
  trainingItemsIn,
} from '../../../../shared/scribe/training';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectLanguage } from '../../settings/selectors';
import { scribeActions } from '../slice';

/**
 * The training recordings on the Scribe dashboard: the language to practise in (a radio group,
 * arrow keys move between languages; it opens on the interface's language) and that language's
 * items, each with its button to start practising.
 */
export function TrainingItems() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const training = useAppSelector((s) => s.scribe.training);
  const uiLanguage = useAppSelector(selectLanguage);
  const [language, setLanguage] = useState<TrainingLanguage>(() => defaultTrainingLanguage(uiLanguage));
  const items = trainingItemsIn(training, language);
  return (
    <>
      <RadioGroup
        label={t('scribe.dashboard.trainingLanguage')}
        inline
        selectedValue={language}
        data-testid="scribe-training-language"
        onChange={(event) => setLanguage(event.currentTarget.value as TrainingLanguage)}
      >
        {TRAINING_LANGUAGES.map((l) => (
          <Radio key={l} value={l} label={t(`scribe.dashboard.trainingLanguages.${l}`)} />
        ))}
      </RadioGroup>
      {items.length === 0 ? (
        <p data-testid="scribe-training-none">{t('scribe.dashboard.trainingNone')}</p>
      ) : (
        <ul className="scribe-requests" data-testid="scribe-training-items" lang={language}>
          {items.map((item) => (
            <li key={item.name}>
              {item.displayName}{' '}
              <Button
                onClick={() => dispatch(scribeActions.trainingStartRequested(item.name))}
                aria-label={`${t('scribe.dashboard.startTraining')}: ${item.displayName}`}
              >
                {t('scribe.dashboard.startTraining')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
