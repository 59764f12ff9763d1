import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { StandingProblem } from '../../../lib/StandingProblem';
import { ROUTES } from '../../../../shared/routes';

/**
 * The server will not take this connection (a link to a room that does not exist, an ended room,
 * a room that is not ours): say so for as long as the page is open, with the way back. Every
 * dead end needs a way out.
 */
export function RefusedNotice() {
  const { t } = useTranslation();
  const refusal = useAppSelector((state) => state.socket.refusal);
  if (!refusal) return null;
  return (
    <StandingProblem
      message={t(`errors.socket.${refusal.code}`)}
      data-testid="connection-refused"
      data-code={refusal.code}
    >
      <Link to={ROUTES.conversations} data-testid="refused-back">
        {t('common.backToConversations')}
      </Link>
    </StandingProblem>
  );
}
