/**
 * Calls of the workspace screens: each part loaded when its screen asks, the admin's changes
 * (invite, remove, hand the admin role over, details, vocabulary and Scribe limit) and the
 * reporting CSV, fetched with the admin's credentials and handed to the browser as a file.
 */
import type { ScribeTimeGranted } from '../../../shared/scribe/time';
import { call, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { API } from '../../../shared/api';
import { identityAuthorization } from '../../../shared/auth';
import { BUSINESS_API } from '../../../shared/business-api';
import { ORGANIZATION_ERRORS, type Organization } from '../../../shared/organizations';
import type { UsageReport } from '../../../shared/usage-report';
import type { UserProfile } from '../../../shared/user';
import type {
  WorkspaceBillingResponse,
  InviteMemberResponse,
  WorkspaceMembersResponse,
  WorkspaceSettings,
} from '../../../shared/workspace';
import type { AppDeps } from '../../app/deps';
import type { HttpResult } from '../../lib/http';
import { profileActions } from '../account-profile/slice';
import { notificationsActions } from '../notifications/slice';
import { authedRequest, currentToken } from '../sign-in/authed-request';
import { workspaceActions } from './slice';

/** The words of a refusal: the spec's for organisation codes (nameAlreadyUse), else the server's. */
function messageOf(result: HttpResult<unknown>): string {
  if (result.ok) return '';
  const code = String(result.code ?? '');
  return Object.hasOwn(ORGANIZATION_ERRORS, code)
    ? ORGANIZATION_ERRORS[code as keyof typeof ORGANIZATION_ERRORS]
    : result.message;
}

function* load(deps: AppDeps, action: ReturnType<typeof workspaceActions.loadRequested>) {
  const key = action.payload;
  if (key === 'members') {
    const r = yield* authedRequest<WorkspaceMembersResponse>(deps, 'GET', BUSINESS_API.workspaceMembers);
    if (r.ok) yield* put(workspaceActions.membersLoaded(r.data.members));
    else yield* put(workspaceActions.loadFailed({ key, message: r.message }));
  } else if (key === 'organization') {
    const r = yield* authedRequest<Organization>(deps, 'GET', BUSINESS_API.workspaceOrganization);
    if (r.ok) yield* put(workspaceActions.organizationLoaded(r.data));
    else yield* put(workspaceActions.loadFailed({ key, message: r.message }));
  } else if (key === 'billing') {
    const r = yield* authedRequest<WorkspaceBillingResponse>(deps, 'GET', BUSINESS_API.workspaceBilling);
    if (r.ok) yield* put(workspaceActions.billingLoaded(r.data));
    else yield* put(workspaceActions.loadFailed({ key, message: r.message }));
  } else {
    const r = yield* authedRequest<WorkspaceSettings>(deps, 'GET', BUSINESS_API.workspaceSettings);
    if (r.ok) yield* put(workspaceActions.settingsLoaded(r.data));
    else yield* put(workspaceActions.loadFailed({ key, message: r.message }));
  }
}

function* report(deps: AppDeps, action: ReturnType<typeof workspaceActions.reportRequested>) {
  const { fromMs, toMs } = action.payload;
  const r = yield* authedRequest<UsageReport>(deps, 'GET', BUSINESS_API.workspaceReporting(fromMs, toMs));
  if (r.ok) yield* put(workspaceActions.reportLoaded(r.data));
  else yield* put(workspaceActions.loadFailed({ key: 'reporting', message: r.message }));
}

/** The CSV of the period shown, as a file. */
export function* downloadReport(deps: AppDeps, action: ReturnType<typeof workspaceActions.csvRequested>) {
  const token = yield* call(currentToken, deps);
  const { fromMs, toMs } = action.payload;
  const file = token
    ? yield* call([deps.files, deps.files.download], BUSINESS_API.workspaceReporting(fromMs, toMs, 'csv'), {
        Authorization: identityAuthorization(token),
      })
    : undefined;
  if (file?.ok) {
    deps.files.save(file.data);
    return;
  }
  yield* put(
    notificationsActions.notify({
      intent: 'danger',
      key: 'organizations.workspace.reporting.csvFailed',
      ...(file && !file.ok ? { detail: file.message } : {}),
    }),
  );
}

function* invite(deps: AppDeps, action: ReturnType<typeof workspaceActions.inviteRequested>) {
  const r = yield* authedRequest<InviteMemberResponse>(
    deps,
    'POST',
    BUSINESS_API.workspaceMembers,
    action.payload,
  );
  if (r.ok) {
    const { link, delivery } = r.data;
    yield* put(workspaceActions.invited({ email: action.payload.email, link, delivery }));
  }
  yield* put(workspaceActions.formDone({ form: 'invite', ...(r.ok ? {} : { error: messageOf(r) }) }));
  if (r.ok) yield* put(workspaceActions.loadRequested('members'));
}

function* remove(deps: AppDeps, action: ReturnType<typeof workspaceActions.removeRequested>) {
  const r = yield* authedRequest<unknown>(
    deps,
    'DELETE',
    BUSINESS_API.workspaceMember(action.payload.member),
  );
  yield* put(workspaceActions.formDone({ form: 'members', ...(r.ok ? {} : { error: messageOf(r) }) }));
  if (r.ok) yield* put(workspaceActions.loadRequested('members'));
}

function* makeAdmin(deps: AppDeps, action: ReturnType<typeof workspaceActions.makeAdminRequested>) {
  const r = yield* authedRequest<unknown>(deps, 'PATCH', BUSINESS_API.workspaceMember(action.payload.avaId), {
    role: 'admin',
  });
  yield* put(workspaceActions.formDone({ form: 'members', ...(r.ok ? {} : { error: messageOf(r) }) }));
  if (!r.ok) return;
  // One admin per organisation: the person is a member now, and their profile says so.
  const profile = yield* authedRequest<UserProfile>(deps, 'GET', API.usersMe);
  if (profile.ok) yield* put(profileActions.saved(profile.data));
}

/** Marked seen on the page at once; the server is told, and the list read again if it refused. */
function* joinsSeen(deps: AppDeps) {
  const r = yield* authedRequest<unknown>(deps, 'POST', BUSINESS_API.workspaceJoinsSeen);
  if (!r.ok) yield* put(workspaceActions.loadRequested('members'));
}

function* details(deps: AppDeps, action: ReturnType<typeof workspaceActions.detailsRequested>) {
  const r = yield* authedRequest<Organization>(
    deps,
    'PATCH',
    BUSINESS_API.workspaceOrganization,
    action.payload,
  );
  if (r.ok) yield* put(workspaceActions.organizationLoaded(r.data));
  yield* put(workspaceActions.formDone({ form: 'details', ...(r.ok ? {} : { error: messageOf(r) }) }));
}

function* settings(deps: AppDeps, action: ReturnType<typeof workspaceActions.settingsRequested>) {
  const r = yield* authedRequest<WorkspaceSettings>(
    deps,
    'PATCH',
    BUSINESS_API.workspaceSettings,
    action.payload,
  );
  if (r.ok) yield* put(workspaceActions.settingsLoaded(r.data));
  yield* put(workspaceActions.formDone({ form: 'settings', ...(r.ok ? {} : { error: messageOf(r) }) }));
}

function* grantScribeTime(deps: AppDeps, action: ReturnType<typeof workspaceActions.scribeTimeRequested>) {
  const { member, minutes } = action.payload;
  const r = yield* authedRequest<ScribeTimeGranted>(
    deps,
    'POST',
    BUSINESS_API.workspaceMemberScribeTime(member),
    { minutes },
  );
  if (r.ok)
    yield* put(workspaceActions.scribeTimeGranted({ member, minutes, scribeTimeMs: r.data.scribeTimeMs }));
  yield* put(workspaceActions.formDone({ form: 'scribeTime', ...(r.ok ? {} : { error: messageOf(r) }) }));
}

function* clear() {
  yield* put(workspaceActions.cleared());
}

export function* workspaceSaga(deps: AppDeps) {
  yield* takeEvery(workspaceActions.loadRequested.type, load, deps);
  yield* takeLatest(workspaceActions.reportRequested.type, report, deps);
  yield* takeLatest(workspaceActions.csvRequested.type, downloadReport, deps);
  yield* takeLatest(workspaceActions.inviteRequested.type, invite, deps);
  yield* takeEvery(workspaceActions.removeRequested.type, remove, deps);
  yield* takeLatest(workspaceActions.makeAdminRequested.type, makeAdmin, deps);
  yield* takeLatest(workspaceActions.joinsSeenRequested.type, joinsSeen, deps);
  yield* takeLatest(workspaceActions.detailsRequested.type, details, deps);
  yield* takeLatest(workspaceActions.settingsRequested.type, settings, deps);
  yield* takeLatest(workspaceActions.scribeTimeRequested.type, grantScribeTime, deps);
  // Signed out: nothing of this organisation stays in the page.
  yield* takeLatest(profileActions.cleared.type, clear);
}
