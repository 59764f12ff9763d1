import { LinkToPass } from '../../../lib/LinkToPass';
import '../organization.css';
import { Button, Callout, Classes, H2, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Licence, licenceState } from '../../../../shared/licences';
import { ROUTES } from '../../../../shared/routes';
import { workspacePath } from '../../../../shared/workspace';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { organizationActions } from '../slice';
import { LicenceCancelDialog } from './LicenceCancelDialog';
import { ConfirmDialog } from '../../ending/components/ConfirmDialog';

function LicenceRow({ licence, number }: { licence: Licence; number: number }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { busyLicenceId, licenceErrors, lastChangedId, magicLinks } = useAppSelector((s) => s.organization);
  const link = magicLinks[licence.id];
  const [email, setEmail] = useState(licence.assignedEmail ?? licence.recipient ?? '');
  useEffect(
    () => setEmail(licence.assignedEmail ?? licence.recipient ?? ''),
    [licence.assignedEmail, licence.recipient],
  );
  const state = licenceState(licence, Date.now());
  const busy = busyLicenceId === licence.id;
  // Asked before cancelling, about the licence as it was when asked (it changes once cancelled,
  // while the dialog fades out). Once confirmed, focus goes to the row's heading when the dialog
  // has closed: the Cancel button it would go back to is disabled, then gone.
  const [cancelQuestion, setCancelQuestion] = useState<{ about: Licence; open: boolean }>();
  const closeCancelQuestion = () => setCancelQuestion((q) => q && { ...q, open: false });
  const cancelConfirmed = useRef(false);
  const heading = useRef<HTMLTableCellElement>(null);
  // A link is for one address (the licence attaches when that address signs in): asked for
  // here before anything is sent, instead of the server's "This email is not valid".
  const [needsEmail, setNeedsEmail] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const [unassignOpen, setUnassignOpen] = useState(false);
  const error = needsEmail ? t('organizations.dashboard.linkNeedsEmail') : licenceErrors[licence.id];
  const inputId = `licence-email-${licence.id}`;
  const errorId = `licence-error-${licence.id}`;
  const ends = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(licence.endDateMs);
  const assign = (event: FormEvent) => {
    event.preventDefault();
    dispatch(organizationActions.assignRequested({ id: licence.id, email }));
  };
  return (
    <tr data-testid="licence-row" data-licence-id={licence.id}>
      <th scope="row" ref={heading} tabIndex={-1}>
        {t('organizations.dashboard.licenceNumber', { number })}
      </th>
      <td>
        {licence.plan}, {t(`organizations.dashboard.interval.${licence.interval}`)}
      </td>
      <td>
        <Tag
          intent={state === 'deactivated' ? 'none' : state === 'trial' ? 'warning' : 'success'}
          data-testid="licence-state"
        >
          {t(`organizations.dashboard.states.${state}`)}
        </Tag>
      </td>
      <td>
        {ends}
        {state !== 'deactivated' ? (
          <span className="field-help">
            {' '}
            (
            {licence.autoRenewal
              ? t('organizations.dashboard.renews')
              : t('organizations.dashboard.doesNotRenew')}
            )
          </span>
        ) : null}
      </td>
      <td>
        <form onSubmit={assign} className="licence-assign" noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            {t('organizations.dashboard.emailLabel', { number })}
          </label>
          <InputGroup
            id={inputId}
            type="email"
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              if (value.trim() !== '') setNeedsEmail(false);
            }}
            inputRef={emailInput}
            disabled={state === 'deactivated'}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="licence-email"
          />
          <Button
            type="submit"
            loading={busy}
            disabled={state === 'deactivated'}
            data-testid="licence-assign"
          >
            {t('organizations.dashboard.assign')}
          </Button>
          {state !== 'deactivated' && !licence.assignedEmail ? (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => {
                if (email.trim() === '') {
                  setNeedsEmail(true);
                  emailInput.current?.focus();
                  return;
                }
                dispatch(
                  organizationActions.magicLinkRequested({ id: licence.id, email, language: i18n.language }),
                );
              }}
              data-testid="licence-magic-link"
            >
              {t('organizations.dashboard.sendLink')}
            </Button>
          ) : null}
          {licence.assignedEmail || licence.recipient ? (
            <Button
              variant="minimal"
              disabled={busy}
              onClick={() => setUnassignOpen(true)}
              data-testid="licence-unassign"
            >
              {t('organizations.dashboard.unassign')}
            </Button>
          ) : null}
          <ConfirmDialog
            isOpen={unassignOpen}
            title={t('organizations.dashboard.unassignDialog.title', { number })}
            body={t('organizations.dashboard.unassignDialog.body', {
              email: licence.assignedEmail ?? licence.recipient ?? '',
            })}
            confirmLabel={t('organizations.dashboard.unassignDialog.confirm')}
            cancelLabel={t('organizations.dashboard.unassignDialog.keep')}
            onCancel={() => setUnassignOpen(false)}
            onConfirm={() => {
              setUnassignOpen(false);
              setEmail('');
              dispatch(organizationActions.assignRequested({ id: licence.id, email: '' }));
            }}
            testId="licence-unassign-dialog"
          />
        </form>
        <div role="status">
          {error ? (
            <p id={errorId} className="field-problem" data-testid="licence-error">
              {error}
            </p>
          ) : link && !busy ? (
            <LinkToPass
              id={`licence-link-${number}`}
              link={link.link}
              delivery={link.delivery}
              said={t('organizations.dashboard.linkFor', { email: licence.recipient ?? email })}
              testId="licence-link"
            />
          ) : lastChangedId === licence.id && !busy ? (
            <p className="field-help">{t('organizations.dashboard.saved')}</p>
          ) : null}
        </div>
      </td>
      <td>
        {state !== 'deactivated' && (licence.autoRenewal || licence.offerId === 'trial') ? (
          <Button
            variant="outlined"
            intent="danger"
            disabled={busy}
            onClick={() => setCancelQuestion({ about: licence, open: true })}
            aria-label={
              licence.offerId === 'trial'
                ? undefined
                : t('organizations.dashboard.cancelDialog.confirm', { number })
            }
            data-testid="licence-cancel"
          >
            {licence.offerId === 'trial'
              ? t('organizations.dashboard.cancelTrial')
              : t('organizations.dashboard.cancel')}
          </Button>
        ) : null}
        {/* Outside the condition: it stays while it closes, though the button goes. */}
        {cancelQuestion ? (
          <LicenceCancelDialog
            licence={cancelQuestion.about}
            number={number}
            isOpen={cancelQuestion.open}
            onClose={closeCancelQuestion}
            onConfirm={() => {
              cancelConfirmed.current = true;
              closeCancelQuestion();
              dispatch(organizationActions.cancelRequested({ id: licence.id }));
            }}
            onClosed={() => {
              if (cancelConfirmed.current) heading.current?.focus();
              cancelConfirmed.current = false;
              setCancelQuestion(undefined);
            }}
          />
        ) : null}
      </td>
    </tr>
  );
}

