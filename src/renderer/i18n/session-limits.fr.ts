import type { Messages } from './types';
import type sessionLimitsEn from './session-limits.en';

/** French messages of the conversation's limits (see session-limits.en.ts). */
const sessionLimitsFr: Messages<typeof sessionLimitsEn> = {
  countdown: 'Fin dans {{time}}',
  countdownLabel: 'Temps restant dans cette conversation',
  basicLimit: 'Les conversations gratuites durent {{minutes}} minutes.',
  announce_one: 'Cette conversation se termine dans 1 minute.',
  announce_other: 'Cette conversation se termine dans {{count}} minutes.',
  prolong: 'Ajouter {{minutes}} minutes',
  prolonged: 'La conversation se termine maintenant à {{time}}.',
  ended: 'Cette conversation a atteint sa durée maximale.',
  forceMute: 'Couper le micro de {{name}}',
  autoStopped:
    'Les sous-titres se sont arrêtés : dans une conversation gratuite avec une seule personne, le micro s’arrête après {{seconds}} secondes. Ils reprennent dès qu’il est rallumé.',
};

export default sessionLimitsFr;
