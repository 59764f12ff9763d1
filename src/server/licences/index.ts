/**
 * What the licences feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { LicenceRepository } from './repository';
export { registerLicenceRoutes } from './routes';
export { signInClaims } from './sign-in-claims';
