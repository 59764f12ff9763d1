import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { botIsActive, checkMeetingUrl } from '../../../../shared/meeting-bot';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsHost, selectIsReadonly } from '../../conversation/selectors';
import { meetingBotActions } from '../slice';
import { SpeakIntoMeetingForm } from './SpeakIntoMeetingForm';
import { NoProviderNotice } from '../../../lib/NoProviderNotice';
import { MEETING_BOT_PROVIDER_VARIABLES } from '../../../../shared/integrations';

/**
 * Connect to online meetings: the host pastes a Zoom, Meet or Teams link and a bot joins the
 * meeting to caption it; everyone sees the bot's status (a polite live region) and why it
 * stopped. Others are told only the host can make changes. The link is checked as it is typed
 * (the server checks it again).
 */
export function MeetingBotPanel() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const isHost = useAppSelector(selectIsHost);
  const readonly = useAppSelector(selectIsReadonly);
  const bot = useAppSelector((s) => s.meetingBot);
  const speechLang = useAppSelector((s) => s.settings.speechLang);
  // False only once the server said it has no provider: the form would fail after submitting.
  const noProvider = useAppSelector((s) => s.settings.integrations?.meetingBots === false);
  const [link, setLink] = useState('');
  const [tried, setTried] = useState(false);
  const inputId = useId();
  const helpId = useId();
  const headingId = useId();
  const active = botIsActive(bot.status);
  const invalid = tried && !checkMeetingUrl(link).ok;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const checked = checkMeetingUrl(link);
    if (!checked.ok) return;
    dispatch(meetingBotActions.requested({ meetingUrl: checked.url, speechLang }));
  };

  return (
    <section className="meeting-bot" aria-labelledby={headingId} data-testid="meeting-bot-panel">
      <h3 id={headingId}>{t('connectToOnlineMeetings.title')}</h3>
      <p role="status" className="field-help" data-testid="meeting-bot-status">
        {bot.status === 'NOT_CONNECTED' && !bot.error
          ? ''
          : t(`connectToOnlineMeetings.statuses.${bot.status}`)}
      </p>
      {bot.error ? (
        <Callout
          compact
          intent={bot.status === 'ERROR' ? 'danger' : 'primary'}
          role={bot.status === 'ERROR' ? 'alert' : undefined}
          data-testid="meeting-bot-error"
        >
          {t(`connectToOnlineMeetings.errors.${bot.error}`)}
        </Callout>
      ) : null}
      {active && bot.speaks && !readonly ? <SpeakIntoMeetingForm /> : null}
      {noProvider && !active ? (
        <NoProviderNotice
          testId="meeting-bot-no-provider"
          message={t('connectToOnlineMeetings.noProvider')}
          variables={MEETING_BOT_PROVIDER_VARIABLES}
          operator={(variables) => t('connectToOnlineMeetings.noProviderOperator', { variables })}
        />
      ) : !isHost ? (
        <p className="field-help" data-testid="meeting-bot-only-host">
          {t('connectToOnlineMeetings.onlyHost')}
        </p>
      ) : active ? (
        <Button
          data-testid="meeting-bot-end"
          icon="log-out"
          onClick={() => dispatch(meetingBotActions.endRequested())}
        >
          {t('connectToOnlineMeetings.disconnect')}
        </Button>
      ) : (
        <form onSubmit={submit} noValidate>
          <label htmlFor={inputId}>{t('connectToOnlineMeetings.linkLabel')}</label>
          <InputGroup
            id={inputId}
            type="url"
            value={link}
            placeholder="https://zoom.us/j/…"
            intent={invalid ? 'danger' : 'none'}
            aria-invalid={invalid}
            aria-describedby={helpId}
            data-testid="meeting-bot-link"
            onChange={(event) => setLink(event.target.value)}
          />
          <p id={helpId} className="field-help" data-testid="meeting-bot-link-help">
            {invalid
              ? t('connectToOnlineMeetings.invalidLink')
              : bot.refusal
                ? bot.refusal
                : t('connectToOnlineMeetings.linkHelp')}
          </p>
          <Button type="submit" intent="primary" data-testid="meeting-bot-connect">
            {bot.status === 'ERROR'
              ? t('connectToOnlineMeetings.retry')
              : t('connectToOnlineMeetings.connect')}
          </Button>
        </form>
      )}
    </section>
  );
}
