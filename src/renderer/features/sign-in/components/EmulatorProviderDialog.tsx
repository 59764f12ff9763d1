import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '../../../../shared/account-validation';
import { isValidDisplayName } from '../../../../shared/validation';
import type { EmulatorIdentity, ProviderName } from '../auth-service';

/**
 * With the Auth emulator, the stand-in for a provider's sign-in page (Google, Apple, Facebook,
 * SSO): the identity the person would have at that provider. The real provider's window needs
 * scripts from the internet; this works offline. Never shown with a real Firebase project.
 */
export function EmulatorProviderDialog({
  provider,
  onSubmit,
  onClose,
}: {
  provider: ProviderName;
  onSubmit: (identity: EmulatorIdentity) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const emailId = useId();
  const nameId = useId();
  const problemId = useId();
  const valid = isValidEmail(email) && isValidDisplayName(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) onSubmit({ email: email.trim(), name: name.trim() });
  };
  const providerName = t(`account.login.emulatorProvider.names.${provider}`);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('account.login.emulatorProvider.title', { provider: providerName })}
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <p>{t('account.login.emulatorProvider.intro', { provider: providerName })}</p>
          <FormGroup label={t('account.login.email')} labelFor={emailId}>
            <InputGroup
              id={emailId}
              type="email"
              value={email}
              autoFocus
              aria-invalid={touched && !isValidEmail(email)}
              aria-describedby={problemId}
              data-testid="emulator-provider-email"
              onChange={(event) => setEmail(event.target.value)}
            />
          </FormGroup>
          <FormGroup label={t('account.login.emulatorProvider.name')} labelFor={nameId}>
            <InputGroup
              id={nameId}
              value={name}
              aria-invalid={touched && !isValidDisplayName(name)}
              aria-describedby={problemId}
              data-testid="emulator-provider-name"
              onChange={(event) => setName(event.target.value)}
            />
          </FormGroup>
          <p id={problemId} role="alert" className="field-problem">
            {touched && !valid ? t('account.login.emulatorProvider.invalid') : ''}
          </p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" intent="primary" data-testid="emulator-provider-submit">
                {t('account.login.emulatorProvider.submit')}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
