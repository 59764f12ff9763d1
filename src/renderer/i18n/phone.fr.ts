/** Messages français du panneau d’appel de conférence téléphonique (phone.en.ts). */
import type { Messages } from './types';
import type phoneEn from './phone.en';

const phoneFr: Messages<typeof phoneEn> = {
  title: 'Conférence téléphonique',
  noProvider: 'Ce serveur n’a pas de fournisseur téléphonique : il ne peut pas appeler de conférence.',
  noProviderOperator:
    'La personne qui gère ce serveur peut définir {{variables}} (ou {{sip}} pour un trunk SIP) puis le redémarrer.',
  intro:
    'Hearken appelle la conférence, compose ses codes et sous-titre l’appel ici sous le nom « Appel téléphonique ».',
  codeLabel: 'Indicatif international',
  numberLabel: 'Numéro de téléphone de la conférence',
  numberHelp: 'Le numéro d’accès de la conférence, sans l’indicatif international.',
  typeLabel: 'Type de conférence',
  types: {
    zoom: 'Zoom',
    teams: 'Microsoft Teams',
    meet: 'Google Meet',
    webex: 'Webex',
    other: 'Autre conférence',
  },
  accessCodeLabel: 'ID de réunion ou code d’accès',
  accessCodeHelp: 'Chiffres uniquement ; Hearken le compose suivi de #.',
  passwordLabel: 'Mot de passe (facultatif)',
  passwordHelp: 'Chiffres uniquement.',
  call: 'Appeler la conférence',
  calling: 'Appel en cours…',
  hangUp: 'Raccrocher',
  speakerName: 'Appel téléphonique',
  statuses: {
    dialing: 'Appel de la conférence…',
    ringing: 'Ça sonne…',
    connected: 'Connecté : composition des codes d’accès…',
    captioning: 'Sous-titrage de l’appel téléphonique',
    ended: 'L’appel téléphonique est terminé',
    failed: 'L’appel téléphonique a échoué',
  },
  reasons: {
    'hung-up-by-host': 'L’hôte a raccroché.',
    'room-ended': 'La conversation est terminée : l’appel a été raccroché.',
    'conference-hung-up': 'La conférence a raccroché. Vérifiez son numéro et ses codes d’accès.',
    busy: 'Le numéro était occupé.',
    'no-answer': 'Personne n’a répondu.',
    failed: 'L’appel n’a pas pu être passé. Vérifiez le numéro.',
    canceled: 'L’appel a été annulé avant d’être décroché.',
    'unexpected-error': 'Erreur inattendue de l’appel téléphonique',
  },
  errors: {
    invalidInternationalCode: 'Indicatif international non valide',
    invalidNumber: 'Saisissez le numéro de téléphone de la conférence, en chiffres uniquement.',
    invalidAccessCode: 'Le code d’accès ne doit contenir que des chiffres.',
    invalidPassword: 'Le mot de passe ne doit contenir que des chiffres.',
    invalidDigits: 'Les codes à composer ne peuvent contenir que des chiffres, #, * et des pauses (w, W).',
    invalidConferenceType: 'Choisissez le type de conférence.',
    invalidSpeechLang: 'Choisissez la langue parlée pendant l’appel.',
    unexpectedError: 'Erreur inattendue de l’appel téléphonique',
    alreadyInCall: 'Un appel téléphonique est déjà sous-titré dans cette conversation.',
    unavailable: 'Les appels téléphoniques ne sont pas disponibles sur ce serveur.',
    notFound: 'Aucun appel de ce type dans cette conversation.',
    onlyHost: 'Seul l’hôte peut faire des modifications.',
    notEntitled:
      'Les appels téléphoniques demandent un abonnement payant ou du crédit Premium. Connectez-vous avec un compte qui en a.',
    countryNotAllowed: 'Ce serveur n’appelle pas les numéros avec cet indicatif international.',
    deniedNumber:
      'Ce numéro est surtaxé ou spécial : Hearken ne l’appelle pas. Utilisez le numéro d’accès ordinaire de la conférence.',
    tooManyCalls: 'Trop d’appels téléphoniques en peu de temps. Attendez quelques minutes avant de rappeler.',
  },
};

export default phoneFr;
