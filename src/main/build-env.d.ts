// Constants the desktop build defines in the main bundle (forge's Vite plugin defines the first
// two; vite.main.config.ts the last).
declare const MAIN_WINDOW_VITE_DEV_SERVER_URL: string | undefined;
declare const MAIN_WINDOW_VITE_NAME: string;
/** Base URL of the update feed and its version-policy.json, from HEARKEN_UPDATE_FEED at build time. */
declare const HEARKEN_UPDATE_FEED: string;
