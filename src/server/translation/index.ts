/**
 * What the translation feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { loadTranslationConfig } from './config';
export type { TranslationConfig } from './config';
export type { TranslationEngine } from './engine';
export { registerTranslationRoutes } from './routes';
export { startTranslation } from './service';
export type { TranslationService } from './service';
export { TRANSLATION_SOCKET_HANDLERS } from './socket-handlers';
