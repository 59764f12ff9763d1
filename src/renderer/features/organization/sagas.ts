/**
 * Calls of the organisation screens: search (after a pause in typing, from 3 characters),
 * creation then the admin's free trial, the licences of the dashboard, and leaving for the
 * payment provider's pages (Checkout, the billing portal).
 */
import { call, delay, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { BUSINESS_API } from '../../../shared/business-api';
import { API } from '../../../shared/api';
import {
  type CheckoutResponse,
  type LicenceResponse,
  type LicencesResponse,
  type MagicLinkResponse,
  licenceEmailErrorMessage,
} from '../../../shared/licences';
import {
  type FindOrganizationsResponse,
  ORGANIZATION_ERRORS,
  isSearchable,
} from '../../../shared/organizations';
import { ROUTES } from '../../../shared/routes';
import type { UserProfile } from '../../../shared/user';
import type { AppDeps } from '../../app/deps';
import type { HttpResult } from '../../lib/http';
import { profileActions } from '../account-profile/slice';
import { notificationsActions } from '../notifications/slice';
import { authedRequest } from '../sign-in/authed-request';
import { membershipSaga } from './membership-sagas';
import { organizationActions } from './slice';

/** Pause in typing before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The words of a refusal: the spec's for its organisation codes, else the server's. */
export function organizationErrorMessage(result: HttpResult<unknown>): string {
  if (result.ok) return '';
  const code = String(result.code ?? '');
  return Object.hasOwn(ORGANIZATION_ERRORS, code)
    ? ORGANIZATION_ERRORS[code as keyof typeof ORGANIZATION_ERRORS]
    : result.message;
}

function* search(deps: AppDeps, action: ReturnType<typeof organizationActions.searchRequested>) {
  const { keywords, orgType } = action.payload;
  if (!isSearchable(keywords)) {
    yield* put(organizationActions.searchAnswered([]));
    return;
  }
  yield* delay(SEARCH_DEBOUNCE_MS);
  const result = yield* authedRequest<FindOrganizationsResponse>(
    deps,
    'GET',
    BUSINESS_API.findOrganizations(keywords, orgType),
  );
  yield* put(organizationActions.searchAnswered(result.ok ? result.data.organizations : []));
}

function* reloadProfile(deps: AppDeps) {
  const result = yield* authedRequest<UserProfile>(deps, 'GET', API.usersMe);
  if (result.ok) yield* put(profileActions.saved(result.data));
  return result.ok ? result.data : undefined;
}

function* create(deps: AppDeps, action: ReturnType<typeof organizationActions.createRequested>) {
  const result = yield* authedRequest<unknown>(deps, 'POST', BUSINESS_API.organization, action.payload);
  if (!result.ok) {
    yield* put(organizationActions.createFailed(organizationErrorMessage(result)));
    return;
  }
  const profile = yield* call(reloadProfile, deps);
  yield* put(organizationActions.created());
  if (action.payload.role !== 'admin') {
    // The spec: a non-admin role update goes to the root path.
    yield* call([deps.navigation, deps.navigation.navigate], ROUTES.root);
    return;
  }
  // A new admin starts the organisation's free trial; failing it does not undo the organisation.
  const trial = yield* authedRequest<unknown>(deps, 'POST', BUSINESS_API.activateTrial, {
    avaId: profile?.avaId ?? '',
    channel: deps.platform.isDesktopShell ? 'desktop' : 'web',
    planType: 'Pro',
  });
  if (!trial.ok) {
    yield* put(
      notificationsActions.notify({
        intent: 'warning',
        key: 'organizations.errors.trial',
        detail: organizationErrorMessage(trial),
      }),
    );
  }
  yield* call(reloadProfile, deps);
  yield* call([deps.navigation, deps.navigation.navigate], ROUTES.accountDashboard);
}

/** Answers licencesRequested (the dashboard, /buy, after a purchase). */
export function* loadLicences(deps: AppDeps) {
  const result = yield* authedRequest<LicencesResponse>(deps, 'GET', BUSINESS_API.licences);
  if (result.ok) yield* put(organizationActions.licencesLoaded(result.data));
  else yield* put(organizationActions.licencesFailed(result.message));
}

function* assign(deps: AppDeps, action: ReturnType<typeof organizationActions.assignRequested>) {
  const { id, email } = action.payload;
  const result = yield* authedRequest<LicenceResponse>(deps, 'PATCH', BUSINESS_API.licence(id), {
    recipient: email,
  });
  if (result.ok) {
    yield* put(organizationActions.licenceChanged(result.data.licence));
    // Assigning oneself changes one's own plan.
    yield* call(reloadProfile, deps);
    return;
  }
  const code = String(result.code ?? '');
  const message = code.startsWith('licence-update-email-') ? licenceEmailErrorMessage(code) : result.message;
  yield* put(organizationActions.licenceFailed({ id, message }));
}

function* magicLink(deps: AppDeps, action: ReturnType<typeof organizationActions.magicLinkRequested>) {
  const { id, email, language } = action.payload;
  const result = yield* authedRequest<MagicLinkResponse>(deps, 'POST', BUSINESS_API.magicLink, {
    licenceId: id,
    recipient: email,
    language,
  });
  if (result.ok) {
    yield* put(organizationActions.magicLinkMade(result.data));
    return;
  }
  const code = String(result.code ?? '');
  const message = code.startsWith('licence-update-email-') ? licenceEmailErrorMessage(code) : result.message;
  yield* put(organizationActions.licenceFailed({ id, message }));
}

function* cancel(deps: AppDeps, action: ReturnType<typeof organizationActions.cancelRequested>) {
  const { id } = action.payload;
  const result = yield* authedRequest<LicenceResponse>(deps, 'DELETE', BUSINESS_API.licence(id));
  if (!result.ok) {
    yield* put(organizationActions.licenceFailed({ id, message: result.message }));
    return;
  }
  yield* put(organizationActions.licenceChanged(result.data.licence));
  // The other licences of its purchase change too (how many stay in the subscription, or, for
  // its last one, renewal): the list is read again.
  yield* put(organizationActions.licencesRequested());
  yield* call(reloadProfile, deps);
}

function* buy(deps: AppDeps, action: ReturnType<typeof organizationActions.buyRequested>) {
  const result = yield* authedRequest<CheckoutResponse>(deps, 'POST', BUSINESS_API.licences, {
    ...action.payload,
  });
  if (!result.ok) {
    yield* put(organizationActions.checkoutFailed(result.message));
    return;
  }
  yield* call([deps.navigation, deps.navigation.openUrl], result.data.url);
}

function* portal(deps: AppDeps) {
  const result = yield* authedRequest<CheckoutResponse>(deps, 'POST', BUSINESS_API.billingPortal, {});
  if (!result.ok) {
    yield* put(organizationActions.checkoutFailed(result.message));
    return;
  }
  yield* call([deps.navigation, deps.navigation.openUrl], result.data.url);
}

function* clear() {
  yield* put(organizationActions.cleared());
}

export function* organizationSaga(deps: AppDeps) {
  yield* takeLatest(organizationActions.searchRequested.type, search, deps);
  yield* takeLatest(organizationActions.createRequested.type, create, deps);
  yield* takeLatest(organizationActions.licencesRequested.type, loadLicences, deps);
  yield* takeEvery(organizationActions.assignRequested.type, assign, deps);
  yield* takeEvery(organizationActions.magicLinkRequested.type, magicLink, deps);
  yield* takeEvery(organizationActions.cancelRequested.type, cancel, deps);
  yield* takeLatest(organizationActions.buyRequested.type, buy, deps);
  yield* takeLatest(organizationActions.portalRequested.type, portal, deps);
  yield* call(membershipSaga, deps);
  // Signed out: nothing of this organisation stays in the page.
  yield* takeLatest(profileActions.cleared.type, clear);
}
