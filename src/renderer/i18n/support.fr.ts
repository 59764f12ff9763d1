/** Messages français du signalement d'un problème (support.en.ts). */
import type { Messages } from './types';
import type supportEn from './support.en';

const supportFr: Messages<typeof supportEn> = {
  problemReport: {
    open: 'Signaler un problème',
    title: 'Signaler un problème',
    intro:
      'Dites-nous ce qui n’a pas marché. Votre signalement va aux personnes qui gèrent ce service et, si vous faites partie d’une organisation, à son administrateur.',
    category: 'De quoi s’agit-il ?',
    categories: {
      captions: 'Sous-titres',
      audio: 'Son ou micro',
      connection: 'Connexion',
      transcript: 'Transcription',
      other: 'Autre chose',
    },
    description: 'Que s’est-il passé ?',
    descriptionHelp: 'Au moins {{min}} caractères.',
    tooShort: 'Dites-en un peu plus : au moins {{min}} caractères.',
    tooLong: 'Restez sous {{max}} caractères, s’il vous plaît.',
    withRoom: 'Cette conversation est jointe au signalement.',
    send: 'Envoyer le signalement',
    sending: 'Envoi…',
    cancel: 'Annuler',
    close: 'Fermer',
    sent: 'Merci : votre signalement a été envoyé.',
    failed: 'Le signalement n’a pas pu être envoyé : {{message}}',
  },
  problemReports: {
    heading: 'Problèmes signalés',
    intro: 'Ce que vos membres ont signalé depuis leurs conversations, du plus récent au plus ancien.',
    none: 'Personne n’a signalé de problème.',
    loading: 'Chargement des signalements…',
    failed: 'Les signalements n’ont pas pu être chargés : {{message}}',
    caption: 'Problèmes signalés par les membres',
    when: 'Quand',
    who: 'Qui',
    category: 'Sujet',
    description: 'Ce qui s’est passé',
    room: 'Conversation',
  },
};

export default supportFr;
