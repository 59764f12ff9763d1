import type { Messages } from './types';
import type creditsEn from './credits.en';

/** French messages of the Premium credit shown in a conversation (see credits.en.ts). */
const creditsFr: Messages<typeof creditsEn> = {
  left: 'Crédit Premium : {{time}}',
  running: 'Premium : {{time}} restant',
  label: 'Crédit Premium restant : {{time}}',
  labelRunning: 'Sous-titres Premium, crédit restant : {{time}}',
  ranOut: 'Votre crédit Premium est épuisé : les sous-titres continuent en Basique.',
  scribeTime: {
    title: 'Temps de Scribe',
    intro:
      'Un Scribe est une personne qui corrige vos sous-titres en direct. Les sessions de Scribe utilisent votre temps de Scribe, décompté à la seconde. L’administrateur de votre organisation peut vous en accorder, ou vous pouvez en acheter ici.',
    left: 'Votre temps de Scribe : {{minutes}} minutes.',
    hours: 'Heures à acheter',
    hoursOption_one: '{{count}} heure, {{total}}',
    hoursOption_other: '{{count}} heures, {{total}}',
    buy: 'Acheter du temps de Scribe',
    terms:
      'Vous acceptez les conditions d’utilisation sur la page de paiement. Le temps est ajouté une fois le paiement confirmé.',
    paid: 'Paiement reçu : votre temps de Scribe est ajouté.',
    failed: 'La page de paiement n’a pas pu s’ouvrir : {{message}}',
    back: 'Retour à votre tableau de bord',
    buyLink: 'Acheter du temps de Scribe (s’ouvre dans un nouvel onglet)',
  },
};

export default creditsFr;
