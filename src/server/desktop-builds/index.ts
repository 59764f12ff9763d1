/**
 * What the desktop-builds feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js).
 */
export { desktopBuildsSource, loadUpdateFeed } from './feed';
export { registerDesktopBuildRoutes } from './routes';
