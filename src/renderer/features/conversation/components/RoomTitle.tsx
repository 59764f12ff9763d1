import { Button, H1, InputGroup } from '@blueprintjs/core';
import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROOM_TITLE_MAX_LENGTH } from '../../../../shared/constants';
import { type TitleProblem, titleProblem } from '../../../../shared/validation';
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
  const [problem, setProblem] = useState<TitleProblem | undefined>(undefined);
  const helpId = useId();
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
    setProblem(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = titleProblem(draft);
    if (found) {
      setProblem(found);
      return;
    }
    dispatch(conversationActions.titleUpdateRequested(draft.trim()));
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
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? `${helpId} ${problemId}` : helpId}
            data-testid="room-title-input"
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(undefined);
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
        <p id={helpId} className="field-help">
          {t('conversation.titleHelp', { max: ROOM_TITLE_MAX_LENGTH, count: draft.trim().length })}
        </p>
        <p id={problemId} role="alert" className="field-problem">
          {problem === 'empty'
            ? t('conversation.titleEmpty')
            : problem === 'too-long'
              ? t('conversation.titleTooLong', { max: ROOM_TITLE_MAX_LENGTH, count: draft.trim().length })
              : ''}
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
