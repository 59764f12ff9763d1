import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_MIN_LENGTH } from '../../../../shared/constants';
import { isValidDisplayName } from '../../../../shared/validation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectUserName } from '../selectors';
import { sessionActions } from '../slice';

/** The name shown next to the user's captions (sent as `username` in connection-params). */
export function DisplayNameForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const saved = useAppSelector(selectUserName);
  const [name, setName] = useState(saved);
  const [touched, setTouched] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const id = useId();
  const helpId = useId();
  const limits = { min: DISPLAY_NAME_MIN_LENGTH, max: DISPLAY_NAME_MAX_LENGTH };

  useEffect(() => setName(saved), [saved]);

  const valid = isValidDisplayName(name);
  const showProblem = touched && !valid;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    dispatch(sessionActions.userNameChanged(name));
    setJustSaved(true);
  };

  return (
    <form className="display-name-form" onSubmit={submit} noValidate>
      <FormGroup
        label={t('session.displayName')}
        labelFor={id}
        intent={showProblem ? 'danger' : 'none'}
        helperText={
          <span id={helpId}>
            {showProblem ? t('session.displayNameInvalid', limits) : t('session.displayNameHelp', limits)}
          </span>
        }
      >
        <div className="inline-form">
          <InputGroup
            id={id}
            value={name}
            maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
            autoComplete="nickname"
            intent={showProblem ? 'danger' : 'none'}
            aria-invalid={showProblem}
            aria-describedby={helpId}
            data-testid="display-name"
            onChange={(event) => {
              setName(event.target.value);
              setJustSaved(false);
            }}
          />
          <Button type="submit" data-testid="display-name-save">
            {t('session.saveName')}
          </Button>
        </div>
      </FormGroup>
      <p role="status" className="field-status">
        {justSaved ? t('session.nameSaved') : ''}
      </p>
    </form>
  );
}
