import { Button, H1, InputGroup } from '@blueprintjs/core';
import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROOM_TITLE_MAX_LENGTH } from '../../../../shared/constants';
import { normalizeTitle } from '../../../../shared/validation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectIsHost, selectRoomStatus } from '../selectors';
import { conversationActions } from '../slice';

/** The conversation's title as the page heading; the host can rename it (sent only if non-empty). */
export function RoomTitle({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRoomStatus);
  const isHost = useAppSelector(selectIsHost);
  const title = status?.title || t('conversation.defaultTitle');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState(false);
  const inputId = useId();
  const problemId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const returnFocus = useRef(false);
  useDocumentTitle(title);

  // Focus moves after the key event that caused it has finished: moved at once, the Enter that
  // saved the title would also press the edit button it lands on (and reopen the editor).
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (editing) input.current?.focus();
      else if (returnFocus.current) {
        returnFocus.current = false;
        editButton.current?.focus();
      }
    }, 0);
    return () => window.clearTimeout(timer);
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
    setProblem(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeTitle(draft);
    if (normalized === undefined) {
      setProblem(true);
      return;
    }
    dispatch(conversationActions.titleUpdateRequested(normalized));
    close();
  };

  if (editing) {
    return (
      <form className="room-title-form" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="room-title-label">
          {t('conversation.titleLabel')}
        </label>
        <div className="inline-form">
          <InputGroup
            id={inputId}
            inputRef={input}
            value={draft}
            size="large"
            maxLength={ROOM_TITLE_MAX_LENGTH}
            aria-invalid={problem}
            aria-describedby={problem ? problemId : undefined}
            data-testid="room-title-input"
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') close();
            }}
          />
          <Button type="submit" intent="primary" data-testid="room-title-save">
            {t('conversation.saveTitle')}
          </Button>
          <Button onClick={close}>{t('common.cancel')}</Button>
        </div>
        <p id={problemId} role="alert" className="field-problem">
          {problem ? t('conversation.titleEmpty') : ''}
        </p>
      </form>
    );
  }

  return (
    <div className="room-title">
      <H1 ref={headingRef} tabIndex={-1} data-testid="room-title">
        {title}
      </H1>
      {isHost ? (
        <Button
          ref={editButton}
          variant="minimal"
          data-testid="room-title-edit"
          onClick={() => {
            setDraft(status?.title ?? '');
            setEditing(true);
          }}
        >
          {t('conversation.editTitle')}
        </Button>
      ) : null}
    </div>
  );
}