/** The organisation admin's licences: list, assign and unassign, cancel, buy, billing. */
export function LicencesPanel() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { licences, checkout } = useAppSelector((s) => s.organization);
  useEffect(() => {
    dispatch(organizationActions.licencesRequested());
  }, [dispatch]);
  return (
    <section className="licences-panel" aria-labelledby="licences-heading" data-testid="licences-panel">
      <H2 id="licences-heading">
        {licences.organizationName
          ? t('organizations.dashboard.licencesHeading', { name: licences.organizationName })
          : t('organizations.dashboard.licencesHeadingPlain')}
      </H2>
      <div className="page-actions">
        <Link
          to={ROUTES.accountLicenseBuy}
          className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
          data-testid="licences-buy"
        >
          {t('organizations.dashboard.buy')}
        </Link>
        <Link to={workspacePath()} className={Classes.BUTTON} data-testid="licences-workspace">
          {t('organizations.workspace.open')}
        </Link>
        {licences.billing ? (
          <Button loading={checkout.opening} onClick={() => dispatch(organizationActions.portalRequested())}>
            {t('organizations.dashboard.billing')}
          </Button>
        ) : null}
      </div>
      <div role="alert">
        {checkout.error ? <Callout intent="danger">{checkout.error}</Callout> : null}
        {licences.status === 'failed' ? (
          <Callout intent="danger">
            {t('organizations.dashboard.loadFailed', { message: licences.error ?? '' })}
          </Callout>
        ) : null}
      </div>
      {licences.status === 'loading' && licences.list.length === 0 ? (
        <Spinner size={24} aria-label={t('organizations.dashboard.loading')} />
      ) : licences.list.length === 0 ? (
        <p>{t('organizations.dashboard.none')}</p>
      ) : (
        <HTMLTable className="licences-table" striped>
          <thead>
            <tr>
              <th scope="col">{t('organizations.dashboard.columns.licence')}</th>
              <th scope="col">{t('organizations.dashboard.columns.plan')}</th>
              <th scope="col">{t('organizations.dashboard.columns.state')}</th>
              <th scope="col">{t('organizations.dashboard.columns.ends')}</th>
              <th scope="col">{t('organizations.dashboard.columns.assigned')}</th>
              <th scope="col">{t('organizations.dashboard.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {licences.list.map((licence, i) => (
              <LicenceRow key={licence.id} licence={licence} number={i + 1} />
            ))}
          </tbody>
        </HTMLTable>
      )}
      <p className="field-help">{t('organizations.dashboard.emailHelp')}</p>
    </section>
  );
}
