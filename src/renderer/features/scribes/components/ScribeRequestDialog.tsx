import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useEffect, useId, useRef } from 'react';
import { focusCaptions } from '../../captions/focus';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { scribeActions } from '../slice';
import { ScribeModeChoice } from './ScribeModeChoice';

/**
 * The one-click Scribe modal: the correction mode (the one last chosen, Fast at first) and one
 * button that asks; then what the request is doing, and how to cancel it or end the session.
 * When a Scribe accepts while it is open, it closes by itself and the keyboard goes to the
 * captions (not to a button that would end the paid session on Enter).
 */
export function ScribeRequestDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const introId = useId();
  const mode = useAppSelector((s) => s.scribe.correctionMode);
  const request = useAppSelector((s) => s.conversation.status?.scribe);
  const open = request && request.status !== 'ended' ? request : undefined;
  const status = request?.status;
  const previousStatus = useRef(status);
  const accepted = useRef(false);
  useEffect(() => {
    const was = previousStatus.current;
    previousStatus.current = status;
    if (isOpen && status === 'ongoing' && was !== 'ongoing') {
      accepted.current = true;
      onClose();
    }
  }, [isOpen, status, onClose]);
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      shouldReturnFocusOnClose={!accepted.current}
      onOpening={() => (accepted.current = false)}
      onClosed={() => {
        if (accepted.current) focusCaptions();
      }}
      title={t('scribe.requestTitle')}
      aria-describedby={introId}
      data-testid="scribe-request-dialog"
    >
      <DialogBody>
        <p id={introId}>{t('scribe.requestIntro')}</p>
        <ScribeModeChoice
          value={open?.correctionMode ?? mode}
          onChange={(m) => dispatch(scribeActions.correctionModeChosen(m))}
          testId="scribe-mode-choice"
        />
        {request ? (
          <Callout
            compact
            intent={request.status === 'ongoing' ? 'success' : 'primary'}
            data-testid="scribe-request-status"
          >
            <p role="status">
              {t(`scribe.status.${request.status}`, {
                mode: t(`scribe.modeShort.${request.correctionMode}`),
              })}
            </p>
            {request.scribes.map((s) => (
              <p key={s.hash}>{t('scribe.scribeName', { name: s.userName })}</p>
            ))}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('scribe.close')}</Button>
            {open ? (
              <Button
                intent="danger"
                onClick={() => dispatch(scribeActions.cancelScribe())}
                data-testid="scribe-cancel"
              >
                {open.status === 'pending' ? t('scribe.cancel') : t('scribe.remove')}
              </Button>
            ) : (
              <Button
                intent="primary"
                autoFocus
                onClick={() => dispatch(scribeActions.requestScribe({ correctionMode: mode }))}
                data-testid="scribe-send-request"
              >
                {t('scribe.send')}
              </Button>
            )}
          </>
        }
      />
    </Dialog>
  );
}
