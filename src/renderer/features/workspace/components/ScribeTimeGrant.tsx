import { Button, FormGroup, H3, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCRIBE_GRANT_MAX_MINUTES, parseScribeGrant } from '../../../../shared/scribe/time';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { workspaceActions } from '../slice';
import { FieldProblem, problemProps } from './FieldProblem';

/**
 * The workspace's Scribe settings (issue 30, item 4): the admin adds minutes to a member's
 * Scribe time, which their Scribe sessions count down. Members who joined only (an invitation
 * holds no time yet).
 */
export function ScribeTimeGrant() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const members = useAppSelector((s) => s.workspace.members);
  const form = useAppSelector((s) => s.workspace.forms.scribeTime);
  const lastGrant = useAppSelector((s) => s.workspace.lastGrant);
  const [member, setMember] = useState('');
  const [minutes, setMinutes] = useState('');
  const [problems, setProblems] = useState<{ member?: string; minutes?: string }>({});
  useEffect(() => {
    if (members.status === 'idle') dispatch(workspaceActions.loadRequested('members'));
  }, [members.status, dispatch]);
  const active = (members.data ?? []).filter((m) => m.status === 'active' && m.avaId);
  const nameOf = (avaId: string) => {
    const found = active.find((m) => m.avaId === avaId);
    return found?.name || found?.email || avaId;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const grant = parseScribeGrant(minutes);
    const found = {
      ...(member ? {} : { member: t('organizations.workspace.settings.grantNoMember') }),
      ...(grant.ok
        ? {}
        : {
            minutes: t('organizations.workspace.settings.grantMinutesProblem', {
              max: SCRIBE_GRANT_MAX_MINUTES,
            }),
          }),
    };
    setProblems(found);
    if (!member || !grant.ok) return;
    dispatch(workspaceActions.scribeTimeRequested({ member, minutes: grant.minutes }));
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="scribe-grant-heading" data-testid="scribe-grant">
      <H3 id="scribe-grant-heading">{t('organizations.workspace.settings.grantHeading')}</H3>
      <p>{t('organizations.workspace.settings.grantIntro')}</p>
      <FormGroup label={t('organizations.workspace.settings.grantMember')} labelFor="scribe-grant-member">
        <HTMLSelect
          id="scribe-grant-member"
          value={member}
          onChange={(e) => setMember(e.currentTarget.value)}
          {...problemProps('scribe-grant-member-error', problems.member)}
          data-testid="scribe-grant-member"
        >
          <option value="">—</option>
          {active.map((m) => (
            <option key={m.avaId} value={m.avaId}>
              {m.name || m.email || m.avaId}
            </option>
          ))}
        </HTMLSelect>
        <FieldProblem id="scribe-grant-member-error" problem={problems.member} />
      </FormGroup>
      <FormGroup
        label={t('organizations.workspace.settings.grantMinutes', { max: SCRIBE_GRANT_MAX_MINUTES })}
        labelFor="scribe-grant-minutes"
      >
        <InputGroup
          id="scribe-grant-minutes"
          inputMode="numeric"
          value={minutes}
          onValueChange={setMinutes}
          {...problemProps('scribe-grant-minutes-error', problems.minutes)}
          data-testid="scribe-grant-minutes"
        />
        <FieldProblem id="scribe-grant-minutes-error" problem={problems.minutes} />
      </FormGroup>
      <Button type="submit" intent="primary" loading={form.saving} data-testid="scribe-grant-submit">
        {t('organizations.workspace.settings.grantSubmit')}
      </Button>
      <div role="status">
        {form.error ? (
          <p className="field-problem" data-testid="scribe-grant-error">
            {form.error}
          </p>
        ) : form.saved && lastGrant ? (
          <p className="field-help" data-testid="scribe-grant-done">
            {t('organizations.workspace.settings.granted', {
              minutes: lastGrant.minutes,
              name: nameOf(lastGrant.member),
              left: Math.floor(lastGrant.scribeTimeMs / 60_000),
            })}
          </p>
        ) : null}
      </div>
    </form>
  );
}
