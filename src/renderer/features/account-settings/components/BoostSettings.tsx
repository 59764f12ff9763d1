import { Button, Callout, FormGroup, H2, H3, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newBoostWords } from '../../../../shared/boost-words';
import { isPaidSubscriber } from '../../../../shared/user';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectProfile } from '../../account-profile/selectors';
import { accountBoostActions } from '../boost-slice';

/**
 * Boost: whether the plan includes Vocabulary Boost, and one's own boost list, to add words to
 * (comma-separated, the rules of shared/boost-words.ts, checked here and again by the server)
 * and remove them from, by keyboard; each change is announced once.
 */
export function BoostSettings() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const boost = useAppSelector((s) => s.accountBoost);
  const [input, setInput] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>();
  // The server's word once the list is read (an installation may give boost to everyone);
  // the plan's until then.
  const paid = boost.status === 'ready' ? !boost.upgradeRequired : isPaidSubscriber(profile?.subscription);
  const hasProfile = Boolean(profile?.avaId);

  useEffect(() => {
    if (hasProfile) dispatch(accountBoostActions.loadRequested());
  }, [dispatch, hasProfile]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const checked = newBoostWords(input, { alreadyBoosted: boost.words });
    if (!checked.ok) return setRefusal(checked.error);
    setRefusal(undefined);
    if (checked.words.length === 0) return setInput('');
    dispatch(accountBoostActions.changeRequested({ action: 'add', words: input }));
    setInput('');
  };

  const error = refusal ?? boost.error;
  const change = boost.lastChange;
  const announcement = change
    ? change.added.length > 0
      ? t('account.settings.boost.added', { words: change.added.join(', ') })
      : change.removed.length > 0
        ? t('account.settings.boost.removed', { words: change.removed.join(', ') })
        : ''
    : '';

  return (
    <section aria-labelledby="boost-heading">
      <H2 id="boost-heading">{t('account.settings.boost.heading')}</H2>
      <p>{t('account.settings.boost.intro')}</p>
      <Callout intent={paid ? 'success' : 'primary'} className="page-callout" data-testid="boost-status">
        {paid ? t('account.settings.boost.included') : t('account.settings.boost.upgrade')}
      </Callout>
      {hasProfile && (
        <section aria-labelledby="boost-list-heading" data-testid="boost-list-editor">
          <H3 id="boost-list-heading">{t('account.settings.boost.listHeading')}</H3>
          {/* A plan without boost reads its list (kept for an upgrade) but cannot change it. */}
          {paid && (
            <form onSubmit={add}>
              <FormGroup
                label={t('account.settings.boost.addLabel')}
                labelFor="boost-words-input"
                helperText={
                  <span id="boost-words-help" role={error ? 'alert' : undefined}>
                    {error ?? t('account.settings.boost.addHelp')}
                  </span>
                }
                intent={error ? 'danger' : 'none'}
              >
                <InputGroup
                  id="boost-words-input"
                  data-testid="boost-words-input"
                  value={input}
                  onChange={(e) => setInput(e.target.value)}
                  intent={error ? 'danger' : 'none'}
                  aria-invalid={error ? true : undefined}
                  aria-describedby="boost-words-help"
                />
              </FormGroup>
              <Button type="submit" intent="primary" loading={boost.saving} data-testid="boost-words-add">
                {t('account.settings.boost.add')}
              </Button>
            </form>
          )}
          {boost.status === 'ready' && boost.words.length === 0 && (
            <p data-testid="boost-list-empty">{t('account.settings.boost.empty')}</p>
          )}
          {boost.words.length > 0 && (
            <ul
              className="boost-word-list"
              aria-labelledby="boost-list-heading"
              data-testid="boost-word-list"
            >
              {boost.words.map((word) => (
                <li key={word} data-testid="boost-word">
                  <span>{word}</span>{' '}
                  {paid && (
                    <Button
                      small
                      minimal
                      icon="cross"
                      aria-label={t('account.settings.boost.remove', { word })}
                      onClick={() =>
                        dispatch(accountBoostActions.changeRequested({ action: 'remove', words: word }))
                      }
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="visually-hidden" role="status" aria-live="polite" data-testid="boost-announcement">
            {announcement}
          </p>
        </section>
      )}
    </section>
  );
}
