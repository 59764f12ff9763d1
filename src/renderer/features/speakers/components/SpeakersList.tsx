import { Button, Card, H2 } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectMayNameSpeakers, selectVoicingSpeakers } from '../selectors';
import { speakersActions } from '../slice';
import { SpeakerNameForm } from './SpeakerNameForm';

/**
 * The speakers named in the room who have no device of their own (someone sharing a microphone,
 * or "Speaker 2" told apart by speaker identification): anyone who writes may rename one, and
 * say "this was me" to take its lines as their own.
 */
export function SpeakersList() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const speakers = useAppSelector(selectVoicingSpeakers);
  const mayName = useAppSelector(selectMayNameSpeakers);
  const [renaming, setRenaming] = useState<string | undefined>();
  if (speakers.length === 0) return null;
  const focusRename = (id: string) =>
    window.setTimeout(() => document.getElementById(`rename-speaker-${id}`)?.focus(), 0);
  return (
    <Card className="speakers-card" elevation={1}>
      <section aria-labelledby="speakers-heading">
        <H2 id="speakers-heading">{t('speakers.heading')}</H2>
        <ul className="speakers-list" data-testid="voicing-speakers">
          {speakers.map((s) => (
            <li key={s.id} data-testid="voicing-speaker" data-speaker-id={s.id}>
              {renaming === s.id ? (
                <SpeakerNameForm
                  label={t('speakers.renameLabel', { name: s.name })}
                  submitLabel={t('speakers.saveName')}
                  initial={s.name}
                  onSubmit={(name) => {
                    setRenaming(undefined);
                    dispatch(speakersActions.renamed({ speakerId: s.id, name }));
                    focusRename(s.id);
                  }}
                  onCancel={() => {
                    setRenaming(undefined);
                    focusRename(s.id);
                  }}
                />
              ) : (
                <>
                  <span className="speaker-name">{s.name}</span>
                  {s.possiblyMe ? (
                    <span className="field-help" data-testid="possibly-me">
                      {' '}
                      {t('speakers.possiblyMe')}
                    </span>
                  ) : null}
                  {mayName ? (
                    <span className="speaker-actions">
                      <Button
                        id={`rename-speaker-${s.id}`}
                        size="small"
                        icon="edit"
                        aria-label={t('speakers.rename', { name: s.name })}
                        text={t('speakers.renameShort')}
                        onClick={() => setRenaming(s.id)}
                      />{' '}
                      <Button
                        size="small"
                        aria-label={t('speakers.claim', { name: s.name })}
                        text={t('speakers.claimShort')}
                        onClick={() => dispatch(speakersActions.claimed({ speakerId: s.id }))}
                      />
                    </span>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
