import { Button, H2, InputGroup } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { recapActions } from '../slice';

/**
 * The host's read-only link to the finished transcript: share it, copy it, stop sharing it.
 * What happened is said in a polite live region.
 */
export function ShareLink({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const link = useAppSelector((s) => s.recap.shareLink);
  const headingId = useId();
  const inputId = useId();
  const [said, setSaid] = useState('');
  if (!link) return null;
  const path = link.status === 'loaded' ? link.value : null;
  const url = path ? new URL(path, window.location.origin).toString() : '';
  let status = said;
  if (link.status === 'loading') status = t('recap.share.loading');
  else if (link.error) status = t('recap.share.failed', { message: link.error });
  const change = (share: boolean) => {
    setSaid(share ? t('recap.share.shared') : t('recap.share.stopped'));
    dispatch(recapActions.shareRequested({ roomId, share }));
  };
  const copy = () => {
    void navigator.clipboard?.writeText(url).then(
      () => setSaid(t('recap.share.copied')),
      () => undefined,
    );
  };
  return (
    <section className="recap-section" aria-labelledby={headingId} data-testid="share-link">
      <H2 id={headingId}>{t('recap.share.heading')}</H2>
      <p className="field-help">{t('recap.share.explain')}</p>
      {path ? (
        <div className="recap-share-row">
          <label htmlFor={inputId} className="recap-share-label">
            {t('recap.share.linkLabel')}
          </label>
          <InputGroup
            id={inputId}
            readOnly
            value={url}
            data-testid="share-link-url"
            onFocus={(e) => e.target.select()}
          />
          <Button icon="clipboard" onClick={copy} data-testid="share-link-copy">
            {t('recap.share.copy')}
          </Button>
          <Button
            icon="disable"
            loading={link.working}
            onClick={() => change(false)}
            data-testid="share-link-stop"
          >
            {t('recap.share.stop')}
          </Button>
        </div>
      ) : (
        link.status !== 'loading' && (
          <Button
            icon="link"
            loading={link.working}
            onClick={() => change(true)}
            data-testid="share-link-share"
          >
            {t('recap.share.share')}
          </Button>
        )
      )}
      <p
        role="status"
        className={link.error ? 'field-problem' : 'field-help'}
        data-testid="share-link-status"
      >
        {link.working ? '' : status}
      </p>
    </section>
  );
}
