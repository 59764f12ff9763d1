import { Switch } from '@blueprintjs/core';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { voiceFromId } from '../../../../shared/tts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Select } from '../../../lib/Select';
import { selectVoiceId } from '../sagas';
import { voicedRepliesActions } from '../slice';

/**
 * Under the typed-reply box: "Speak aloud" (typed lines are also read aloud here, to the people
 * in the room) and, when on, which voice; and whether others' voiced replies play here too.
 * All plain form controls, reachable by Tab.
 */
export function SpeakAloudControls() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const speakAloud = useAppSelector((s) => s.voicedReplies.speakAloud);
  const playOthers = useAppSelector((s) => s.voicedReplies.playOthers);
  const voices = useAppSelector((s) => s.voicedReplies.voices);
  const voiceId = useAppSelector(selectVoiceId);
  const lang = useAppSelector((s) => s.settings.speechLang);
  const selectId = useId();

  useEffect(() => {
    dispatch(voicedRepliesActions.voicesRequested(lang));
  }, [dispatch, lang]);

  const chosen = voiceFromId(voiceId);
  return (
    <div className="speak-aloud" data-testid="speak-aloud-controls">
      <ReplySwitch
        checked={speakAloud}
        label={t('voicedReplies.speakAloud')}
        testId="speak-aloud"
        onChecked={(checked) => dispatch(voicedRepliesActions.speakAloudChanged(checked))}
      />
      {speakAloud ? (
        <span className="speak-aloud-voice">
          <label htmlFor={selectId}>{t('voicedReplies.voice')}</label>
          <Select
            id={selectId}
            value={voiceId}
            data-testid="speak-aloud-voice"
            onChange={(event) => dispatch(voicedRepliesActions.voiceChosen(event.currentTarget.value))}
          >
            {voices.map((v) => (
              <option
                key={v.voiceId}
                value={v.voiceId}
                disabled={!v.availableInUserLanguage && v.voiceProviderId !== chosen}
              >
                {t(`account.onboarding.voice.options.${v.voiceProviderId}`)}
              </option>
            ))}
          </Select>
        </span>
      ) : null}
      <ReplySwitch
        checked={playOthers}
        label={t('voicedReplies.playOthers')}
        testId="play-others"
        onChecked={(checked) => dispatch(voicedRepliesActions.playOthersChanged(checked))}
      />
    </div>
  );
}

/** One of the two switches beside the typing box: whether my replies are spoken, and others'. */
function ReplySwitch(props: {
  checked: boolean;
  label: string;
  testId: string;
  onChecked: (checked: boolean) => void;
}) {
  return (
    <Switch
      className="speak-aloud-switch"
      checked={props.checked}
      label={props.label}
      data-testid={props.testId}
      onChange={(event) => props.onChecked(event.currentTarget.checked)}
    />
  );
}
