import { Button, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { meetingBotActions } from '../slice';

/**
 * A typed reply the meeting bot speaks aloud in the meeting (ava-bot-text-to-speech), for
 * people who may speak in the room while a bot that can talk is in the call. Whether it was
 * sent, or why it was not spoken, is said in a polite live region under the field.
 */
export function SpeakIntoMeetingForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const reply = useAppSelector((s) => s.meetingBot.reply);
  const [text, setText] = useState('');
  const inputId = useId();
  const helpId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    dispatch(meetingBotActions.speakRequested({ text: trimmed }));
    setText('');
  };

  return (
    <form onSubmit={submit} className="meeting-bot-speak" data-testid="meeting-bot-speak">
      <label htmlFor={inputId}>{t('connectToOnlineMeetings.speakLabel')}</label>
      <InputGroup
        id={inputId}
        value={text}
        aria-describedby={helpId}
        data-testid="meeting-bot-speak-text"
        onChange={(event) => setText(event.target.value)}
      />
      <p id={helpId} className="field-help" role="status" data-testid="meeting-bot-speak-help">
        {reply === undefined
          ? t('connectToOnlineMeetings.speakHelp')
          : reply.sent
            ? t('connectToOnlineMeetings.spoken')
            : reply.message}
      </p>
      <Button type="submit" data-testid="meeting-bot-speak-submit">
        {t('connectToOnlineMeetings.speak')}
      </Button>
    </form>
  );
}
