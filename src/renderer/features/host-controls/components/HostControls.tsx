import { Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { admissionActions } from '../../admission/slice';
import { selectIsHost } from '../../conversation/selectors';
import { hostControlsActions } from '../actions';

/**
 * The host's controls of the room, beside force-mute: private (each newcomer waits for the host:
 * requireAdmission) or public, and interactive or read-only for members (conversationMode
 * public or public-muted). Radio groups: arrow keys move within a group, each group and choice is
 * named. What is checked is what the room status says, so it follows the server.
 */
export function HostControls() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const isHost = useAppSelector(selectIsHost);
  const status = useAppSelector((state) => state.conversation.status);
  if (!isHost || !status || status.state.value !== 'ongoing') return null;
  return (
    <div className="host-controls" data-testid="host-controls">
      <RadioGroup
        label={t('hostControls.access')}
        name="host-access"
        selectedValue={status.admissionRequired === true ? 'private' : 'public'}
        onChange={(event) =>
          dispatch(admissionActions.requireChanged(event.currentTarget.value === 'private'))
        }
      >
        <Radio value="public" label={t('hostControls.public')} data-testid="host-access-public" />
        <Radio value="private" label={t('hostControls.private')} data-testid="host-access-private" />
      </RadioGroup>
      <RadioGroup
        label={t('hostControls.mode')}
        name="host-mode"
        selectedValue={status.conversationMode}
        onChange={(event) =>
          dispatch(
            hostControlsActions.modeChanged(
              event.currentTarget.value === 'public-muted' ? 'public-muted' : 'public',
            ),
          )
        }
      >
        <Radio value="public" label={t('hostControls.interactive')} data-testid="host-mode-interactive" />
        <Radio value="public-muted" label={t('hostControls.readOnly')} data-testid="host-mode-read-only" />
      </RadioGroup>
    </div>
  );
}
