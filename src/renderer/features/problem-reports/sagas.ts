/** Sends a problem report as whoever uses the client, and loads the organisation admin's list. */
import { call, put, takeLatest } from 'typed-redux-saga';
import {
  PROBLEM_REPORT_ROUTES,
  type ProblemReportReceipt,
  type WorkspaceProblemReports,
} from '../../../shared/problem-reports';
import type { AppDeps } from '../../app/deps';
import { identityHeaders, waitForIdentity } from '../identity/sagas';
import { problemReportActions } from './slice';

export function* sendProblemReport(deps: AppDeps, action: ReturnType<typeof problemReportActions.submitted>) {
  const identity = yield* call(waitForIdentity);
  const result = yield* call(
    [deps.http, deps.http.post<ProblemReportReceipt>],
    PROBLEM_REPORT_ROUTES.reports,
    action.payload,
    { headers: identityHeaders(identity) },
  );
  if (result.ok) {
    deps.logger.log('info', 'problem-report', `problem reported (${action.payload.category})`, {
      reportId: result.data.id,
    });
    yield* put(problemReportActions.sendSettled({ ok: true }));
  } else {
    deps.logger.log('warn', 'problem-report', `could not send a report: ${result.status} ${result.message}`);
    yield* put(problemReportActions.sendSettled({ ok: false, error: result.message }));
  }
}

export function* loadProblemReports(deps: AppDeps) {
  const identity = yield* call(waitForIdentity);
  const result = yield* call(
    [deps.http, deps.http.get<WorkspaceProblemReports>],
    PROBLEM_REPORT_ROUTES.workspaceReports,
    { headers: identityHeaders(identity) },
  );
  if (result.ok) yield* put(problemReportActions.listLoaded(result.data.reports));
  else yield* put(problemReportActions.listFailed(result.message));
}

export function* problemReportsSaga(deps: AppDeps) {
  yield* takeLatest(problemReportActions.submitted.type, sendProblemReport, deps);
  yield* takeLatest(problemReportActions.listRequested.type, loadProblemReports, deps);
}
