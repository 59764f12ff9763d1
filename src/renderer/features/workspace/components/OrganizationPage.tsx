import { Button, Callout, Checkbox, FormGroup, H2, InputGroup, Spinner } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCESSIBILITY_SERVICES,
  type AccessibilityService,
  ORGANIZATION_NAME_MESSAGES,
  ORGANIZATION_SIZES,
  type Organization,
  type OrganizationSize,
  checkOrganizationName,
} from '../../../../shared/organizations';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Select } from '../../../lib/Select';
import { workspaceActions } from '../slice';
import { FieldProblem, problemProps } from './FieldProblem';

function DetailsForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const form = useAppSelector((s) => s.workspace.forms.details);
  const [name, setName] = useState(organization.name);
  const [size, setSize] = useState<OrganizationSize>(organization.size ?? ORGANIZATION_SIZES[0]);
  const [address, setAddress] = useState(organization.address ?? '');
  const [services, setServices] = useState<AccessibilityService[]>(organization.accessibilityServices ?? []);
  const [nameProblem, setNameProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkOrganizationName(name);
    if (problem) {
      setNameProblem(ORGANIZATION_NAME_MESSAGES[problem]);
      return;
    }
    setNameProblem(undefined);
    dispatch(workspaceActions.detailsRequested({ name, size, address, accessibilityServices: services }));
  };
  const toggle = (service: AccessibilityService, on: boolean) =>
    setServices((now) =>
      on ? [...now.filter((s) => s !== service), service] : now.filter((s) => s !== service),
    );
  return (
    <form onSubmit={submit} noValidate>
      <FormGroup
        label={t('organizations.workspace.organization.name')}
        labelFor="org-name"
        intent={nameProblem ? 'danger' : 'none'}
      >
        <InputGroup
          id="org-name"
          value={name}
          onValueChange={setName}
          {...problemProps('org-name-error', nameProblem)}
          data-testid="org-name"
        />
        <FieldProblem id="org-name-error" problem={nameProblem} />
      </FormGroup>
      <FormGroup label={t('organizations.workspace.organization.size')} labelFor="org-size">
        {/* Its options are ORGANIZATION_SIZES: the value is one of them. */}
        <Select
          id="org-size"
          value={size}
          onChange={(e) => setSize(e.currentTarget.value as OrganizationSize)}
        >
          {ORGANIZATION_SIZES.map((s) => (
            <option key={s} value={s}>
              {t(`organizations.create.sizes.${s}`)}
            </option>
          ))}
        </Select>
      </FormGroup>
      <FormGroup label={t('organizations.workspace.organization.address')} labelFor="org-address">
        <InputGroup id="org-address" value={address} onValueChange={setAddress} />
      </FormGroup>
      <fieldset className="plain-fieldset">
        <legend>{t('organizations.create.servicesHeading')}</legend>
        {ACCESSIBILITY_SERVICES.map((service) => (
          <Checkbox
            key={service}
            checked={services.includes(service)}
            onChange={(e) => toggle(service, e.currentTarget.checked)}
            label={t(`organizations.create.services.${service}`)}
          />
        ))}
      </fieldset>
      <Button type="submit" intent="primary" loading={form.saving} data-testid="org-save">
        {t('organizations.workspace.save')}
      </Button>
      <div role="status">
        {form.error ? (
          <p className="field-problem" data-testid="org-error">
            {form.error}
          </p>
        ) : form.saved ? (
          <p className="field-help" data-testid="org-saved">
            {t('organizations.workspace.saved')}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** Organisation details: name (the spec's rule), size, address, accessibility services. */
export function OrganizationPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const organization = useAppSelector((s) => s.workspace.organization);
  useEffect(() => {
    dispatch(workspaceActions.loadRequested('organization'));
  }, [dispatch]);
  return (
    <section aria-labelledby="org-heading" data-testid="workspace-organization">
      <H2 id="org-heading">{t('organizations.workspace.organization.heading')}</H2>
      <div role="alert">
        {organization.status === 'failed' ? (
          <Callout intent="danger">
            {t('organizations.workspace.loadFailed', { message: organization.error ?? '' })}
          </Callout>
        ) : null}
      </div>
      {organization.data ? (
        <DetailsForm key={organization.data.id} organization={organization.data} />
      ) : organization.status === 'loading' ? (
        <Spinner size={24} aria-label={t('organizations.workspace.loading')} />
      ) : null}
    </section>
  );
}
