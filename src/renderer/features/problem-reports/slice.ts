/**
 * Report a problem (shared/problem-reports.ts): the dialog's sending state, and the organisation
 * admin's list of reports on the workspace.
 */
import { type PayloadAction, createSlice } from '@reduxjs/toolkit';
import type { ProblemReport, ProblemReportBody } from '../../../shared/problem-reports';

export type ReportSendStatus = 'idle' | 'sending' | 'sent' | 'failed';

export interface ProblemReportsState {
  send: { status: ReportSendStatus; error?: string };
  list: { status: 'idle' | 'loading' | 'loaded' | 'failed'; reports: ProblemReport[]; error?: string };
}

export const initialProblemReportsState: ProblemReportsState = {
  send: { status: 'idle' },
  list: { status: 'idle', reports: [] },
};

const problemReportsSlice = createSlice({
  name: 'problemReports',
  initialState: initialProblemReportsState,
  reducers: {
    /** The dialog opened: a new report, whatever the last one did. */
    dialogOpened(state) {
      state.send = { status: 'idle' };
    },
    submitted(state, _action: PayloadAction<ProblemReportBody>) {
      state.send = { status: 'sending' };
    },
    sendSettled(state, action: PayloadAction<{ ok: true } | { ok: false; error: string }>) {
      state.send = action.payload.ok ? { status: 'sent' } : { status: 'failed', error: action.payload.error };
    },
    listRequested(state) {
      state.list = { ...state.list, status: 'loading' };
    },
    listLoaded(state, action: PayloadAction<ProblemReport[]>) {
      state.list = { status: 'loaded', reports: action.payload };
    },
    listFailed(state, action: PayloadAction<string>) {
      state.list = { status: 'failed', reports: [], error: action.payload };
    },
  },
});

export const problemReportActions = problemReportsSlice.actions;
export const problemReportsReducer = problemReportsSlice.reducer;
