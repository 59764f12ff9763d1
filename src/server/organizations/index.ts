/**
 * What the organizations feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { OrganizationRepository, clearMembership, isUniqueViolation, setMembership } from './repository';
export { MembershipRepository } from './membership';
export { registerOrganizationRoutes } from './routes';
