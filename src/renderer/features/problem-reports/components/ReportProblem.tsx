import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LabelledSelect } from '../../../lib/Select';
import {
  PROBLEM_CATEGORIES,
  PROBLEM_DESCRIPTION_MAX,
  PROBLEM_DESCRIPTION_MIN,
  type ProblemCategory,
  problemDescriptionProblem,
} from '../../../../shared/problem-reports';
import { problemReportActions } from '../slice';

/**
 * The "Report a problem" dialog: a category, what happened, and (from a conversation or its
 * transcript) the room it is about. A too-short description is said beside the field, tied to
 * it, before anything is sent; the answer is said in a status line, and the dialog stays open
 * on a failure so nothing typed is lost.
 */
export function ReportProblemDialog({
  isOpen,
  onClose,
  roomId,
}: {
  isOpen: boolean;
  onClose: () => void;
  roomId?: string | undefined;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const send = useAppSelector((s) => s.problemReports.send);
  const [category, setCategory] = useState<ProblemCategory>('captions');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<'too-short' | 'too-long' | undefined>();
  const introId = useId();
  const fieldId = useId();
  const helpId = useId();
  const problemId = useId();
  const sent = send.status === 'sent';

  const submit = () => {
    const found = problemDescriptionProblem(description);
    setProblem(found);
    if (found) return;
    dispatch(
      problemReportActions.submitted({
        category,
        description: description.trim(),
        ...(roomId ? { roomId } : {}),
      }),
    );
  };
  const close = () => {
    if (sent) {
      setDescription('');
      setProblem(undefined);
    }
    onClose();
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      onOpening={() => dispatch(problemReportActions.dialogOpened())}
      title={t('problemReport.title')}
      aria-describedby={introId}
      data-testid="report-problem-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!sent) submit();
        }}
      >
        <DialogBody>
          <p id={introId}>{t('problemReport.intro')}</p>
          <LabelledSelect
            label={t('problemReport.category')}
            value={category}
            disabled={sent}
            onChange={(e) => setCategory(e.currentTarget.value as ProblemCategory)}
            data-testid="report-problem-category"
          >
            {PROBLEM_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`problemReport.categories.${c}`)}
              </option>
            ))}
          </LabelledSelect>
          <FormGroup label={t('problemReport.description')} labelFor={fieldId}>
            <TextArea
              id={fieldId}
              fill
              rows={5}
              value={description}
              readOnly={sent}
              maxLength={PROBLEM_DESCRIPTION_MAX}
              aria-invalid={problem !== undefined}
              aria-describedby={problem ? `${problemId} ${helpId}` : helpId}
              onChange={(e) => setDescription(e.currentTarget.value)}
              data-testid="report-problem-description"
            />
            <p id={helpId} className="field-help">
              {t('problemReport.descriptionHelp', { min: PROBLEM_DESCRIPTION_MIN })}
            </p>
            {problem ? (
              <p id={problemId} className="field-problem" role="alert" data-testid="report-problem-invalid">
                {problem === 'too-short'
                  ? t('problemReport.tooShort', { min: PROBLEM_DESCRIPTION_MIN })
                  : t('problemReport.tooLong', { max: PROBLEM_DESCRIPTION_MAX })}
              </p>
            ) : null}
          </FormGroup>
          {roomId ? <p className="field-help">{t('problemReport.withRoom')}</p> : null}
          <div role="status" data-testid="report-problem-status">
            {sent ? <Callout intent="success">{t('problemReport.sent')}</Callout> : null}
            {send.status === 'failed' ? (
              <Callout intent="danger">{t('problemReport.failed', { message: send.error ?? '' })}</Callout>
            ) : null}
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            sent ? (
              <Button intent="primary" onClick={close} data-testid="report-problem-close">
                {t('problemReport.close')}
              </Button>
            ) : (
              <>
                <Button onClick={close}>{t('problemReport.cancel')}</Button>
                <Button
                  intent="primary"
                  type="submit"
                  loading={send.status === 'sending'}
                  data-testid="report-problem-send"
                >
                  {t('problemReport.send')}
                </Button>
              </>
            )
          }
        />
      </form>
    </Dialog>
  );
}

/** The "Report a problem" entry: a button that opens the dialog and takes focus back after. */
export function ReportProblemButton({
  roomId,
  minimal = false,
}: {
  roomId?: string | undefined;
  minimal?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon="issue"
        {...(minimal ? { variant: 'minimal' as const } : {})}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="report-problem-open"
      >
        {t('problemReport.open')}
      </Button>
      <ReportProblemDialog isOpen={open} onClose={() => setOpen(false)} roomId={roomId} />
    </>
  );
}
