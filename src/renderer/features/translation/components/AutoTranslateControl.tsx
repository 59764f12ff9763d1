import { Button, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LabelledSelect } from '../../../lib/Select';
import { selectIsHost } from '../../conversation/selectors';
import { selectAutoTogglePending, selectAutoTranslation, selectTranslationOptions } from '../selectors';
import { translationActions } from '../slice';
import { useLanguageNames } from '../../../lib/use-language-names';

/**
 * Auto-translate, for the host: the guest's language, and whose turn it is to speak (every
 * caption is translated into the other's language). The toggle spins until the room answers,
 * at most 5 s; the turn is announced politely.
 */
export function AutoTranslateControl() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const isHost = useAppSelector(selectIsHost);
  const options = useAppSelector(selectTranslationOptions);
  const auto = useAppSelector(selectAutoTranslation);
  const pending = useAppSelector(selectAutoTogglePending);
  const nameOf = useLanguageNames();
  const guestChoices = (options?.languages ?? []).slice(1);
  if (!isHost || guestChoices.length === 0) return null;
  return (
    <fieldset className="auto-translate" data-testid="auto-translate">
      <legend>{t('translation.auto.title')}</legend>
      <LabelledSelect
        label={t('translation.auto.guestLanguage')}
        value={auto?.guestLanguage ?? ''}
        data-testid="auto-translate-guest-language"
        onChange={(event) => {
          if (event.target.value) dispatch(translationActions.guestLanguageChosen(event.target.value));
        }}
      >
        <option value="">{t('translation.auto.off')}</option>
        {guestChoices.map((lang) => (
          <option key={lang} value={lang}>
            {nameOf(lang)}
          </option>
        ))}
      </LabelledSelect>
      {auto ? (
        <>
          <Button
            data-testid="auto-translate-toggle"
            aria-busy={pending}
            disabled={pending}
            icon={pending ? <Spinner size={16} aria-hidden /> : 'swap-horizontal'}
            onClick={() => dispatch(translationActions.autoToggleRequested())}
          >
            {auto.active === 'host'
              ? t('translation.auto.switchToGuest')
              : t('translation.auto.switchToHost')}
          </Button>
          <p className="field-help" role="status" data-testid="auto-translate-active">
            {auto.active === 'host'
              ? t('translation.auto.hostSpeaking', { language: nameOf(auto.hostLanguage) })
              : t('translation.auto.guestSpeaking', { language: nameOf(auto.guestLanguage) })}
          </p>
        </>
      ) : null}
    </fieldset>
  );
}
