import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkSpeakerName } from '../../../../shared/speakers';

/**
 * A name for a speaker (the spec's speaker display name, 2 to 49 characters after trimming),
 * said beside the box when it does not fit; Enter saves, Escape cancels.
 */
export function SpeakerNameForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit(name: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(initial);
  const [tried, setTried] = useState(false);
  const problem = tried && !checkSpeakerName(name).ok;
  const submit = () => {
    const checked = checkSpeakerName(name);
    setTried(true);
    if (checked.ok) onSubmit(checked.name);
  };
  return (
    <form
      className="speaker-name-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <FormGroup
        label={label}
        labelFor={`${id}-name`}
        helperText={problem ? <span id={`${id}-problem`}>{t('speakers.nameRule')}</span> : undefined}
        intent={problem ? 'danger' : 'none'}
      >
        <InputGroup
          id={`${id}-name`}
          value={name}
          autoFocus
          autoComplete="off"
          intent={problem ? 'danger' : 'none'}
          aria-invalid={problem}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onValueChange={(value) => setName(value)}
        />
      </FormGroup>
      <Button type="submit" intent="primary" size="small" text={submitLabel} />{' '}
      <Button size="small" text={t('speakers.cancel')} onClick={onCancel} />
    </form>
  );
}
