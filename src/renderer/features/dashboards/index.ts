/** Where a signed-in account lands: the account dashboard, and the Scribe dashboard for Scribes. */
export { DashboardPage } from './components/DashboardPage';
export { ScribeDashboardPage } from './components/ScribeDashboardPage';
