/** The workspace admin's screens (workspace/*), loaded as one chunk on first visit. */
export { WorkspaceLayout } from './components/WorkspaceLayout';
export { MembersPage } from './components/MembersPage';
export { OrganizationPage } from './components/OrganizationPage';
export { BillingPage } from './components/BillingPage';
export { ReportingPage } from './components/ReportingPage';
export { SettingsPage } from './components/SettingsPage';
