import { afterEach, describe, expect, it } from 'vitest';
import { organizationSaga } from '../../../../../src/renderer/features/organization/sagas';
import { organizationActions } from '../../../../../src/renderer/features/organization/slice';
import { BUSINESS_API } from '../../../../../src/shared/business-api';
import { API } from '../../../../../src/shared/api';
import { LICENCE_EMAIL_ERRORS, type Licence } from '../../../../../src/shared/licences';
import { ORGANIZATION_ERRORS } from '../../../../../src/shared/organizations';
import { ROUTES } from '../../../../../src/shared/routes';
import { makeSignedInAuth, profile } from '../../../../helpers/account-sagas';
import { type Fakes, type Running, makeFakes, run } from '../../../../helpers/saga-harness';

const flush = () => new Promise((r) => setTimeout(r, 0));
const ok = <T>(data: T) => ({ ok: true as const, status: 200, data });
const refused = (status: number, code: string, message: string) => ({
  ok: false as const,
  status,
  code,
  message,
});

const licence = (id: string, extra: Partial<Licence> = {}): Licence => ({
  id,
  offerId: 'pro-month',
  type: 'standard',
  plan: 'Pro',
  interval: 'month',
  count: 3,
  endDateMs: Date.now() + 1e9,
  autoRenewal: true,
  trial: false,
  hasUpdated: false,
  ...extra,
});

const body = { type: 'edu', name: 'Lycée Hugo', role: 'admin', size: '11-50' } as const;

describe('organisation saga', () => {
  let fakes: Fakes;
  let app: Running;

  function start() {
    fakes = makeFakes();
    app = run(organizationSaga, [fakes.deps], {
      auth: { ...makeSignedInAuth(), token: 'tok', tokenFetchedAtMs: Date.now() },
    });
  }
  afterEach(() => app.task.cancel());

  it('creates the organisation, starts the admin’s trial, then shows the dashboard', async () => {
    start();
    fakes.http.on('POST', BUSINESS_API.organization, ok({ id: 'o1' }));
    fakes.http.on('GET', API.usersMe, ok(profile({ organizationId: 'o1', role: 'admin' })));
    fakes.http.on('POST', BUSINESS_API.activateTrial, ok({ licence: licence('t1', { trial: true }) }));
    app.dispatch(organizationActions.createRequested(body));
    await flush();
    await flush();
    expect(fakes.http.callsTo('POST', BUSINESS_API.activateTrial)).toHaveLength(1);
    expect(fakes.navigations).toEqual([ROUTES.accountDashboard]);
    expect(app.state.profile.profile?.organizationId).toBe('o1');
  });

  it('takes a member to the root and starts no trial', async () => {
    start();
    fakes.http.on('POST', BUSINESS_API.organization, ok({ id: 'o1' }));
    fakes.http.on('GET', API.usersMe, ok(profile({ organizationId: 'o1', role: 'member' })));
    app.dispatch(organizationActions.createRequested({ ...body, role: 'member' }));
    await flush();
    await flush();
    expect(fakes.http.callsTo('POST', BUSINESS_API.activateTrial)).toHaveLength(0);
    expect(fakes.navigations).toEqual([ROUTES.root]);
  });

  it.each(['adminAlreadyExists', 'nameAlreadyUse'] as const)('words %s as the spec', async (code) => {
    start();
    fakes.http.on('POST', BUSINESS_API.organization, refused(409, code, 'server words'));
    app.dispatch(organizationActions.createRequested(body));
    await flush();
    expect(app.state.organization.createError).toBe(ORGANIZATION_ERRORS[code]);
    expect(fakes.navigations).toEqual([]);
  });

  it('shows the licence email errors word for word, and the licence once assigned', async () => {
    start();
    fakes.http.on(
      'GET',
      BUSINESS_API.licences,
      ok({ licences: [licence('l1'), licence('l2')], billing: true }),
    );
    app.dispatch(organizationActions.licencesRequested());
    await flush();
    expect(app.state.organization.licences.list.map((l) => l.id)).toEqual(['l1', 'l2']);

    fakes.http.on(
      'PATCH',
      BUSINESS_API.licence('l1'),
      refused(409, 'licence-update-email-already_assigned', 'x'),
      ok({ licence: licence('l1', { assignedEmail: 'bob@example.org' }) }),
    );
    fakes.http.on('GET', API.usersMe, ok(profile()));
    app.dispatch(organizationActions.assignRequested({ id: 'l1', email: 'bob@example.org' }));
    await flush();
    expect(app.state.organization.licenceErrors.l1).toBe(LICENCE_EMAIL_ERRORS.already_assigned);
    app.dispatch(organizationActions.assignRequested({ id: 'l1', email: 'bob@example.org' }));
    await flush();
    expect(app.state.organization.licenceErrors.l1).toBeUndefined();
    expect(app.state.organization.licences.list[0]!.assignedEmail).toBe('bob@example.org');
  });

  it('sends a free licence as a link: the link is kept for the row, an email error is shown word for word', async () => {
    start();
    fakes.http.on('GET', BUSINESS_API.licences, ok({ licences: [licence('l1')], billing: true }));
    app.dispatch(organizationActions.licencesRequested());
    await flush();
    fakes.http.on(
      'POST',
      BUSINESS_API.magicLink,
      refused(400, 'licence-update-email-invalid', 'x'),
      ok({
        licence: licence('l1', { type: 'magicLink', recipient: 'ann@example.org' }),
        link: 'http://127.0.0.1:8787/signup?redirect=%2Faccount',
        delivery: 'mailed',
      }),
    );
    app.dispatch(organizationActions.magicLinkRequested({ id: 'l1', email: 'ann@', language: 'en' }));
    await flush();
    expect(app.state.organization.licenceErrors.l1).toBe(LICENCE_EMAIL_ERRORS.invalid);
    expect(app.state.organization.magicLinks.l1).toBeUndefined();
    app.dispatch(
      organizationActions.magicLinkRequested({ id: 'l1', email: 'ann@example.org', language: 'fr' }),
    );
    await flush();
    expect(app.state.organization.licenceErrors.l1).toBeUndefined();
    expect(app.state.organization.busyLicenceId).toBeUndefined();
    expect(app.state.organization.magicLinks.l1).toEqual({
      link: 'http://127.0.0.1:8787/signup?redirect=%2Faccount',
      delivery: 'mailed',
    });
    expect(fakes.http.callsTo('POST', BUSINESS_API.magicLink).at(-1)!.body).toEqual({
      licenceId: 'l1',
      recipient: 'ann@example.org',
      language: 'fr',
    });
    expect(app.state.organization.licences.list[0]).toMatchObject({
      type: 'magicLink',
      recipient: 'ann@example.org',
    });
  });

  it('leaves for the checkout page the server answers', async () => {
    start();
    fakes.http.on('POST', BUSINESS_API.licences, ok({ url: 'http://127.0.0.1:9/pay/cs_test_1' }));
    app.dispatch(organizationActions.buyRequested({ interval: 'year', count: 3 }));
    await flush();
    expect(fakes.http.callsTo('POST', BUSINESS_API.licences)[0]!.body).toEqual({
      interval: 'year',
      count: 3,
    });
    expect(fakes.opened).toEqual(['http://127.0.0.1:9/pay/cs_test_1']);
  });
});
