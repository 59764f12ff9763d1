/** Report a problem: the dialog (conversation, transcript) and the organisation admin's list. */
export { ReportProblemButton, ReportProblemDialog } from './components/ReportProblem';
export { ProblemReportsSection } from './components/ProblemReportsSection';
