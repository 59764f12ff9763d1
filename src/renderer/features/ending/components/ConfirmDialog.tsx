import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useId } from 'react';

/**
 * A question that must be answered before something that cannot be undone (ending for
 * everyone, deleting): a modal dialog named by its title and described by its body, so a
 * screen reader reads both on opening; focus starts on the safe choice, Escape is "no".
 */
export function ConfirmDialog({
  isOpen,
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  onClosed,
  testId,
}: {
  isOpen: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Once it has left the screen, focus given back (to move focus on when that place is gone). */
  onClosed?: () => void;
  testId: string;
}) {
  const bodyId = useId();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onCancel}
      {...(onClosed ? { onClosed: () => onClosed() } : {})}
      title={title}
      aria-describedby={bodyId}
      data-testid={testId}
      role="alertdialog"
    >
      <DialogBody>
        <p id={bodyId}>{body}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button autoFocus onClick={onCancel} data-testid={`${testId}-cancel`}>
              {cancelLabel}
            </Button>
            <Button intent="danger" onClick={onConfirm} data-testid={`${testId}-confirm`}>
              {confirmLabel}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
