import { LinkToPass } from '../../../lib/LinkToPass';
import {
  Button,
  Callout,
  ControlGroup,
  FormGroup,
  H2,
  HTMLTable,
  InputGroup,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkLicenceEmail, LICENCE_EMAIL_ERRORS } from '../../../../shared/licences';
import type { WorkspaceMember } from '../../../../shared/workspace';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectProfile } from '../../account-profile/selectors';
import { workspaceActions } from '../slice';
import { FieldProblem, problemProps } from './FieldProblem';

function MemberRow({ member, selfAvaId }: { member: WorkspaceMember; selfAvaId: string | undefined }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => s.workspace.busyMember);
  const id = member.avaId ?? member.email ?? '';
  const who = member.name ?? member.email ?? id;
  const self = member.avaId !== undefined && member.avaId === selfAvaId;
  const [confirming, setConfirming] = useState<'remove' | 'admin' | undefined>();
  return (
    <tr data-testid="member-row" data-member={id}>
      <th scope="row">
        {member.name ?? '—'}
        {self ? <span className="field-help"> ({t('organizations.workspace.members.you')})</span> : null}
      </th>
      <td>{member.email ?? '—'}</td>
      <td data-testid="member-role">{t(`organizations.workspace.members.roles.${member.role}`)}</td>
      <td>
        <Tag intent={member.status === 'active' ? 'success' : 'warning'} data-testid="member-status">
          {t(`organizations.workspace.members.status.${member.status}`)}
        </Tag>
        {member.joinedByName ? (
          <>
            {' '}
            <Tag minimal data-testid="member-joined-by-name">
              {t('organizations.workspace.members.joinedByName')}
            </Tag>
          </>
        ) : null}
        {member.newJoin ? (
          <>
            {' '}
            <Tag intent="primary" data-testid="member-new">
              {t('organizations.workspace.members.new')}
            </Tag>
          </>
        ) : null}
      </td>
      <td>
        {member.licensed
          ? t('organizations.workspace.members.premium')
          : t('organizations.workspace.members.basic')}
      </td>
      <td>
        {self ? null : confirming ? (
          <span role="group" aria-label={t(`organizations.workspace.members.confirm.${confirming}`, { who })}>
            <span className="field-help">
              {t(`organizations.workspace.members.confirm.${confirming}`, { who })}{' '}
            </span>
            <Button
              intent={confirming === 'remove' ? 'danger' : 'primary'}
              loading={busy === id}
              data-testid="member-confirm"
              onClick={() => {
                setConfirming(undefined);
                dispatch(
                  confirming === 'remove'
                    ? workspaceActions.removeRequested({ member: id })
                    : workspaceActions.makeAdminRequested({ avaId: id }),
                );
              }}
            >
              {t('organizations.workspace.members.yes')}
            </Button>{' '}
            <Button variant="minimal" onClick={() => setConfirming(undefined)}>
              {t('organizations.workspace.members.no')}
            </Button>
          </span>
        ) : (
          <>
            {member.status === 'active' ? (
              <Button
                variant="minimal"
                onClick={() => setConfirming('admin')}
                data-testid="member-make-admin"
              >
                {t('organizations.workspace.members.makeAdmin', { who })}
              </Button>
            ) : null}
            <Button
              variant="outlined"
              intent="danger"
              disabled={busy === id}
              onClick={() => setConfirming('remove')}
              data-testid="member-remove"
            >
              {member.status === 'invited'
                ? t('organizations.workspace.members.withdraw', { who })
                : t('organizations.workspace.members.remove', { who })}
            </Button>
          </>
        )}
      </td>
    </tr>
  );
}

/**
 * Who joined by naming the organisation since an admin last looked (issue 29 F-15): the spec
 * lets anyone join that way, so the admin is told, and marks them seen once they have read it.
 */
