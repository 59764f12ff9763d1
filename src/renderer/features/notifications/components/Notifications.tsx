import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { TranslationKey } from '../../../i18n/types';
import { selectNotices } from '../selectors';
import { type Notice, notificationsActions } from '../slice';

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // A notice's key is only known at run time; its values are whatever that message needs.
  const translate = t as unknown as (key: TranslationKey, values?: Record<string, string | number>) => string;
  return (
    <li>
      <Callout
        intent={notice.intent}
        compact
        className="notice"
        data-testid="notice"
        data-intent={notice.intent}
      >
        <p className="notice-message">
          {translate(notice.key, notice.values)}
          {notice.detail ? <span className="notice-detail"> ({notice.detail})</span> : null}
        </p>
        {notice.action ? (
          <Button
            variant="outlined"
            size="small"
            data-testid="notice-action"
            onClick={() => {
              dispatch(notice.action!.action);
              dispatch(notificationsActions.dismiss(notice.id));
            }}
          >
            {translate(notice.action.labelKey)}
          </Button>
        ) : null}
        <Button
          variant="minimal"
          size="small"
          onClick={() => dispatch(notificationsActions.dismiss(notice.id))}
        >
          {t('notifications.dismiss')}
        </Button>
      </Callout>
    </li>
  );
}

/**
 * The spec's snackbar. Errors are in an alert region (read at once), the rest in a polite status
 * region; both exist from the start so screen readers announce what is added to them.
 * `inline`: in the flow of the captions-only view, taking its own room above the captions
 * instead of floating over the newest lines (the floating one is hidden meanwhile).
 */
export function Notifications({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const notices = useAppSelector(selectNotices);
  const urgent = notices.filter((n) => n.intent === 'danger');
  const calm = notices.filter((n) => n.intent !== 'danger');
  return (
    <section
      className={inline ? 'notifications notifications-inline' : 'notifications'}
      aria-label={t('notifications.region')}
    >
      <div role="alert">
        <ul className="notice-list">
          {urgent.map((n) => (
            <NoticeItem key={n.id} notice={n} />
          ))}
        </ul>
      </div>
      <div role="status">
        <ul className="notice-list">
          {calm.map((n) => (
            <NoticeItem key={n.id} notice={n} />
          ))}
        </ul>
      </div>
    </section>
  );
}
