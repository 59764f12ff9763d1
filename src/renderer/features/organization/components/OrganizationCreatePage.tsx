import '../organization.css';
import { Button, Callout, Checkbox, FormGroup, H1, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  ACCESSIBILITY_SERVICES,
  type AccessibilityService,
  ORGANIZATION_KINDS,
  ORGANIZATION_NAME_MESSAGES,
  ORGANIZATION_SIZES,
  ORGANIZATION_TYPE_OF_KIND,
  type OrganizationKind,
  type OrganizationSearchResult,
  type OrganizationSize,
  checkOrganizationName,
} from '../../../../shared/organizations';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SubmitActions } from '../../../lib/SubmitActions';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { organizationActions } from '../slice';

const STEPS = ['info', 'size', 'services'] as const;
type Step = (typeof STEPS)[number];

function isKind(value: string | null): value is OrganizationKind {
  return (ORGANIZATION_KINDS as readonly string[]).includes(value ?? '');
}

/** One radio per value, labelled in words, its test id the value after `testIdPrefix`. */
function radios<T extends string>(values: readonly T[], labelOf: (value: T) => string, testIdPrefix: string) {
  return values.map((value) => (
    <Radio key={value} value={value} label={labelOf(value)} data-testid={`${testIdPrefix}${value}`} />
  ));
}

