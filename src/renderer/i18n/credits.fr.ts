import type { Messages } from './types';
import type creditsEn from './credits.en';

/** French messages of the Premium credit shown in a conversation (see credits.en.ts). */
const creditsFr: Messages<typeof creditsEn> = {
  left: 'Crédit Premium : {{time}}',
  running: 'Premium : {{time}} restant',
  label: 'Crédit Premium restant : {{time}}',
  labelRunning: 'Sous-titres Premium, crédit restant : {{time}}',
  ranOut: 'Votre crédit Premium est épuisé : les sous-titres continuent en Basique.',
};

export default creditsFr;
