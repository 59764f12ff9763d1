import type { Messages } from './types';
import type scribeEn from './scribe.en';

/** Les messages des Scribes, en français. */
const scribeFr: Messages<typeof scribeEn> = {
  request: 'Demander un Scribe',
  requestTitle: 'Demander un Scribe',
  requestIntro:
    'Un Scribe est une personne qui corrige les sous-titres en direct. Il rejoint cette conversation dès qu’il accepte.',
  modeLabel: 'Mode de correction',
  modes: {
    fast: 'Rapide : sous-titres immédiats, corrigés au fur et à mesure',
    accurate: 'Précis : sous-titres 5 à 10 secondes plus tard, déjà corrigés',
  },
  modeShort: { fast: 'Rapide', accurate: 'Précis' },
  send: 'Demander un Scribe',
  close: 'Fermer',
  cancel: 'Annuler la demande',
  remove: 'Terminer la session du Scribe',
  status: {
    pending: 'En attente qu’un Scribe accepte…',
    ongoing: 'Un Scribe corrige les sous-titres (mode {{mode}}).',
    leaving: 'La connexion du Scribe a été perdue ; en attente de son retour.',
    ended: 'La session du Scribe est terminée.',
  },
  scribeName: 'Scribe : {{name}}',
  accurateNote: 'Mode précis : les sous-titres arrivent 5 à 10 secondes après avoir été prononcés.',
  panelHeading: 'Scribe',
  chatHeading: 'Discussion avec le Scribe',
  chatWithRequester: 'Discussion avec {{name}}',
  chatEmpty: 'Aucun message pour l’instant.',
  chatLabel: 'Message',
  chatSend: 'Envoyer',
  fromScribe: 'Scribe',
  fromRequester: 'Demandeur',
  youAreScribe:
    'Vous êtes le Scribe de cette conversation. Corrigez les sous-titres ; la personne qui a demandé les lit.',
  backToDashboard: 'Retour au tableau de bord Scribe',
  shortcutsHeading: 'Raccourcis clavier du Scribe',
  shortcuts: {
    acceptOldest: 'Accepter la plus ancienne demande',
    openServed: 'Ouvrir la première conversation servie',
    refresh: 'Actualiser les demandes',
    focusChat: 'Aller à la discussion',
    toggleMode: 'Basculer entre rapide et précis',
    backToDashboard: 'Retour au tableau de bord (vous continuez)',
  },
  dashboard: {
    title: 'Tableau de bord Scribe',
    heading: 'Tableau de bord Scribe',
    intro: 'Les demandes en attente d’un Scribe, et les conversations que vous corrigez.',
    waitingHeading: 'Demandes en attente',
    noWaiting: 'Aucune demande en attente.',
    servingHeading: 'Conversations servies',
    noServing: 'Vous ne servez aucune conversation.',
    requestedBy: '{{name}} a demandé il y a {{seconds}} s',
    untitled: 'Conversation sans titre',
    accept: 'Accepter',
    open: 'Ouvrir',
    stop: 'Arrêter',
    lastUpdate: 'Dernière mise à jour des sous-titres : il y a {{seconds}} s',
    noUpdate: 'Pas encore de sous-titre',
    served: 'Servi {{seconds}} s',
    away: 'Vous n’êtes pas dans cette conversation en ce moment',
    signInFirst: 'Connectez-vous avec votre compte de Scribe pour voir les demandes en attente.',
    signIn: 'Se connecter',
    notScribe:
      'Seuls les Scribes peuvent utiliser ce tableau de bord. Demandez à votre organisation de vous nommer Scribe.',
    failed: 'Les demandes n’ont pas pu être chargées : {{message}}',
    trainingHeading: 'Entraînement',
    trainingIntro:
      'Entraînez-vous sur un enregistrement au texte connu : corrigez ses sous-titres pendant la lecture et voyez votre précision.',
    startTraining: 'S’entraîner',
    trainingLanguage: 'Langue des enregistrements',
    trainingLanguages: { 'en-US': 'Anglais', 'fr-FR': 'Français' },
    trainingNone: 'Aucun enregistrement d’entraînement dans cette langue sur ce serveur.',
  },
  training: {
    heading: 'Entraînement',
    play: 'L’enregistrement',
    score: 'Précision : {{accuracy}} % (taux d’erreur {{wer}} %)',
    fixed: 'Vous avez corrigé {{fixed}} des {{errors}} erreurs du moteur ; il en reste {{left}}.',
    playing: 'L’enregistrement est en cours.',
    finished: 'L’enregistrement est terminé.',
  },
  refusal: {
    'organizations-only': 'Les Scribes sont réservés aux membres connectés d’une organisation.',
    'no-scribe-credit': 'Plus de temps de Scribe — demandez à votre administrateur ou achetez du temps.',
    'scribe-limit-reached':
      'La limite mensuelle de Scribe de votre organisation est atteinte — demandez à votre administrateur.',
  },
  acceptFailed: 'La demande n’a pas pu être acceptée.',
  endFailed: 'La session n’a pas pu être terminée.',
  chatFailed: 'Le message n’a pas pu être envoyé.',
  trainingFailed: 'L’entraînement n’a pas pu commencer.',
};

export default scribeFr;
