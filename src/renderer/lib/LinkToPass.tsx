import { Button, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailDelivery } from '../../shared/mail';

/**
 * A link the server made for someone (an invitation, a licence): what happened to its email, and
 * the link itself to copy, which is how it reaches them when no email went out (issue 28).
 * `said` is the sentence for the case: the caller words what the link is for.
 */
export function LinkToPass({
  id,
  link,
  delivery,
  said,
  testId,
}: {
  id: string;
  link: string;
  delivery: MailDelivery;
  said: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | undefined>(undefined);
  const copy = () => {
    void navigator.clipboard
      ?.writeText(link)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <div className="link-to-pass" data-testid={testId} data-delivery={delivery}>
      <label htmlFor={id} className="field-help">
        {said} {t(`organizations.mail.${delivery}`)}
      </label>
      <InputGroup id={id} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <Button variant="minimal" onClick={copy} data-testid={`${testId}-copy`}>
        {t('organizations.dashboard.copyLink')}
      </Button>
      {copied === undefined ? null : (
        <span className="field-help" role="status">
          {copied ? t('organizations.dashboard.linkCopied') : t('organizations.dashboard.linkNotCopied')}
        </span>
      )}
    </div>
  );
}
