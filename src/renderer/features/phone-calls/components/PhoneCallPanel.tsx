import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONFERENCE_PHONE_CODES,
  CONFERENCE_PHONE_CODE_COUNTRIES,
  CONFERENCE_TYPES,
  type ConferenceType,
  type PhoneCallTextKey,
  checkAccessCode,
  checkInternationalCode,
  checkNationalNumber,
  checkPassword,
  dialSequence,
  isConferenceType,
  phoneCallIsOver,
} from '../../../../shared/phone-calls';
import { checkDialledNumber } from '../../../../shared/phone-calls-ranges';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Select } from '../../../lib/Select';
import { selectIsHost, selectRoomStatus } from '../../conversation/selectors';
import { phoneCallsActions } from '../slice';
import { NoProviderNotice } from '../../../lib/NoProviderNotice';
import { PHONE_PROVIDER_VARIABLES, PHONE_SIP_VARIABLE } from '../../../../shared/integrations';

type Field = 'code' | 'number' | 'accessCode' | 'password';

type TextField = Exclude<Field, 'code'>;

/** The form's text fields, in order: what each is called, says and lets a phone's keyboard offer. */
const TEXT_FIELDS = {
  number: {
    label: 'phoneCall.numberLabel',
    help: 'phoneCall.numberHelp',
    testId: 'phone-call-number',
    input: { type: 'tel' },
  },
  accessCode: {
    label: 'phoneCall.accessCodeLabel',
    help: 'phoneCall.accessCodeHelp',
    testId: 'phone-call-access-code',
    input: { inputMode: 'numeric' },
  },
  password: {
    label: 'phoneCall.passwordLabel',
    help: 'phoneCall.passwordHelp',
    testId: 'phone-call-password',
    input: { inputMode: 'numeric' },
  },
} as const satisfies Record<TextField, unknown>;

