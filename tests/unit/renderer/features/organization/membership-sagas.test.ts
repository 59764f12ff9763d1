/**
 * One's own membership on the client (issue 29 F-09): the invitations are read, one accepted
 * joins (the profile is read again) and leaves the list, one declined leaves the list, leaving
 * reads the profile again, and a refusal is kept in the server's words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { organizationSaga } from '../../../../../src/renderer/features/organization/sagas';
import {
  organizationActions,
  organizationReducer,
} from '../../../../../src/renderer/features/organization/slice';
import { API } from '../../../../../src/shared/api';
import { BUSINESS_API } from '../../../../../src/shared/business-api';
import {
  MEMBERSHIP_ERRORS,
  type MyInvitation,
  acceptanceOutcome,
  mayLeave,
} from '../../../../../src/shared/organization-membership';
import { makeSignedInAuth, profile } from '../../../../helpers/account-sagas';
import { type Fakes, type Running, makeFakes, run } from '../../../../helpers/saga-harness';

const flush = () => new Promise((r) => setTimeout(r, 0));
const ok = <T>(data: T) => ({ ok: true as const, status: 200, data });

const invitation = (organizationId: string): MyInvitation => ({
  organizationId,
  organizationName: `Org ${organizationId}`,
  organizationType: 'hr',
  role: 'member',
  sinceMs: 1,
});

describe('membership rules', () => {
  it('lets a member leave always, the admin only when alone', () => {
    expect(mayLeave(false, 5)).toBe(true);
    expect(mayLeave(true, 0)).toBe(true);
    expect(mayLeave(true, 1)).toBe(false);
  });

  it('says accepting joins, or waits for the current organisation to be left', () => {
    expect(acceptanceOutcome(undefined)).toBe('join');
    expect(acceptanceOutcome('Hill Works')).toBe('leave-first');
  });
});

describe('membership reducer', () => {
  it('drops an invitation once answered, and keeps a refusal', () => {
    let state = organizationReducer(
      undefined,
      organizationActions.invitationsLoaded([invitation('a'), invitation('b')]),
    );
    state = organizationReducer(state, organizationActions.acceptRequested({ organizationId: 'a' }));
    expect(state.membership.busy).toBe('a');
    state = organizationReducer(state, organizationActions.invitationDone({ organizationId: 'a' }));
    expect(state.membership.invitations.map((i) => i.organizationId)).toEqual(['b']);
    state = organizationReducer(state, organizationActions.leaveRequested());
    state = organizationReducer(state, organizationActions.membershipFailed(MEMBERSHIP_ERRORS.lastAdmin));
    expect(state.membership).toMatchObject({ busy: undefined, error: MEMBERSHIP_ERRORS.lastAdmin });
  });
});

describe('membership saga', () => {
  let fakes: Fakes;
  let app: Running;

  function start() {
    fakes = makeFakes();
    app = run(organizationSaga, [fakes.deps], {
      auth: { ...makeSignedInAuth(), token: 'tok', tokenFetchedAtMs: Date.now() },
    });
  }
  afterEach(() => app.task.cancel());

  it('reads the invitations, accepts one and reads the profile again', async () => {
    start();
    fakes.http.on(
      'GET',
      BUSINESS_API.myInvitations,
      ok({ invitations: [invitation('o2'), invitation('o3')] }),
    );
    fakes.http.on('POST', BUSINESS_API.invitation('o2'), ok({ id: 'o2', role: 'member' }));
    fakes.http.on('GET', API.usersMe, ok(profile({ organizationId: 'o2', role: 'member' })));
    app.dispatch(organizationActions.invitationsRequested());
    await flush();
    expect(app.state.organization.membership.invitations).toHaveLength(2);
    app.dispatch(organizationActions.acceptRequested({ organizationId: 'o2' }));
    await flush();
    await flush();
    expect(app.state.organization.membership.invitations.map((i) => i.organizationId)).toEqual(['o3']);
    expect(app.state.profile.profile?.organizationId).toBe('o2');
  });

  it('declines one without reading the profile', async () => {
    start();
    fakes.http.on('DELETE', BUSINESS_API.invitation('o2'), ok({ declined: true }));
    app.dispatch(organizationActions.invitationsLoaded([invitation('o2')]));
    app.dispatch(organizationActions.declineRequested({ organizationId: 'o2' }));
    await flush();
    expect(app.state.organization.membership.invitations).toEqual([]);
    expect(fakes.http.callsTo('GET', API.usersMe)).toHaveLength(0);
  });

  it('leaves and reads the profile again; the only admin’s refusal is kept as said', async () => {
    start();
    fakes.http.on('POST', BUSINESS_API.leaveOrganization, {
      ok: false as const,
      status: 409,
      code: 'lastAdmin',
      message: MEMBERSHIP_ERRORS.lastAdmin,
    });
    app.dispatch(organizationActions.leaveRequested());
    await flush();
    expect(app.state.organization.membership.error).toBe(MEMBERSHIP_ERRORS.lastAdmin);

    fakes.http.on('POST', BUSINESS_API.leaveOrganization, ok({ left: true }));
    fakes.http.on('GET', API.usersMe, ok(profile({})));
    app.dispatch(organizationActions.leaveRequested());
    await flush();
    await flush();
    expect(app.state.organization.membership.left).toBe(true);
    expect(fakes.http.callsTo('GET', API.usersMe)).toHaveLength(1);
  });
});
