import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectProfileState } from '../../account-profile/selectors';

/**
 * "Saved." or the server's reason, for the form that saved last (`active` once it has sent).
 * A status region for success, an alert for a failure.
 */
export function SaveStatus({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const { saving, saveError, savedCount } = useAppSelector(selectProfileState);
  const start = useRef(savedCount);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (active) {
      start.current = savedCount;
      setSent(true);
    }
    // Only a new submission resets what is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
  const done = sent && !saving && savedCount > start.current;
  return (
    <>
      <p role="status" className="field-status" data-testid="save-status">
        {done && !saveError ? t('account.settings.saved') : ''}
      </p>
      <p role="alert" className="field-problem">
        {sent && !saving && saveError ? t('account.settings.saveFailed', { message: saveError }) : ''}
      </p>
    </>
  );
}
