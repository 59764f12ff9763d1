/**
 * Calls of one's own membership (shared/organization-membership.ts): the invitations waiting,
 * accepting or declining one, and leaving. Each success reads the profile again, since the
 * organisation and role it carries changed.
 */
import { call, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { API } from '../../../shared/api';
import { BUSINESS_API } from '../../../shared/business-api';
import type { MyInvitationsResponse } from '../../../shared/organization-membership';
import type { UserProfile } from '../../../shared/user';
import type { AppDeps } from '../../app/deps';
import { profileActions } from '../account-profile/slice';
import { authedRequest } from '../sign-in/authed-request';
import { organizationActions } from './slice';

function* reloadProfile(deps: AppDeps) {
  const result = yield* authedRequest<UserProfile>(deps, 'GET', API.usersMe);
  if (result.ok) yield* put(profileActions.saved(result.data));
}

export function* loadInvitations(deps: AppDeps) {
  const result = yield* authedRequest<MyInvitationsResponse>(deps, 'GET', BUSINESS_API.myInvitations);
  if (result.ok) yield* put(organizationActions.invitationsLoaded(result.data.invitations));
}

export function* acceptInvitation(
  deps: AppDeps,
  action: ReturnType<typeof organizationActions.acceptRequested>,
) {
  const { organizationId } = action.payload;
  const result = yield* authedRequest<unknown>(deps, 'POST', BUSINESS_API.invitation(organizationId));
  if (!result.ok) {
    yield* put(organizationActions.membershipFailed(result.message));
    return;
  }
  yield* put(organizationActions.invitationDone({ organizationId }));
  yield* call(reloadProfile, deps);
}

export function* declineInvitation(
  deps: AppDeps,
  action: ReturnType<typeof organizationActions.declineRequested>,
) {
  const { organizationId } = action.payload;
  const result = yield* authedRequest<unknown>(deps, 'DELETE', BUSINESS_API.invitation(organizationId));
  if (!result.ok) {
    yield* put(organizationActions.membershipFailed(result.message));
    return;
  }
  yield* put(organizationActions.invitationDone({ organizationId }));
}

export function* leaveOrganization(deps: AppDeps) {
  const result = yield* authedRequest<unknown>(deps, 'POST', BUSINESS_API.leaveOrganization);
  if (!result.ok) {
    // The server's words: the only admin is told to hand the role over first.
    yield* put(organizationActions.membershipFailed(result.message));
    return;
  }
  yield* put(organizationActions.left());
  yield* call(reloadProfile, deps);
}

export function* membershipSaga(deps: AppDeps) {
  yield* takeLatest(organizationActions.invitationsRequested.type, loadInvitations, deps);
  yield* takeEvery(organizationActions.acceptRequested.type, acceptInvitation, deps);
  yield* takeEvery(organizationActions.declineRequested.type, declineInvitation, deps);
  yield* takeLatest(organizationActions.leaveRequested.type, leaveOrganization, deps);
}