function JoinsByNameNotice({ members }: { members: WorkspaceMember[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const fresh = members.filter((m) => m.newJoin);
  if (fresh.length === 0) return null;
  const names = fresh.map((m) => m.name ?? m.email ?? m.avaId ?? '').join(', ');
  return (
    <Callout
      intent="primary"
      className="page-callout"
      role="region"
      aria-labelledby="joins-by-name-heading"
      data-testid="joins-by-name"
    >
      <p id="joins-by-name-heading">
        {t('organizations.workspace.members.joinsByName', { count: fresh.length, names })}
      </p>
      <Button onClick={() => dispatch(workspaceActions.joinsSeenRequested())} data-testid="joins-seen">
        {t('organizations.workspace.members.joinsSeen')}
      </Button>
    </Callout>
  );
}

/** Members: invite by email, the admin role handed over, members removed or invitations withdrawn. */
export function MembersPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const { members, forms, lastInvite } = useAppSelector((s) => s.workspace);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    dispatch(workspaceActions.loadRequested('members'));
  }, [dispatch]);
  useEffect(() => {
    if (forms.invite.saved) setEmail('');
  }, [forms.invite.saved]);
  const invite = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkLicenceEmail(email);
    if (checked.kind !== 'assign') {
      setProblem(LICENCE_EMAIL_ERRORS.invalid);
      return;
    }
    setProblem(undefined);
    dispatch(workspaceActions.inviteRequested({ email: checked.email, role: 'member' }));
  };
  const error = problem ?? forms.invite.error;
  return (
    <section aria-labelledby="members-heading" data-testid="workspace-members">
      <H2 id="members-heading">{t('organizations.workspace.members.heading')}</H2>
      <p>{t('organizations.workspace.members.intro')}</p>
      <form onSubmit={invite} className="workspace-members-form" noValidate>
        <FormGroup
          label={t('organizations.workspace.members.email')}
          labelFor="invite-email"
          helperText={t('organizations.workspace.members.emailHelp')}
        >
          <ControlGroup>
            <InputGroup
              id="invite-email"
              type="email"
              autoComplete="off"
              value={email}
              onValueChange={setEmail}
              {...problemProps('invite-error', error)}
              data-testid="invite-email"
            />
            <Button type="submit" intent="primary" loading={forms.invite.saving} data-testid="invite-submit">
              {t('organizations.workspace.members.invite')}
            </Button>
          </ControlGroup>
        </FormGroup>
      </form>
      <div role="status">
        {error ? (
          <FieldProblem id="invite-error" problem={error} />
        ) : forms.invite.saved ? (
          <p className="field-help" data-testid="invite-saved">
            {t('organizations.workspace.members.invited')}
          </p>
        ) : null}
      </div>
      {forms.invite.saved && lastInvite ? (
        <LinkToPass
          id="invite-link"
          link={lastInvite.link}
          delivery={lastInvite.delivery}
          said={t('organizations.workspace.members.invitedLink', { email: lastInvite.email })}
          testId="invite-link"
        />
      ) : null}
      <JoinsByNameNotice members={members.data ?? []} />
      <div role="alert">
        {forms.members.error ? <Callout intent="danger">{forms.members.error}</Callout> : null}
        {members.status === 'failed' ? (
          <Callout intent="danger">
            {t('organizations.workspace.loadFailed', { message: members.error ?? '' })}
          </Callout>
        ) : null}
      </div>
      {members.status === 'loading' && !members.data ? (
        <Spinner size={24} aria-label={t('organizations.workspace.loading')} />
      ) : (
        <HTMLTable className="workspace-table" striped>
          <caption className="visually-hidden">{t('organizations.workspace.members.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('organizations.workspace.members.columns.name')}</th>
              <th scope="col">{t('organizations.workspace.members.columns.email')}</th>
              <th scope="col">{t('organizations.workspace.members.columns.role')}</th>
              <th scope="col">{t('organizations.workspace.members.columns.status')}</th>
              <th scope="col">{t('organizations.workspace.members.columns.captions')}</th>
              <th scope="col">{t('organizations.workspace.members.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(members.data ?? []).map((m) => (
              <MemberRow key={m.avaId ?? m.email} member={m} selfAvaId={profile?.avaId} />
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
