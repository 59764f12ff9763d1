/** French messages of invite by user query: see invite-people.en.ts. */
import type invitePeopleEn from './invite-people.en';
import type { joinErrorsEn } from './invite-people.en';
import type { Messages } from './types';

const invitePeopleFr: Messages<typeof invitePeopleEn> = {
  heading: 'Inviter quelqu’un',
  field: 'Nom ou e-mail',
  help: 'Tapez le début de son nom (3 lettres au moins) ou son e-mail exact. Seules les personnes qui l’autorisent peuvent être trouvées.',
  search: 'Rechercher',
  searching: 'Recherche…',
  results: 'Personnes trouvées',
  noResults:
    'Personne n’a été trouvé. Vérifiez l’orthographe, ou demandez-lui d’autoriser qu’on la trouve dans ses réglages.',
  resultCount_one: '{{count}} personne trouvée',
  resultCount_other: '{{count}} personnes trouvées',
  invite: 'Inviter {{name}}',
  problem: {
    tooShort: 'Tapez au moins 3 lettres du nom.',
    notEmail: 'Ce n’est pas une adresse e-mail.',
    failed: 'La recherche n’a pas fonctionné. Veuillez réessayer.',
  },
  sent: {
    requested: '{{name}} est invité(e). En attente de sa réponse…',
    accepted: '{{name}} a accepté : la personne rejoint la conversation.',
    mailed:
      '{{name}} n’est pas sur Hearken en ce moment : nous lui avons envoyé par e-mail le lien de cette conversation.',
  },
  incoming: {
    heading: 'Invitation',
    asks: '{{name}} vous invite à rejoindre « {{title}} ».',
    asksUntitled: '{{name}} vous invite à rejoindre sa conversation.',
    join: 'Rejoindre la conversation de {{name}}',
    decline: 'Refuser',
  },
  findable: {
    heading: 'Confidentialité',
    label: 'Permettre aux hôtes de me trouver pour m’inviter',
    help: 'Les hôtes pourront alors vous trouver par le début de votre nom ou votre e-mail exact. Ils voient votre nom et votre photo, jamais votre e-mail.',
  },
};

export const joinErrorsFr: Messages<typeof joinErrorsEn> = {
  invalidMediaDevice: 'Le micro choisi n’est pas valide. Choisissez-en un autre.',
  microphonePermissionDenied: 'Hearken n’est pas autorisé à utiliser le micro.',
  accessDenied: 'Accès refusé. Vous avez trop d’invitations en attente : attendez une réponse.',
  microphoneMissing: 'Aucun micro n’a été trouvé.',
  rejectedByUser: 'La personne a refusé.',
  self: 'Vous ne pouvez pas vous rejoindre vous-même.',
  shareAudioNeeded: 'Partagez le son de votre ordinateur pour continuer.',
  timeout: 'Impossible de trouver votre hôte. Réessayer ?',
  unknownUser: 'Nom d’utilisateur inconnu. Vérifiez l’orthographe.',
  unknown: 'Un problème est survenu. Veuillez réessayer.',
};

export default invitePeopleFr;
