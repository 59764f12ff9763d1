import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { randomId } from '../../../../shared/ids';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsHost } from '../../conversation/selectors';
import { invitePeopleActions } from '../slice';

/**
 * "Invite someone" (host only): search by the start of a name or an exact email, then invite one
 * of the people found. What the search found and what became of the invitation are said in live
 * regions, so a screen reader hears them without leaving the field; a refusal is the spec's join
 * error (errors.join.<key>).
 */
export function InvitePeople() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const isHost = useAppSelector(selectIsHost);
  const { searching, results, problem, sent } = useAppSelector((state) => state.invitePeople);
  const [text, setText] = useState('');
  const inputId = useId();
  const helpId = useId();
  const headingId = useId();
  if (!isHost) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(invitePeopleActions.searchRequested(text));
  };
  const fieldProblem = problem === 'tooShort' || problem === 'notEmail';

  return (
    <section className="invite-people" aria-labelledby={headingId} data-testid="invite-people">
      <h3 id={headingId}>{t('invitePeople.heading')}</h3>
      <form onSubmit={submit} noValidate role="search" aria-labelledby={headingId}>
        <label htmlFor={inputId}>{t('invitePeople.field')}</label>
        <InputGroup
          id={inputId}
          value={text}
          autoComplete="off"
          intent={fieldProblem ? 'danger' : 'none'}
          aria-invalid={fieldProblem}
          aria-describedby={helpId}
          data-testid="invite-people-field"
          onChange={(event) => setText(event.target.value)}
        />
        <p
          id={helpId}
          className={fieldProblem ? 'field-problem' : 'field-help'}
          data-testid="invite-people-help"
        >
          {fieldProblem ? t(`invitePeople.problem.${problem}`) : t('invitePeople.help')}
        </p>
        <Button type="submit" loading={searching} data-testid="invite-people-search">
          {t('invitePeople.search')}
        </Button>
      </form>
      <p role="status" className="field-help" data-testid="invite-people-status">
        {searching
          ? t('invitePeople.searching')
          : problem === 'failed'
            ? t('invitePeople.problem.failed')
            : results === undefined
              ? ''
              : results.length === 0
                ? t('invitePeople.noResults')
                : t('invitePeople.resultCount', { count: results.length })}
      </p>
      {results && results.length > 0 ? (
        <ul
          className="admission-list invite-people-results"
          aria-label={t('invitePeople.results')}
          data-testid="invite-people-results"
        >
          {results.map((person) => {
            const name = person.userName || person.avaName;
            return (
              <li key={person.avaId} data-testid="invite-people-result">
                {person.userPhoto ? (
                  <img
                    className="invite-people-avatar"
                    src={person.userPhoto}
                    alt=""
                    width={24}
                    height={24}
                  />
                ) : null}
                <span>{person.avaName === name ? name : `${name} (${person.avaName})`}</span>
                <Button
                  small
                  icon="plus"
                  data-testid="invite-people-invite"
                  disabled={sent?.to === person.avaId && sent.status === 'requested'}
                  onClick={() =>
                    dispatch(
                      invitePeopleActions.inviteRequested({ id: randomId(16), to: person.avaId, name }),
                    )
                  }
                >
                  {t('invitePeople.invite', { name })}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {sent?.status === 'refused' ? (
        <Callout compact intent="danger" role="alert" data-testid="invite-people-refused">
          {t(`errors.join.${sent.error ?? 'unknown'}`)}
        </Callout>
      ) : (
        <p role="status" className="field-help" data-testid="invite-people-sent">
          {sent?.status === 'requested' && sent.mailed
            ? t('invitePeople.sent.mailed', { name: sent.name })
            : sent?.status === 'requested' || sent?.status === 'accepted'
              ? t(`invitePeople.sent.${sent.status}`, { name: sent.name })
              : ''}
        </p>
      )}
    </section>
  );
}
