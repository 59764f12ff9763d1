/**
 * The workspace admin's screens (shared/workspace.ts): members, organisation details, payment
 * and billing, reporting, vocabulary and Scribe limit. Each part is loaded when its screen opens;
 * a change says how it went in its own form (the server's words for a refusal).
 */
import type { MailDelivery } from '../../../shared/mail';
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { Organization, OrganizationRole } from '../../../shared/organizations';
import type { UsageReport } from '../../../shared/usage-report';
import type {
  OrganizationDetailsBody,
  WorkspaceBillingResponse,
  WorkspaceMember,
  WorkspaceSettings,
  WorkspaceSettingsBody,
} from '../../../shared/workspace';

export interface Loadable<T> {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  data?: T;
  error?: string;
}

/** A form's last outcome: saving, saved, or refused with the server's words. */
export interface FormState {
  saving: boolean;
  saved: boolean;
  error?: string;
}

export type WorkspaceForm = 'invite' | 'members' | 'details' | 'settings' | 'scribeTime';

export interface ReportPeriod {
  fromMs: number;
  toMs: number;
}

export interface WorkspaceState {
  members: Loadable<WorkspaceMember[]>;
  organization: Loadable<Organization>;
  billing: Loadable<WorkspaceBillingResponse>;
  reporting: Loadable<UsageReport> & { period?: ReportPeriod };
  settings: Loadable<WorkspaceSettings>;
  forms: Record<WorkspaceForm, FormState>;
  /** The member (avaId or invited email) whose change is on its way. */
  busyMember?: string;
  /** The last invitation made: to whom, its link, and whether it went out by email. */
  lastInvite?: { email: string; link: string; delivery: MailDelivery };
  /** The last Scribe time granted: to whom, how many minutes, and what they have now. */
  lastGrant?: { member: string; minutes: number; scribeTimeMs: number };
}

const idleForm: FormState = { saving: false, saved: false };

export const initialWorkspaceState: WorkspaceState = {
  members: { status: 'idle' },
  organization: { status: 'idle' },
  billing: { status: 'idle' },
  reporting: { status: 'idle' },
  settings: { status: 'idle' },
  forms: {
    invite: idleForm,
    members: idleForm,
    details: idleForm,
    settings: idleForm,
    scribeTime: idleForm,
  },
};

type LoadableKey = 'members' | 'organization' | 'billing' | 'settings';

const workspaceSlice = createSlice({
  name: 'workspace',
  initialState: initialWorkspaceState,
  reducers: {
    loadRequested(state, action: PayloadAction<LoadableKey>) {
      state[action.payload].status = 'loading';
      state[action.payload].error = undefined;
    },
    membersLoaded(state, action: PayloadAction<WorkspaceMember[]>) {
      state.members = { status: 'ready', data: action.payload };
    },
    organizationLoaded(state, action: PayloadAction<Organization>) {
      state.organization = { status: 'ready', data: action.payload };
    },
    billingLoaded(state, action: PayloadAction<WorkspaceBillingResponse>) {
      state.billing = { status: 'ready', data: action.payload };
    },
    settingsLoaded(state, action: PayloadAction<WorkspaceSettings>) {
      state.settings = { status: 'ready', data: action.payload };
    },
    loadFailed(state, action: PayloadAction<{ key: LoadableKey | 'reporting'; message: string }>) {
      state[action.payload.key].status = 'failed';
      state[action.payload.key].error = action.payload.message;
    },
    reportRequested(state, action: PayloadAction<ReportPeriod>) {
      state.reporting.status = 'loading';
      state.reporting.period = action.payload;
      state.reporting.error = undefined;
    },
    reportLoaded(state, action: PayloadAction<UsageReport>) {
      state.reporting = { status: 'ready', data: action.payload, period: state.reporting.period };
    },
    /** The reporting CSV of a period, downloaded (no state: the browser shows the file). */
    csvRequested(_state, _action: PayloadAction<ReportPeriod>) {},
    inviteRequested(state, _action: PayloadAction<{ email: string; role: OrganizationRole }>) {
      state.forms.invite = { saving: true, saved: false };
      state.lastInvite = undefined;
    },
    invited(state, action: PayloadAction<{ email: string; link: string; delivery: MailDelivery }>) {
      state.lastInvite = action.payload;
    },
    removeRequested(state, action: PayloadAction<{ member: string }>) {
      state.busyMember = action.payload.member;
      state.forms.members = { saving: true, saved: false };
    },
    makeAdminRequested(state, action: PayloadAction<{ avaId: string }>) {
      state.busyMember = action.payload.avaId;
      state.forms.members = { saving: true, saved: false };
    },
    /** The admin has seen who joined by naming the organisation: none of them is new now. */
    joinsSeenRequested(state) {
      if (!state.members.data) return;
      state.members.data = state.members.data.map((m) => {
        if (!m.newJoin) return m;
        const { newJoin: _seen, ...rest } = m;
        return rest;
      });
    },
    detailsRequested(state, _action: PayloadAction<OrganizationDetailsBody>) {
      state.forms.details = { saving: true, saved: false };
    },
    settingsRequested(state, _action: PayloadAction<WorkspaceSettingsBody>) {
      state.forms.settings = { saving: true, saved: false };
    },
    scribeTimeRequested(state, _action: PayloadAction<{ member: string; minutes: number }>) {
      state.forms.scribeTime = { saving: true, saved: false };
      state.lastGrant = undefined;
    },
    scribeTimeGranted(
      state,
      action: PayloadAction<{ member: string; minutes: number; scribeTimeMs: number }>,
    ) {
      state.lastGrant = action.payload;
    },
    formDone(state, action: PayloadAction<{ form: WorkspaceForm; error?: string }>) {
      const { form, error } = action.payload;
      state.forms[form] = { saving: false, saved: error === undefined, ...(error ? { error } : {}) };
      if (form === 'members') state.busyMember = undefined;
    },
    cleared() {
      return initialWorkspaceState;
    },
  },
});

export const workspaceActions = workspaceSlice.actions;
export const workspaceReducer = workspaceSlice.reducer;
