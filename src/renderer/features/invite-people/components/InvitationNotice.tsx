import { Button, Card, H2 } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { invitePeopleActions } from '../slice';

/**
 * Invitations to someone else's conversation, each with "join" and "decline". A polite live
 * region, so a screen reader announces one without the person leaving the captions; joining
 * opens the other conversation once the server has made them a member.
 */
export function InvitationNotice() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const incoming = useAppSelector((state) => state.invitePeople.incoming);
  const headingId = useId();
  if (incoming.length === 0) return null;
  return (
    <Card className="invitation-notice" elevation={2} data-testid="invitation-notice">
      <section aria-labelledby={headingId} aria-live="polite">
        <H2 id={headingId}>{t('invitePeople.incoming.heading')}</H2>
        <ul className="admission-list">
          {incoming.map((invitation) => {
            const name = invitation.fromName;
            return (
              <li key={invitation.id} data-testid="invitation">
                <span>
                  {invitation.roomTitle
                    ? t('invitePeople.incoming.asks', { name, title: invitation.roomTitle })
                    : t('invitePeople.incoming.asksUntitled', { name })}
                </span>
                <Button
                  intent="success"
                  data-testid="invitation-join"
                  onClick={() =>
                    dispatch(
                      invitePeopleActions.incomingAnswered({
                        id: invitation.id,
                        roomId: invitation.roomId,
                        accept: true,
                      }),
                    )
                  }
                >
                  {t('invitePeople.incoming.join', { name })}
                </Button>
                <Button
                  data-testid="invitation-decline"
                  onClick={() =>
                    dispatch(
                      invitePeopleActions.incomingAnswered({
                        id: invitation.id,
                        roomId: invitation.roomId,
                        accept: false,
                      }),
                    )
                  }
                >
                  {t('invitePeople.incoming.decline')}
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
