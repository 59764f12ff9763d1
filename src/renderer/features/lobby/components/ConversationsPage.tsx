import { Button, Callout, Card, FormGroup, H1, H2, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingLine } from '../../../lib/LoadingLine';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DisplayNameForm } from '../../identity/components/DisplayNameForm';
import { SessionGate } from '../../identity/components/SessionGate';
import { roomNameMessage } from '../room-name-messages';
import { selectLobby } from '../selectors';
import { lobbyActions } from '../slice';
import { StartConversationButton } from './StartConversationButton';
import { ROUTES, isReadonlyParam } from '../../../../shared/routes';

function StartCard() {
  const { t } = useTranslation();
  return (
    <Card className="lobby-card" elevation={1}>
      <H2 id="start-heading">{t('lobby.start.heading')}</H2>
      <p>{t('lobby.start.description')}</p>
      <StartConversationButton label={t('lobby.start.button')} testId="start-conversation" />
    </Card>
  );
}

function JoinCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { status: joinStatus, problem: joinProblem } = useAppSelector(selectLobby).join;
  const [name, setName] = useState('');
  const inputId = useId();
  const helpId = useId();
  const problemId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (joinProblem) inputRef.current?.focus();
  }, [joinProblem]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(lobbyActions.joinByNameRequested(name));
  };

  let problem: string | undefined;
  if (joinProblem?.kind === 'validation') {
    const message = roomNameMessage(joinProblem.problem);
    problem = t(message.key, message.values);
  } else if (joinProblem?.kind === 'server') {
    problem = t('lobby.join.failed', { message: joinProblem.message });
  }

  return (
    <Card className="lobby-card" elevation={1}>
      <H2 id="join-heading">{t('lobby.join.heading')}</H2>
      <form onSubmit={submit} noValidate aria-labelledby="join-heading">
        <FormGroup label={t('lobby.join.label')} labelFor={inputId} intent={problem ? 'danger' : 'none'}>
          <div className="inline-form">
            <InputGroup
              id={inputId}
              inputRef={inputRef}
              value={name}
              size="large"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              intent={problem ? 'danger' : 'none'}
              aria-invalid={problem !== undefined}
              aria-describedby={problem ? `${problemId} ${helpId}` : helpId}
              data-testid="join-room-name"
              onChange={(event) => {
                setName(event.target.value);
                if (joinProblem) dispatch(lobbyActions.joinProblemCleared());
              }}
            />
            <Button
              type="submit"
              size="large"
              data-testid="join-room-submit"
              disabled={joinStatus === 'resolving'}
            >
              {t('lobby.join.submit')}
            </Button>
          </div>
        </FormGroup>
        <p id={helpId} className="field-help">
          {t('lobby.join.help')}
        </p>
        <div role="alert" className="field-problem" id={problemId} data-testid="join-room-problem">
          {problem}
        </div>
        <p role="status" className="field-status">
          {joinStatus === 'resolving' ? t('lobby.join.resolving') : ''}
        </p>
      </form>
    </Card>
  );
}

/** `?token=` (and `readonly=true`): resolves the shared link and joins its room. */
function TokenJoin({ token, readonly }: { token: string; readonly: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { status: tokenStatus, problem: tokenProblem } = useAppSelector(selectLobby).token;
  useEffect(() => {
    dispatch(lobbyActions.tokenReceived({ token, readonly }));
  }, [dispatch, token, readonly]);
  if (tokenStatus === 'failed') {
    return (
      <Callout intent="danger" role="alert" className="page-callout" data-testid="token-problem">
        {t('lobby.token.failed', { message: tokenProblem ?? '' })}
      </Callout>
    );
  }
  return <LoadingLine label={t('lobby.token.resolving')} />;
}

export function ConversationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('lobby.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const readonly = isReadonlyParam(params.get('readonly'));
  return (
    <div className="page lobby-page">
      <H1>{t('lobby.heading')}</H1>
      <p className="lead">{t('lobby.intro')}</p>
      <SessionGate>
        {token ? <TokenJoin token={token} readonly={readonly} /> : null}
        <div className="lobby-grid">
          <StartCard />
          <JoinCard />
        </div>
        <Card className="lobby-card" elevation={0}>
          <DisplayNameForm />
        </Card>
        <p>
          <Link to={ROUTES.history} data-testid="history-link">
            {t('history.page.link')}
          </Link>
        </p>
      </SessionGate>
    </div>
  );
}