/** A text field of the form with its label and the help below it, which turns into its error. */
function PhoneField(props: {
  field: TextField;
  id: string;
  helpId: string;
  inputRef: RefObject<HTMLInputElement>;
  help: string | undefined;
  invalid: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { label, testId, input } = TEXT_FIELDS[props.field];
  return (
    <>
      <label htmlFor={props.id}>{t(label)}</label>
      <InputGroup
        id={props.id}
        inputRef={props.inputRef}
        {...input}
        autoComplete="off"
        value={props.value}
        intent={props.invalid ? 'danger' : 'none'}
        aria-invalid={props.invalid}
        aria-describedby={props.helpId}
        data-testid={testId}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <p id={props.helpId} className="field-help" data-testid={`${testId}-help`}>
        {props.help}
      </p>
    </>
  );
}

/**
 * Phone conference call (dial-in): the host enters the conference's international code (the
 * spec's five), its number, the kind of conference and its access codes; Hearken calls it,
 * dials the codes and captions the call as "Phone call". Everyone sees the call's status (a
 * polite live region) and why it ended; the host may hang up. Each field says what is wrong
 * next to it (aria-invalid and its description), and the first wrong one takes the focus.
 */
/** `focusOnOpen`: the conversation was opened to make a phone call: the panel's heading takes the focus. */
export function PhoneCallPanel({ focusOnOpen = false }: { focusOnOpen?: boolean } = {}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const isHost = useAppSelector(selectIsHost);
  // False only once the server said it has no provider: the form would fail after submitting.
  const noProvider = useAppSelector((s) => s.settings.integrations?.phoneCalls === false);
  const status = useAppSelector(selectRoomStatus);
  const panel = useAppSelector((s) => s.phoneCalls);
  const speechLang = useAppSelector((s) => s.settings.speechLang);
  const latest = status?.twilioCalls?.at(-1);
  const active = latest !== undefined && !phoneCallIsOver(latest.status);
  const ended = status?.state.value === 'ended';

  const [code, setCode] = useState<string>(CONFERENCE_PHONE_CODES[0]);
  const [type, setType] = useState<ConferenceType>('zoom');
  const [values, setValues] = useState<Record<TextField, string>>({
    number: '',
    accessCode: '',
    password: '',
  });
  const { number, accessCode, password } = values;
  const [errors, setErrors] = useState<Partial<Record<Field, PhoneCallTextKey>>>({});
  const ids = {
    heading: useId(),
    code: useId(),
    number: useId(),
    type: useId(),
    accessCode: useId(),
    password: useId(),
  };
  const helpIds = { code: useId(), number: useId(), accessCode: useId(), password: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);
  const refs = {
    code: useRef<HTMLSelectElement>(null),
    number: useRef<HTMLInputElement>(null),
    accessCode: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, PhoneCallTextKey>> = {};
    const checkedCode = checkInternationalCode(code);
    if (!checkedCode.ok) found.code = checkedCode.key;
    const checkedNumber = checkedCode.ok ? checkNationalNumber(checkedCode.value, number) : undefined;
    if (checkedNumber && !checkedNumber.ok) found.number = checkedNumber.key;
    // A premium-rate or toll-fraud number is said here, before dialling, with the server's
    // default list (a server configured otherwise still answers for itself).
    const dialled =
      checkedCode.ok && checkedNumber?.ok
        ? checkDialledNumber(`${checkedCode.value}${checkedNumber.value}`)
        : undefined;
    if (dialled && !dialled.ok) found.number = dialled.key;
    const checkedAccess = checkAccessCode(accessCode);
    if (!checkedAccess.ok) found.accessCode = checkedAccess.key;
    const checkedPassword = checkPassword(password);
    if (!checkedPassword.ok) found.password = checkedPassword.key;
    setErrors(found);
    const first = (['code', 'number', 'accessCode', 'password'] as const).find((f) => found[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    if (!checkedCode.ok || !checkedNumber?.ok || !checkedAccess.ok || !checkedPassword.ok) return;
    dispatch(
      phoneCallsActions.dialRequested({
        calleeInternationalNumber: `${checkedCode.value}${checkedNumber.value}`,
        sendDigits: dialSequence(type, checkedAccess.value, checkedPassword.value),
        speechLang,
        conferenceType: type,
      }),
    );
  };

  const help = (field: Field, fallback: string | undefined) => {
    const key = errors[field];
    return key ? t(`phoneCall.errors.${key}`) : fallback;
  };

  const textField = (field: TextField) => (
    <PhoneField
      field={field}
      id={ids[field]}
      helpId={helpIds[field]}
      inputRef={refs[field]}
      help={help(field, t(TEXT_FIELDS[field].help))}
      invalid={errors[field] !== undefined}
      value={values[field]}
      onChange={(value) => setValues((old) => ({ ...old, [field]: value }))}
    />
  );

  const refusal = panel.refusal
    ? 'key' in panel.refusal
      ? t(`phoneCall.errors.${panel.refusal.key}`)
      : panel.refusal.message
    : undefined;

  return (
    <section className="phone-call" aria-labelledby={ids.heading} data-testid="phone-call-panel">
      <h3 id={ids.heading} ref={heading} tabIndex={-1}>
        {t('phoneCall.title')}
      </h3>
      <p role="status" className="field-help" data-testid="phone-call-status">
        {latest ? t(`phoneCall.statuses.${latest.status}`) : ''}
      </p>
      {latest?.reason && phoneCallIsOver(latest.status) ? (
        <Callout
          compact
          intent={latest.status === 'failed' ? 'danger' : 'primary'}
          role={latest.status === 'failed' ? 'alert' : undefined}
          data-testid="phone-call-reason"
        >
          {t(`phoneCall.reasons.${latest.reason}`)}
        </Callout>
      ) : null}
      {refusal ? (
        <Callout compact intent="danger" role="alert" data-testid="phone-call-refusal">
          {refusal}
        </Callout>
      ) : null}
      {noProvider && !active ? (
        <NoProviderNotice
          testId="phone-call-no-provider"
          message={t('phoneCall.noProvider')}
          variables={PHONE_PROVIDER_VARIABLES}
          operator={(variables) => t('phoneCall.noProviderOperator', { variables, sip: PHONE_SIP_VARIABLE })}
        />
      ) : !isHost ? (
        <p className="field-help" data-testid="phone-call-only-host">
          {t('phoneCall.errors.onlyHost')}
        </p>
      ) : ended ? null : active ? (
        <Button
          data-testid="phone-call-hang-up"
          icon="phone"
          intent="danger"
          loading={panel.hangingUp}
          onClick={() => dispatch(phoneCallsActions.hangUpRequested({ sid: latest.sid }))}
        >
          {t('phoneCall.hangUp')}
        </Button>
      ) : (
        <form onSubmit={submit} noValidate data-testid="phone-call-form">
          <p className="field-help">{t('phoneCall.intro')}</p>
          <label htmlFor={ids.code}>{t('phoneCall.codeLabel')}</label>
          <Select
            id={ids.code}
            ref={refs.code}
            value={code}
            aria-invalid={errors.code !== undefined}
            aria-describedby={errors.code ? helpIds.code : undefined}
            data-testid="phone-call-code"
            onChange={(event) => setCode(event.target.value)}
            options={CONFERENCE_PHONE_CODES.map((c) => ({
              value: c,
              label: `${c} (${CONFERENCE_PHONE_CODE_COUNTRIES[c]})`,
            }))}
          />
          {errors.code ? (
            <p id={helpIds.code} className="field-help" data-testid="phone-call-code-help">
              {help('code', undefined)}
            </p>
          ) : null}
          {textField('number')}
          <label htmlFor={ids.type}>{t('phoneCall.typeLabel')}</label>
          <Select
            id={ids.type}
            value={type}
            data-testid="phone-call-type"
            onChange={(event) => {
              if (isConferenceType(event.target.value)) setType(event.target.value);
            }}
            options={CONFERENCE_TYPES.map((c) => ({ value: c, label: t(`phoneCall.types.${c}`) }))}
          />
          {textField('accessCode')}
          {textField('password')}
          <Button type="submit" intent="primary" loading={panel.dialing} data-testid="phone-call-dial">
            {panel.dialing ? t('phoneCall.calling') : t('phoneCall.call')}
          </Button>
        </form>
      )}
    </section>
  );
}
