import { Callout } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectAuthError } from '../selectors';

/**
 * The sign-in error of the last request, in words (the spec's catalogue), titled for what was
 * being done (creating an account, or signing in), and brought into view when it appears: the
 * button that caused it may be far below. The alert region is always there, so a screen reader
 * reads an error as soon as it appears. `except`: errors shown beside their own field instead.
 */
export function SignInError({ signUp = false, except = [] }: { signUp?: boolean; except?: string[] }) {
  const { t } = useTranslation();
  const error = useAppSelector(selectAuthError);
  const shown = error && !except.includes(error.key) ? error : undefined;
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) region.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);
  return (
    <div ref={region} role="alert" data-testid="sign-in-error" data-error={shown?.key ?? ''}>
      {shown ? (
        <Callout intent="danger" className="page-callout">
          {/* Not a heading: it would sit below the page's h1 at the wrong level. */}
          <p className="callout-title">
            {t(signUp ? 'account.login.errorHeadingSignUp' : 'account.login.errorHeading')}
          </p>
          <p>
            {t(`account.errors.signIn.${shown.key}`)}
            {shown.detail ? <span className="notice-detail"> ({shown.detail})</span> : null}
          </p>
        </Callout>
      ) : null}
    </div>
  );
}
