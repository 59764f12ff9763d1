// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrganizationCreatePage } from '../../../../../../src/renderer/features/organization/components/OrganizationCreatePage';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const radioNames = () => screen.getAllByRole('radio').map((r) => r.getAttribute('data-testid'));
/** The problem said under an unanswered question, an alert of its own. */
const unanswered = () =>
  screen.queryAllByRole('alert').filter((a) => a.textContent === 'Please choose one.' && a.tagName === 'P');

describe('OrganizationCreatePage', () => {
  it('asks what the organization is and its size with labelled radios, and says so when one is left unanswered', async () => {
    const { user } = renderApp(<OrganizationCreatePage />, {}, '/account/organization/create?type=event');
    expect(screen.getByRole('radio', { name: 'An event or place of worship' })).toHaveProperty(
      'checked',
      true,
    );
    expect(radioNames()).toEqual([
      'organization-type-school',
      'organization-type-organization',
      'organization-type-event',
      'organization-type-individual',
      'organization-manager-yes',
      'organization-manager-no',
    ]);
    await user.type(screen.getByTestId('organization-name'), 'Temple of Tunes');
    await user.click(screen.getByTestId('organization-continue'));
    expect(unanswered()).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: 'Yes, I manage it' }));
    expect(unanswered()).toEqual([]);
    await user.click(screen.getByTestId('organization-continue'));
    expect(radioNames()).toEqual([
      'organization-size-1-10',
      'organization-size-11-50',
      'organization-size-51-200',
      'organization-size-201-1000',
      'organization-size-1000+',
    ]);
    expect(screen.getByRole('radio', { name: '51 to 200' })).toBeTruthy();
    expect(unanswered()).toEqual([]);
    await user.click(screen.getByTestId('organization-continue'));
    expect(unanswered()).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: '11 to 50' }));
    expect(unanswered()).toEqual([]);
  });
});
