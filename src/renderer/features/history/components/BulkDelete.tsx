import { Button, Checkbox } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../ending/components/ConfirmDialog';
import { historyActions } from '../slice';

/**
 * Deleting several conversations at once: "Select all shown" (mixed while only some are), the
 * button that says how many are selected, and a confirmation that says it again. Each entry's
 * own checkbox is in its card (HistoryPage.tsx). The server deletes them all or none.
 */
export function BulkDelete() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const entries = useAppSelector((s) => s.history.entries);
  const selected = useAppSelector((s) => s.history.selected);
  const busy = useAppSelector((s) => selected.some((id) => s.history.pending[id] !== undefined));
  const [confirming, setConfirming] = useState(false);
  /** Confirmed and the dialog gone: focus moves on once the answer came (busy no more). */
  const [refocus, setRefocus] = useState<'no' | 'confirmed' | 'closed'>('no');
  const selectAll = useRef<HTMLInputElement>(null);
  const count = selected.length;
  const all = count > 0 && count === entries.length;

  // The entries deleted leave the page and the button is disabled: focus goes on from "Select
  // all shown", not lost, once the dialog has closed and the server has answered.
  useEffect(() => {
    if (refocus !== 'closed' || busy) return;
    selectAll.current?.focus();
    setRefocus('no');
  }, [refocus, busy]);

  return (
    <div
      role="group"
      aria-label={t('history.page.selection')}
      className="history-bulk"
      data-testid="history-bulk"
    >
      <Checkbox
        inputRef={selectAll}
        checked={all}
        indeterminate={count > 0 && !all}
        label={t('history.page.selectAll')}
        data-testid="history-select-all"
        onChange={() => dispatch(historyActions.allSelected(!all))}
      />
      <Button
        intent="danger"
        variant="outlined"
        disabled={count === 0 || busy}
        aria-haspopup="dialog"
        data-testid="history-delete-selected"
        onClick={() => setConfirming(true)}
      >
        {t('history.page.deleteSelected', { count })}
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        testId="confirm-bulk-delete"
        title={t('history.page.bulkDeleteTitle', { count })}
        body={t('history.page.bulkDeleteBody', { count })}
        confirmLabel={t('history.page.bulkDeleteConfirm', { count })}
        cancelLabel={t('common.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          setRefocus('confirmed');
          dispatch(historyActions.bulkDeleteRequested());
        }}
        onClosed={() => setRefocus((r) => (r === 'confirmed' ? 'closed' : 'no'))}
      />
    </div>
  );
}
