import { Button, Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectRoomStatus } from '../../conversation/selectors';
import { copyInviteLinkRequested } from '../actions';
import { absoluteLink } from '../links';
import { InviteQrCode } from './InviteQrCode';

/** How others join: the room name to read aloud, the link to share, and its QR code. */
export function InviteCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRoomStatus);
  if (!status) return null;
  const link = absoluteLink(status.links.rw, window.location.origin);
  return (
    <Card className="invite-card" elevation={1}>
      <section aria-labelledby="invite-heading">
        <H2 id="invite-heading">{t('invite.heading')}</H2>
        <dl className="invite-details">
          <dt>{t('invite.roomName')}</dt>
          <dd className="room-name" data-testid="room-name">
            {status.name}
          </dd>
          <dd className="field-help">{t('invite.roomNameHelp')}</dd>
          <dt>{t('invite.link')}</dt>
          <dd className="invite-link">
            <a href={link} target="_blank" rel="noreferrer" data-testid="invite-link">
              {link}
            </a>
          </dd>
        </dl>
        <Button data-testid="copy-invite-link" onClick={() => dispatch(copyInviteLinkRequested(link))}>
          {t('invite.copy')}
        </Button>
        <InviteQrCode link={link} alt={t('invite.qrAlt', { name: status.name })} />
      </section>
    </Card>
  );
}
