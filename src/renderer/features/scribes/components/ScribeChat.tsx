import { Button, InputGroup } from '@blueprintjs/core';
import { type FormEvent, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScribeChatMessage } from '../../../../shared/scribe/api';
import { SCRIBE_CHAT_MAX_LENGTH } from '../../../../shared/scribe/model';

/**
 * The chat between a Scribe and the person they serve: the messages (a log a screen reader
 * reads as they come) and a box to write. `onSend` gets trimmed, non-empty text.
 */
export function ScribeChat({
  heading,
  messages,
  onSend,
  inputRef,
  testId,
}: {
  heading: string;
  messages: readonly ScribeChatMessage[];
  onSend: (text: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    onSend(trimmed);
    setText('');
  };
  return (
    <section aria-labelledby={`${id}-h`} className="scribe-chat" data-testid={testId}>
      <h3 id={`${id}-h`}>{heading}</h3>
      <div role="log" aria-live="polite" aria-labelledby={`${id}-h`}>
        <ol className="scribe-chat-log">
          {messages.length === 0 ? <li className="field-help">{t('scribe.chatEmpty')}</li> : null}
          {messages.map((m) => (
            <li key={`${m.atMs}-${m.fromAvaId}-${m.text}`}>
              <strong>{m.fromRole === 'scribe' ? t('scribe.fromScribe') : t('scribe.fromRequester')}:</strong>{' '}
              {m.text}
            </li>
          ))}
        </ol>
      </div>
      <form onSubmit={submit} className="scribe-chat-form">
        <label htmlFor={`${id}-in`} className="visually-hidden">
          {t('scribe.chatLabel')}
        </label>
        <InputGroup
          id={`${id}-in`}
          inputRef={inputRef}
          value={text}
          maxLength={SCRIBE_CHAT_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('scribe.chatLabel')}
        />
        <Button type="submit" text={t('scribe.chatSend')} disabled={text.trim().length === 0} />
      </form>
    </section>
  );
}
