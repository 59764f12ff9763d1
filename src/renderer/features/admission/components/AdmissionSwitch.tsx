import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { admissionActions } from '../slice';

/** Host only: newcomers wait to be let in. The room status says what the server holds. */
export function AdmissionSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const required = useAppSelector((state) => state.conversation.status?.admissionRequired === true);
  return (
    <Switch
      checked={required}
      label={t('admission.require')}
      data-testid="admission-required"
      onChange={(event) => dispatch(admissionActions.requireChanged(event.currentTarget.checked))}
    />
  );
}
