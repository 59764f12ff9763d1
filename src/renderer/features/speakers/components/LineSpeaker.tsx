import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/entities';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectMayChangeLine, selectOpenLineId, selectSpeakerChoices } from '../selectors';
import { speakersActions } from '../slice';
import { SpeakerNameForm } from './SpeakerNameForm';
import '../speakers.css';

/**
 * A caption line's speaker name. For whoever may change who said the line (the host, or the
 * person whose microphone or keyboard made it) the name is a button that opens, under the line,
 * the choice of speaker: someone the room knows, or "Someone else" to name them. Two people
 * sharing one microphone are told apart this way. For everyone else it is the name alone.
 */
export function LineSpeaker({ line, label, shown }: { line: Transcript; label: string; shown: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const mayChange = useAppSelector((state) => selectMayChangeLine(state, line));
  const open = useAppSelector(selectOpenLineId) === line.id;
  const choices = useAppSelector(selectSpeakerChoices);
  const [naming, setNaming] = useState(false);
  const className = shown ? 'caption-author' : 'caption-author visually-hidden';
  if (!mayChange) return <span className={className}>{label}</span>;
  const panelId = `speaker-menu-${line.id}`;
  const close = () => {
    setNaming(false);
    dispatch(speakersActions.menuClosed());
    document.getElementById(`speaker-button-${line.id}`)?.focus();
  };
  return (
    <>
      <Button
        id={`speaker-button-${line.id}`}
        variant="minimal"
        size="small"
        className={shown ? 'caption-author line-speaker' : 'caption-author line-speaker line-speaker--quiet'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('speakers.changeButton', { name: label })}
        data-testid="line-speaker"
        text={label}
        onClick={() => (open ? close() : dispatch(speakersActions.menuOpened(line.id)))}
      />
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-label={t('speakers.menuLabel')}
          className="line-speaker-menu"
          data-testid="line-speaker-menu"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          {naming ? (
            <SpeakerNameForm
              label={t('speakers.newNameLabel')}
              submitLabel={t('speakers.giveLine')}
              onSubmit={(name) => {
                setNaming(false);
                dispatch(speakersActions.lineGivenToNewSpeaker({ lineId: line.id, name }));
              }}
              onCancel={() => setNaming(false)}
            />
          ) : (
            <>
              <p className="line-speaker-question">{t('speakers.menuLabel')}</p>
              <ul className="line-speaker-choices">
                {choices
                  .filter((c) => c.id !== line.author)
                  .map((c) => (
                    <li key={c.id}>
                      <Button
                        size="small"
                        autoFocus={c === choices.find((x) => x.id !== line.author)}
                        data-testid="speaker-choice"
                        text={c.isMe ? t('speakers.me', { name: c.name }) : c.name}
                        onClick={() =>
                          dispatch(speakersActions.lineAssigned({ lineId: line.id, speakerId: c.id }))
                        }
                      />
                    </li>
                  ))}
                <li>
                  <Button
                    size="small"
                    icon="plus"
                    autoFocus={choices.every((c) => c.id === line.author)}
                    text={t('speakers.someoneElse')}
                    onClick={() => setNaming(true)}
                  />
                </li>
                <li>
                  <Button size="small" variant="minimal" text={t('speakers.cancel')} onClick={close} />
                </li>
              </ul>
            </>
          )}
        </div>
      ) : null}
    </>
  );
}
