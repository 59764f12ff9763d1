import { FormGroup, H2 } from '@blueprintjs/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_CODE_LENGTH, PHONE_PREFIXES, type PhonePrefix } from '../../../../shared/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../selectors';
import { authActions } from '../slice';
import { LargeField } from '../../../lib/LargeField';
import { Select } from '../../../lib/Select';
import { SubmitActions } from '../../../lib/SubmitActions';

/** The element reCAPTCHA renders into (invisible; with the Auth emulator it is not used). */
export const RECAPTCHA_CONTAINER_ID = 'recaptcha-container';

/** Phone sign-in: one of the allowed international codes and a number, then the 6-digit code. */
export function PhoneSignIn({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const [prefix, setPrefix] = useState<PhonePrefix>('+33');
  const [national, setNational] = useState('');
  const [code, setCode] = useState('');
  const prefixId = useId();
  const numberId = useId();
  const numberHelpId = useId();
  const codeId = useId();
  const codeHelpId = useId();

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    dispatch(
      authActions.phoneCodeRequested({ prefix, national, recaptchaContainerId: RECAPTCHA_CONTAINER_ID }),
    );
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    dispatch(authActions.phoneCodeSubmitted({ code }));
  };

  return (
    <section aria-labelledby="phone-heading" className="auth-form">
      <H2 id="phone-heading">{t('account.phone.heading')}</H2>
      {auth.phone ? (
        <form onSubmit={confirm} noValidate>
          <LargeField
            label={t('account.phone.code')}
            id={codeId}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PHONE_CODE_LENGTH + 4}
            value={code}
            describedBy={codeHelpId}
            invalid={auth.error?.key === 'invalid-code'}
            testId="phone-code"
            onValue={setCode}
          />
          <p id={codeHelpId} className="field-help">
            {t('account.phone.codeHelp', { phone: auth.phone.e164 })}
          </p>
          <SubmitActions
            label={t('account.phone.confirm')}
            busy={auth.busy === 'phone-confirm'}
            testId="phone-confirm"
            other={{
              label: t('account.phone.change'),
              onClick: () => dispatch(authActions.phoneNumberChangeRequested()),
            }}
          />
        </form>
      ) : (
        <form onSubmit={sendCode} noValidate>
          <div className="phone-fields">
            <FormGroup label={t('account.phone.country')} labelFor={prefixId}>
              <Select
                id={prefixId}
                large
                value={prefix}
                data-testid="phone-prefix"
                onChange={(event) => setPrefix(event.target.value as PhonePrefix)}
              >
                {PHONE_PREFIXES.map((p) => (
                  <option key={p} value={p}>
                    {t(`account.phone.prefixes.${p}`)}
                  </option>
                ))}
              </Select>
            </FormGroup>
            <LargeField
              label={t('account.phone.number')}
              id={numberId}
              type="tel"
              autoComplete="tel-national"
              value={national}
              describedBy={numberHelpId}
              invalid={auth.error?.key === 'invalid-phone'}
              testId="phone-number"
              onValue={setNational}
            />
          </div>
          <p id={numberHelpId} className="field-help">
            {t('account.phone.numberHelp')}
          </p>
          <SubmitActions
            label={t('account.phone.send')}
            busy={auth.busy === 'phone-code'}
            testId="phone-send"
            other={{ label: t('account.login.useEmail'), onClick: onBack }}
          />
        </form>
      )}
      <div id={RECAPTCHA_CONTAINER_ID} />
    </section>
  );
}
