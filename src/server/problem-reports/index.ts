/**
 * What the problem-reports feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { ProblemReportRepository } from './repository';
export { registerProblemReportRoutes, PROBLEM_REPORT_ADDRESS_LIMIT, PROBLEM_REPORT_LIMIT } from './routes';
