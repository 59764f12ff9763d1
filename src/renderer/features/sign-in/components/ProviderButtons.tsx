import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectRemoteFlags } from '../../remote-config/selectors';
import type { ProviderName } from '../auth-service';
import { selectAuth } from '../selectors';
import { authActions } from '../slice';
import { EmulatorProviderDialog } from './EmulatorProviderDialog';

/** Google, Apple, Facebook, and SSO when the remote config enables it and a provider is set up. */
export function ProviderButtons({ signUp, termsAccepted }: { signUp: boolean; termsAccepted: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const flags = useAppSelector(selectRemoteFlags);
  const [emulated, setEmulated] = useState<ProviderName | undefined>();
  const providers: ProviderName[] = ['google', 'apple', 'facebook'];
  if (flags.web_enable_sso && auth.ssoProviderId) providers.push('sso');
  return (
    <section aria-labelledby="providers-heading" className="auth-providers">
      <h2 id="providers-heading" className="visually-hidden">
        {t('account.login.providers')}
      </h2>
      <ul className="auth-provider-list">
        {providers.map((provider) => (
          <li key={provider}>
            <Button
              fill
              size="large"
              data-testid={`sign-in-${provider}`}
              loading={auth.busy === provider}
              disabled={auth.busy !== undefined && auth.busy !== provider}
              onClick={() =>
                auth.emulator
                  ? setEmulated(provider)
                  : dispatch(authActions.providerSignInRequested({ provider, signUp, termsAccepted }))
              }
            >
              {t(`account.login.${provider}`)}
            </Button>
          </li>
        ))}
      </ul>
      {emulated ? (
        <EmulatorProviderDialog
          provider={emulated}
          onClose={() => setEmulated(undefined)}
          onSubmit={(emulatorIdentity) => {
            setEmulated(undefined);
            dispatch(
              authActions.providerSignInRequested({
                provider: emulated,
                signUp,
                termsAccepted,
                emulatorIdentity,
              }),
            );
          }}
        />
      ) : null}
    </section>
  );
}
