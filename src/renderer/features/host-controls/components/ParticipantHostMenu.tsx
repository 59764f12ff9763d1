import { Button, Checkbox } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LabelledSelect } from '../../../lib/Select';
import { useLanguageNames } from '../../../lib/use-language-names';
import { selectAvailableSpeechLangs } from '../../settings/selectors';
import { hostControlsActions } from '../actions';

/**
 * The host's choices about one participant, behind a disclosure button named for them: the
 * language their speech is recognised in (change-speaker-language: the server refuses one no
 * installed engine recognises, naming those that are) and whether they keep the transcript
 * (update-transcript-owner; checked as the room status's transcriptOwners says).
 */
export function ParticipantHostMenu({ avaId, name }: { avaId: string; name: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const langs = useAppSelector(selectAvailableSpeechLangs);
  const owner = useAppSelector(
    (state) => state.conversation.status?.transcriptOwners?.includes(avaId) === true,
  );
  const nameOf = useLanguageNames();
  return (
    <div className="participant-host-menu">
      <Button
        small
        minimal
        icon="cog"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="participant-manage"
        onClick={() => setOpen(!open)}
      >
        {t('hostControls.manage', { name })}
      </Button>
      {open ? (
        <div id={panelId} className="participant-host-panel" data-testid="participant-host-panel">
          <LabelledSelect
            label={t('hostControls.speechLang', { name })}
            value=""
            data-testid="participant-speech-lang"
            onChange={(event) => {
              if (event.target.value)
                dispatch(hostControlsActions.speakerLanguageChanged({ avaId, language: event.target.value }));
            }}
          >
            <option value="">{t('hostControls.chooseSpeechLang')}</option>
            {langs.map((lang) => (
              <option key={lang} value={lang}>
                {nameOf(lang)}
              </option>
            ))}
          </LabelledSelect>
          <Checkbox
            checked={owner}
            label={t('hostControls.transcriptOwner', { name })}
            data-testid="participant-transcript-owner"
            onChange={(event) =>
              dispatch(
                hostControlsActions.transcriptOwnerChanged({ avaId, owner: event.currentTarget.checked }),
              )
            }
          />
        </div>
      ) : null}
    </div>
  );
}
