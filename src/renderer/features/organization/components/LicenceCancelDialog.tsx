import { useTranslation } from 'react-i18next';
import { type Licence, licenceCancellation } from '../../../../shared/licences';
import { ConfirmDialog } from '../../ending/components/ConfirmDialog';

/**
 * The question before one licence is cancelled (issue 30, item 9): it says what the server will
 * do and when (shared/licences.ts's `licenceCancellation`): a trial ends now and its holder is
 * back on Free; a paid licence stays until the end of its paid period, then ends, and its
 * subscription renews one fewer from then on, or ends at that date when this was its last one.
 * A modal alert dialog read out whole on opening; focus starts on keeping the licence, and Escape
 * keeps it too.
 */
export function LicenceCancelDialog({
  licence,
  number,
  isOpen,
  onConfirm,
  onClose,
  onClosed,
}: {
  licence: Licence;
  /** The licence's number in the list, as its row is headed. */
  number: number;
  isOpen: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Once it has left the screen (its closing transition over). */
  onClosed?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const cancellation = licenceCancellation(licence);
  const holder = licence.assignedEmail ?? licence.recipient;
  const sentences: string[] = [];
  if (cancellation.ends === 'now') {
    sentences.push(t('organizations.dashboard.cancelDialog.trialEndsNow'));
    if (holder) sentences.push(t('organizations.dashboard.cancelDialog.trialHolder', { email: holder }));
  } else {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(cancellation.endDateMs);
    sentences.push(t('organizations.dashboard.cancelDialog.runsUntil', { number, date }));
    if (holder) sentences.push(t('organizations.dashboard.cancelDialog.paidHolder', { email: holder }));
    sentences.push(
      cancellation.seatsAfter > 0
        ? t('organizations.dashboard.cancelDialog.fewerRenew', {
            count: cancellation.seatsAfter,
            before: cancellation.seatsBefore,
          })
        : t('organizations.dashboard.cancelDialog.subscriptionEnds', { date }),
    );
    sentences.push(t('organizations.dashboard.cancelDialog.noRefund'));
  }
  const trial = cancellation.ends === 'now';
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={
        trial
          ? t('organizations.dashboard.cancelDialog.trialTitle')
          : t('organizations.dashboard.cancelDialog.title', { number })
      }
      body={sentences.join(' ')}
      confirmLabel={
        trial
          ? t('organizations.dashboard.cancelDialog.confirmTrial')
          : t('organizations.dashboard.cancelDialog.confirm', { number })
      }
      cancelLabel={t('organizations.dashboard.cancelDialog.keep')}
      onConfirm={onConfirm}
      onCancel={onClose}
      {...(onClosed ? { onClosed } : {})}
      testId="licence-cancel-dialog"
    />
  );
}
