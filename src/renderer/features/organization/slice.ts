/**
 * Organisations and licences on the client: the creation screen's search and submission, the
 * organisation's licences on the dashboard (assign, unassign, cancel), buying (Checkout) and
 * billing. Errors are kept in the server's or the spec's words.
 */
import type { MailDelivery } from '../../../shared/mail';
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { Licence, LicenceInterval, LicencesResponse } from '../../../shared/licences';
import type { MyInvitation } from '../../../shared/organization-membership';
import type {
  CreateOrganizationBody,
  OrganizationSearchResult,
  OrganizationType,
} from '../../../shared/organizations';

export interface OrganizationState {
  search: { keywords: string; results: OrganizationSearchResult[]; searching: boolean };
  creating: boolean;
  createError?: string;
  licences: {
    status: 'idle' | 'loading' | 'ready' | 'failed';
    list: Licence[];
    organizationName?: string;
    billing: boolean;
    error?: string;
  };
  /** A licence whose change is on its way. */
  busyLicenceId?: string;
  /** Per licence: why its last change was refused. */
  licenceErrors: Record<string, string>;
  /** The licence whose last change went through (its row says so). */
  lastChangedId?: string;
  /** Per licence: the link made for it to give its recipient (shown once made; no mail is sent). */
  /** Licences sent as links: the link, and whether it went out by email. */
  magicLinks: Record<string, { link: string; delivery: MailDelivery }>;
  checkout: { opening: boolean; error?: string };
  /**
   * The caller's own membership: invitations waiting for them (nobody joins without accepting),
   * and leaving. `busy`: the organisation whose invitation, or 'leave', is on its way.
   */
  membership: { invitations: MyInvitation[]; busy?: string; error?: string; left?: boolean };
}

export const initialOrganizationState: OrganizationState = {
  search: { keywords: '', results: [], searching: false },
  creating: false,
  licences: { status: 'idle', list: [], billing: false },
  licenceErrors: {},
  magicLinks: {},
  checkout: { opening: false },
  membership: { invitations: [] },
};

const organizationSlice = createSlice({
  name: 'organization',
  initialState: initialOrganizationState,
  reducers: {
    searchRequested(state, action: PayloadAction<{ keywords: string; orgType?: OrganizationType }>) {
      state.search.keywords = action.payload.keywords;
      state.search.searching = true;
    },
    searchAnswered(state, action: PayloadAction<OrganizationSearchResult[]>) {
      state.search.results = action.payload;
      state.search.searching = false;
    },
    createRequested(state, _action: PayloadAction<CreateOrganizationBody>) {
      state.creating = true;
      state.createError = undefined;
    },
    createFailed(state, action: PayloadAction<string>) {
      state.creating = false;
      state.createError = action.payload;
    },
    created(state) {
      state.creating = false;
      state.licences.status = 'idle';
    },
    licencesRequested(state) {
      state.licences.status = 'loading';
    },
    licencesLoaded(state, action: PayloadAction<LicencesResponse>) {
      state.licences = {
        status: 'ready',
        list: action.payload.licences,
        billing: action.payload.billing,
        ...(action.payload.organizationName ? { organizationName: action.payload.organizationName } : {}),
      };
    },
    licencesFailed(state, action: PayloadAction<string>) {
      state.licences.status = 'failed';
      state.licences.error = action.payload;
    },
    /** An empty email unassigns (the spec's rule). */
    assignRequested(state, action: PayloadAction<{ id: string; email: string }>) {
      state.busyLicenceId = action.payload.id;
      delete state.licenceErrors[action.payload.id];
    },
    /** The licence goes to `email` as a link: they claim it by signing in with that address. */
    magicLinkRequested(state, action: PayloadAction<{ id: string; email: string; language: string }>) {
      state.busyLicenceId = action.payload.id;
      delete state.licenceErrors[action.payload.id];
      delete state.magicLinks[action.payload.id];
    },
    magicLinkMade(state, action: PayloadAction<{ licence: Licence; link: string; delivery: MailDelivery }>) {
      const { licence, link, delivery } = action.payload;
      state.busyLicenceId = undefined;
      state.lastChangedId = licence.id;
      state.magicLinks[licence.id] = { link, delivery };
      state.licences.list = state.licences.list.map((l) => (l.id === licence.id ? licence : l));
    },
    cancelRequested(state, action: PayloadAction<{ id: string }>) {
      state.busyLicenceId = action.payload.id;
      delete state.licenceErrors[action.payload.id];
    },
    licenceChanged(state, action: PayloadAction<Licence>) {
      state.busyLicenceId = undefined;
      state.lastChangedId = action.payload.id;
      state.licences.list = state.licences.list.map((l) => (l.id === action.payload.id ? action.payload : l));
    },
    licenceFailed(state, action: PayloadAction<{ id: string; message: string }>) {
      state.busyLicenceId = undefined;
      state.licenceErrors[action.payload.id] = action.payload.message;
    },
    buyRequested(state, _action: PayloadAction<{ interval: LicenceInterval; count: number }>) {
      state.checkout = { opening: true };
    },
    portalRequested(state) {
      state.checkout = { opening: true };
    },
    checkoutFailed(state, action: PayloadAction<string>) {
      state.checkout = { opening: false, error: action.payload };
    },
    invitationsRequested() {},
    invitationsLoaded(state, action: PayloadAction<MyInvitation[]>) {
      state.membership.invitations = action.payload;
    },
    acceptRequested(state, action: PayloadAction<{ organizationId: string }>) {
      state.membership = { ...state.membership, busy: action.payload.organizationId, error: undefined };
    },
    declineRequested(state, action: PayloadAction<{ organizationId: string }>) {
      state.membership = { ...state.membership, busy: action.payload.organizationId, error: undefined };
    },
    leaveRequested(state) {
      state.membership = { ...state.membership, busy: 'leave', error: undefined, left: false };
    },
    /** An invitation accepted or declined: it is gone from the list. */
    invitationDone(state, action: PayloadAction<{ organizationId: string }>) {
      state.membership.busy = undefined;
      state.membership.invitations = state.membership.invitations.filter(
        (i) => i.organizationId !== action.payload.organizationId,
      );
    },
    left(state) {
      state.membership.busy = undefined;
      state.membership.left = true;
      state.licences = initialOrganizationState.licences;
    },
    membershipFailed(state, action: PayloadAction<string>) {
      state.membership.busy = undefined;
      state.membership.error = action.payload;
    },
    cleared() {
      return initialOrganizationState;
    },
  },
});

export const organizationActions = organizationSlice.actions;
export const organizationReducer = organizationSlice.reducer;