/** Said under a question left unanswered once the person tried to go on. */
function Unanswered({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  return shown ? (
    <p className="field-problem" role="alert">
      {t('organizations.create.required')}
    </p>
  ) : null;
}

/**
 * /account/organization/create: the organisation's onboarding in three steps (its type, name
 * and whether the person manages it; its size; the accessibility services it already has),
 * then creation, then (for its admin) the free trial and the dashboard.
 */
export function OrganizationCreatePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { search, creating, createError } = useAppSelector((s) => s.organization);
  const [step, setStep] = useState<Step>('info');
  const [kind, setKind] = useState<OrganizationKind>(
    isKind(params.get('type')) ? (params.get('type') as OrganizationKind) : 'school',
  );
  const [name, setName] = useState('');
  const [place, setPlace] = useState<OrganizationSearchResult | undefined>();
  const [manager, setManager] = useState<'yes' | 'no' | ''>('');
  const [size, setSize] = useState<OrganizationSize | ''>('');
  const [services, setServices] = useState<AccessibilityService[]>([]);
  const [tried, setTried] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = { name: useId(), nameHelp: useId(), nameError: useId(), manager: useId(), size: useId() };
  useDocumentTitle(t('organizations.create.title'));
  // Each step is a new page for screen-reader users: focus its heading.
  useEffect(() => headingRef.current?.focus(), [step]);

  const type = ORGANIZATION_TYPE_OF_KIND[kind];
  const nameProblem = checkOrganizationName(name);

  const typeName = (value: string) => {
    setName(value);
    setPlace(undefined);
    dispatch(organizationActions.searchRequested({ keywords: value, orgType: type }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (step === 'info') {
      if (nameProblem || manager === '') return;
      setTried(false);
      setStep('size');
      return;
    }
    if (step === 'size') {
      if (size === '') return;
      setTried(false);
      setStep('services');
      return;
    }
    if (size === '' || manager === '') return;
    dispatch(
      organizationActions.createRequested({
        type,
        name: name.trim(),
        role: manager === 'yes' ? 'admin' : 'member',
        size,
        accessibilityServices: services,
        ...(place?.placeId ? { placeId: place.placeId } : {}),
        ...(place?.address ? { address: place.address } : {}),
      }),
    );
  };

  const back = () => {
    setTried(false);
    setStep(step === 'services' ? 'size' : 'info');
  };

  const heading =
    step === 'info'
      ? t('organizations.create.infoHeading')
      : step === 'size'
        ? t('organizations.create.sizeHeading')
        : t('organizations.create.servicesHeading');

  return (
    <div className="page organization-create-page" data-testid="organization-create">
      <p className="field-help">
        {t('organizations.create.step', { current: STEPS.indexOf(step) + 1, total: STEPS.length })}
      </p>
      <H1 ref={headingRef} tabIndex={-1}>
        {heading}
      </H1>
      <div role="alert">
        {createError ? (
          <Callout intent="danger" className="page-callout" data-testid="organization-create-error">
            {t('organizations.create.failed', { message: createError })}
          </Callout>
        ) : null}
      </div>
      <form onSubmit={onSubmit} noValidate>
        {step === 'info' ? (
          <>
            <p className="lead">{t('organizations.create.infoIntro')}</p>
            <RadioGroup
              label={t('organizations.create.type')}
              selectedValue={kind}
              onChange={(e) => {
                setKind(e.currentTarget.value as OrganizationKind);
                setPlace(undefined);
              }}
            >
              {radios(ORGANIZATION_KINDS, (k) => t(`organizations.create.types.${k}`), 'organization-type-')}
            </RadioGroup>
            <FormGroup
              label={t('organizations.create.name')}
              labelFor={ids.name}
              helperText={<span id={ids.nameHelp}>{t('organizations.create.nameHelp')}</span>}
              intent={tried && nameProblem ? 'danger' : 'none'}
            >
              <InputGroup
                id={ids.name}
                value={name}
                autoComplete="organization"
                onValueChange={typeName}
                intent={tried && nameProblem ? 'danger' : 'none'}
                aria-invalid={tried && nameProblem ? true : undefined}
                aria-describedby={`${ids.nameHelp}${tried && nameProblem ? ` ${ids.nameError}` : ''}`}
                data-testid="organization-name"
              />
              {tried && nameProblem ? (
                <p id={ids.nameError} className="field-problem" data-testid="organization-name-error">
                  {ORGANIZATION_NAME_MESSAGES[nameProblem]}
                </p>
              ) : null}
            </FormGroup>
            <section aria-label={t('organizations.create.suggestions')}>
              <p role="status" className="field-help">
                {search.results.length > 0
                  ? t('organizations.create.suggestionsCount', { count: search.results.length })
                  : ''}
              </p>
              {search.results.length > 0 ? (
                <ul className="organization-suggestions" data-testid="organization-suggestions">
                  {search.results.map((result) => (
                    <li key={`${result.source}-${result.id ?? result.placeId ?? result.name}`}>
                      <Button
                        variant="minimal"
                        aria-pressed={place === result}
                        onClick={() => {
                          setName(result.name);
                          setPlace(result);
                        }}
                        aria-label={t('organizations.create.use', { name: result.name })}
                      >
                        <strong>{result.name}</strong>
                        {result.address ? ` — ${result.address}` : ''}
                        {result.source === 'hearken' ? ` (${t('organizations.create.existing')})` : ''}
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
            <RadioGroup
              label={t('organizations.create.manager')}
              selectedValue={manager}
              onChange={(e) => setManager(e.currentTarget.value as 'yes' | 'no')}
            >
              <Radio
                value="yes"
                label={t('organizations.create.managerYes')}
                data-testid="organization-manager-yes"
              />
              <Radio
                value="no"
                label={t('organizations.create.managerNo')}
                data-testid="organization-manager-no"
              />
            </RadioGroup>
            <Unanswered shown={tried && manager === ''} />
          </>
        ) : null}
        {step === 'size' ? (
          <>
            <p className="lead">{t('organizations.create.sizeIntro')}</p>
            <RadioGroup
              label={t('organizations.create.sizeHeading')}
              selectedValue={size}
              onChange={(e) => setSize(e.currentTarget.value as OrganizationSize)}
            >
              {radios(ORGANIZATION_SIZES, (s) => t(`organizations.create.sizes.${s}`), 'organization-size-')}
            </RadioGroup>
            <Unanswered shown={tried && size === ''} />
          </>
        ) : null}
        {step === 'services' ? (
          <fieldset className="plain-fieldset">
            <legend>{t('organizations.create.servicesIntro')}</legend>
            {ACCESSIBILITY_SERVICES.map((service) => (
              <Checkbox
                key={service}
                label={t(`organizations.create.services.${service}`)}
                checked={services.includes(service)}
                data-testid={`organization-service-${service}`}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setServices((now) => {
                    if (service === 'none') return on ? ['none'] : [];
                    const others = now.filter((s) => s !== service && s !== 'none');
                    return on ? [...others, service] : others;
                  });
                }}
              />
            ))}
          </fieldset>
        ) : null}
        <SubmitActions
          label={step === 'services' ? t('organizations.create.submit') : t('organizations.create.next')}
          busy={creating}
          testId="organization-continue"
          other={step !== 'info' ? { label: t('organizations.create.back'), onClick: back } : undefined}
        />
      </form>
    </div>
  );
}
