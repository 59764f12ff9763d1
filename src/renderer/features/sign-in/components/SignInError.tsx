import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectAuthError } from '../selectors';

/**
 * The sign-in error of the last request, in words (the spec's catalogue). The alert region is
 * always there, so a screen reader reads an error as soon as it appears.
 */
export function SignInError() {
  const { t } = useTranslation();
  const error = useAppSelector(selectAuthError);
  return (
    <div role="alert" data-testid="sign-in-error" data-error={error?.key ?? ''}>
      {error ? (
        <Callout intent="danger" className="page-callout">
          {/* Not a heading: it would sit below the page's h1 at the wrong level. */}
          <p className="callout-title">{t('account.login.errorHeading')}</p>
          <p>
            {t(`account.errors.signIn.${error.key}`)}
            {error.detail ? <span className="notice-detail"> ({error.detail})</span> : null}
          </p>
        </Callout>
      ) : null}
    </div>
  );
}
