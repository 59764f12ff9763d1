import { Button } from '@blueprintjs/core';
import { type FormEvent, type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KEYBOARD_MESSAGE_MAX_LENGTH } from '../../../../shared/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { typedRepliesActions } from '../slice';
import { SpeakAloudControls } from '../../voiced-replies/components/SpeakAloudControls';
import { VoicedReplyStatus } from '../../voiced-replies/components/VoicedReplyStatus';

/** The shortcut that brings the keyboard to the box from anywhere on the conversation screen. */
export const COMPOSER_SHORTCUT = { key: 'm', label: 'Alt+M' } as const;

let nextId = 1;

/**
 * The conversation's text box: a person who does not speak takes part by typing. Enter sends
 * (Shift+Enter starts a new line); the line joins the captions as theirs. At the spec's character
 * limit the box says so; a longer line (pasted) is kept whole, with how much to shorten it, never
 * cut. A line that could not be sent stays in the box.
 */
export function MessageComposer({
  inputRef,
  viaRecorder = false,
}: {
  inputRef?: Ref<HTMLTextAreaElement>;
  /** In a desktop caption window: the recording window sends the line, with its own voice choice. */
  viaRecorder?: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const last = useAppSelector((state) => state.typedReplies.last);
  const [text, setText] = useState('');
  const waiting = useRef<string | undefined>(undefined);
  const id = useId();
  const countId = useId();
  const atLimit = text.length >= KEYBOARD_MESSAGE_MAX_LENGTH;
  const over = text.length > KEYBOARD_MESSAGE_MAX_LENGTH;
  const near = text.length >= KEYBOARD_MESSAGE_MAX_LENGTH * 0.8;

  // Cleared only once the line is on its way.
  useEffect(() => {
    if (last && last.id === waiting.current) {
      waiting.current = undefined;
      if (last.sent) setText('');
    }
  }, [last]);

  const send = () => {
    if (!text.trim() || over) return;
    waiting.current = `line${nextId++}`;
    dispatch(
      typedRepliesActions.sendRequested({
        id: waiting.current,
        text,
        ...(viaRecorder ? { viaRecorder } : {}),
      }),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form className="message-composer" onSubmit={onSubmit} data-testid="message-composer">
      <label htmlFor={id} className="visually-hidden">
        {t('typedReplies.label')}
      </label>
      <textarea
        ref={inputRef}
        id={id}
        className="bp6-input message-input"
        rows={1}
        value={text}
        placeholder={t('typedReplies.placeholder', { shortcut: COMPOSER_SHORTCUT.label })}
        aria-keyshortcuts={COMPOSER_SHORTCUT.label}
        aria-describedby={countId}
        aria-invalid={over}
        data-testid="message-input"
        onChange={(event) => {
          setText(event.target.value);
          dispatch(typedRepliesActions.composing());
        }}
        onKeyDown={onKeyDown}
      />
      <Button
        type="submit"
        intent="primary"
        icon="send-message"
        data-testid="message-send"
        disabled={!text.trim() || over}
      >
        {t('typedReplies.send')}
      </Button>
      {/* The count shows near the limit (and is always there for screen readers, without being
          announced at every key); reaching the limit is said once, as the spec words it. */}
      <p id={countId} className={near ? 'field-help message-count' : 'visually-hidden'}>
        {t('typedReplies.count', { count: text.length, max: KEYBOARD_MESSAGE_MAX_LENGTH })}
      </p>
      <p role="alert" className="field-problem message-count" data-testid="message-limit">
        {over
          ? t('typedReplies.overLimit', { count: text.length, max: KEYBOARD_MESSAGE_MAX_LENGTH })
          : atLimit
            ? t('typedReplies.limitReached')
            : ''}
      </p>
      {viaRecorder ? null : <SpeakAloudControls />}
      <VoicedReplyStatus />
    </form>
  );
}
