import { Button, Card, H2 } from '@blueprintjs/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsHost, selectRoomStatus } from '../../conversation/selectors';
import { AdmissionSwitch } from '../../admission/components/AdmissionSwitch';
import { inviteActions } from '../slice';
import { absoluteLink } from '../links';
import { InviteQrCode } from './InviteQrCode';

/**
 * How others join: the room name to read aloud, the link to share, and its QR code. The server
 * sends only what this person may share: a read-only member gets the read-only link and no name
 * (a name joins read-write), and nobody but the host gets anything when sharing is forbidden.
 */
export function InviteCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRoomStatus);
  const isHost = useAppSelector(selectIsHost);
  const copy = useAppSelector((state) => state.invite.copy);
  const invite = status ? status.links.rw || status.links.ro : '';
  if (!status || !invite) return null;
  const link = absoluteLink(invite, window.location.origin);
  return (
    <Card className="invite-card" elevation={1}>
      <section aria-labelledby="invite-heading">
        <H2 id="invite-heading">{t('invite.heading')}</H2>
        <dl className="invite-details">
          {status.name && (
            <>
              <dt>{t('invite.roomName')}</dt>
              <dd
                className="room-name"
                data-testid="room-name"
                style={{ '--name-chars': status.name.length } as CSSProperties}
              >
                {status.name}
              </dd>
              <dd className="field-help">{t('invite.roomNameHelp')}</dd>
            </>
          )}
          <dt>{t('invite.link')}</dt>
          <dd className="invite-link">
            <a href={link} target="_blank" rel="noreferrer" data-testid="invite-link">
              {link}
            </a>
          </dd>
        </dl>
        {isHost ? <AdmissionSwitch /> : null}
        <Button
          data-testid="copy-invite-link"
          data-state={copy}
          icon={copy === 'copied' ? 'tick' : 'duplicate'}
          intent={copy === 'copied' ? 'success' : 'none'}
          onClick={() => dispatch(inviteActions.copyLinkRequested(link))}
        >
          {copy === 'copied' ? t('invite.copiedShort') : t('invite.copy')}
        </Button>
        {/* Said once, politely, where a screen reader is: the button's new label alone is not announced. */}
        <p
          role="status"
          className={copy === 'failed' ? 'field-problem' : 'visually-hidden'}
          data-testid="copy-status"
        >
          {copy === 'copied' ? t('invite.copied') : copy === 'failed' ? t('invite.copyFailed') : ''}
        </p>
        <InviteQrCode link={link} alt={t('invite.qrAlt', { name: status.name ?? status.title })} />
      </section>
    </Card>
  );
}
