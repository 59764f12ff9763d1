/** French. Its type comes from en.ts: a key missing here, or one English lacks, does not compile. */
import type { Messages } from './types';

const fr: Messages = {
  app: {
    name: 'Hearken',
    tagline: 'Sous-titres en direct pour vos conversations',
    skipToContent: 'Aller au contenu principal',
    home: 'Hearken, retour aux conversations',
    pageTitle: '{{page}} – Hearken',
  },
  common: {
    loading: 'Chargement…',
    retry: 'Réessayer',
    save: 'Enregistrer',
    cancel: 'Annuler',
  },
  settings: {
    language: 'Langue de l’interface',
    languages: { en: 'English', fr: 'Français' },
    darkTheme: 'Thème sombre',
    fontSize: 'Taille des sous-titres (pixels)',
    fontSizeSlider: 'Taille des sous-titres',
    fontSizeHelp: 'De {{min}} à {{max}} pixels.',
    speechLang: 'Langue que vous parlez',
  },
  session: {
    loading: 'Préparation de votre identité d’invité…',
    failed: 'Impossible de préparer votre identité d’invité : {{message}}',
    displayName: 'Votre nom',
    displayNameHelp: 'Affiché à côté de vos sous-titres. De {{min}} à {{max}} caractères.',
    displayNameInvalid: 'Votre nom doit compter de {{min}} à {{max}} caractères.',
    saveName: 'Enregistrer le nom',
    nameSaved:
      'Votre nom est enregistré. Il sera utilisé la prochaine fois que vous rejoindrez une conversation.',
  },
  lobby: {
    title: 'Conversations',
    heading: 'Conversations',
    intro:
      'Démarrez une conversation pour voir en direct les sous-titres de ce qui est dit, ou rejoignez celle de quelqu’un d’autre.',
    start: {
      heading: 'Démarrer une conversation',
      description: 'Vous en êtes l’hôte. Les autres peuvent la rejoindre avec le nom du salon ou le code QR.',
      button: 'Démarrer une conversation',
    },
    join: {
      heading: 'Rejoindre une conversation',
      label: 'Nom du salon',
      help: 'Le nom court que l’hôte vous communique, par exemple blue-river-42.',
      submit: 'Rejoindre',
      resolving: 'Recherche du salon…',
      failed: 'Impossible de rejoindre : {{message}}',
      problems: {
        'too-short': 'Un nom de salon compte au moins {{min}} caractères.',
        'too-long': 'Un nom de salon compte au plus {{max}} caractères.',
        'invalid-characters':
          'Un nom de salon ne contient que des lettres, des chiffres et des tirets simples entre eux.',
      },
    },
    token: {
      resolving: 'Ouverture du lien partagé…',
      failed: 'Ce lien n’a pas pu être ouvert : {{message}}',
    },
  },
  welcome: {
    title: 'Bienvenue',
    heading: 'Bienvenue sur Hearken',
    intro:
      'Hearken affiche en direct les sous-titres des conversations, pour les personnes sourdes, malentendantes et entendantes.',
    accountsComing:
      'La connexion avec un compte n’est pas encore disponible : elle arrivera dans une prochaine version. En attendant, vous pouvez utiliser Hearken en tant qu’invité, sans rien remplir.',
    guestNote: 'En tant qu’invité, votre identité est conservée dans ce navigateur uniquement.',
    continueAsGuest: 'Continuer en tant qu’invité',
  },
  conversation: {
    title: 'Conversation',
    defaultTitle: 'Conversation',
    connecting: 'Connexion à la conversation…',
    editTitle: 'Modifier le titre',
    titleLabel: 'Titre de la conversation',
    titleEmpty: 'Le titre ne peut pas être vide.',
    saveTitle: 'Enregistrer le titre',
    details: 'Détails de la conversation',
    showDetails: 'Afficher l’invitation et les participants',
    hideDetails: 'Masquer l’invitation et les participants',
    controls: 'Commandes de la conversation',
    end: 'Terminer la conversation',
    ending: 'Fin de la conversation en cours…',
    leave: 'Quitter la conversation',
    readonly:
      'Vous avez rejoint en lecture seule : vous pouvez lire les sous-titres, mais pas envoyer votre voix.',
    notConnected: 'Pas de connexion à la conversation. Réessayez quand la connexion sera rétablie.',
    endFailed: 'La conversation n’a pas pu être terminée. Veuillez réessayer.',
  },
  participants: {
    heading: 'Participants ({{count}})',
    you: '(vous)',
    host: 'Hôte',
    guest: 'Invité',
    typing: 'Écrit',
    speaking: 'Parle',
    empty: 'Personne d’autre n’a encore rejoint.',
  },
  socket: {
    label: 'Connexion :',
    status: {
      uninitialized: 'Non connecté',
      pending: 'Connexion…',
      reconnecting: 'Reconnexion…',
      online: 'Connecté',
      disconnected: 'Connexion perdue',
      closed: 'Fermée',
      offline: 'Hors ligne',
    },
    offlineTitle: 'Vous êtes hors ligne',
    offlineBody:
      'Les sous-titres sont en pause jusqu’au retour de la connexion de votre appareil. Hearken se reconnecte alors tout seul.',
    lostTitle: 'Connexion perdue',
    lostBody: 'Hearken essaie de se reconnecter. Les sous-titres reprendront ensuite.',
    reconnect: 'Se reconnecter maintenant',
  },
  audio: {
    start: 'Démarrer l’enregistrement',
    stop: 'Arrêter l’enregistrement',
    cancelStart: 'Annuler le démarrage du micro',
    stateLabel: 'Micro :',
    state: {
      NOT_RECORDING: 'Pas d’enregistrement',
      PENDING: 'Démarrage…',
      RECORDING: 'Enregistrement',
    },
    microphone: 'Micro',
    defaultMicrophone: 'Micro par défaut du système',
    unnamedMicrophone: 'Micro {{number}}',
    volume: 'Niveau du micro',
    needsConnection:
      'L’enregistrement nécessite une connexion à la conversation. Veuillez attendre d’être connecté.',
    stoppedConnectionLost: 'L’enregistrement s’est arrêté car la connexion à la conversation a été perdue.',
    trackEnded: 'L’enregistrement s’est arrêté car le micro a cessé de fonctionner ou a été débranché.',
    readonlyHint: 'L’enregistrement n’est pas disponible dans une conversation en lecture seule.',
  },
  captions: {
    heading: 'Sous-titres',
    region: 'Sous-titres',
    empty: 'Pas encore de sous-titres. Démarrez l’enregistrement, ou attendez que quelqu’un parle.',
    partial: '(transcription en cours)',
    unknownSpeaker: 'Intervenant inconnu',
    jumpToLatest: 'Aller aux derniers sous-titres',
    jumpToLatestNew: 'Aller aux derniers sous-titres ({{count}} nouveaux)',
    announcement: '{{author}} : {{text}}',
  },
  invite: {
    heading: 'Inviter des personnes',
    roomName: 'Nom du salon',
    roomNameHelp: 'Les autres tapent ce nom pour rejoindre.',
    link: 'Lien d’invitation',
    copy: 'Copier le lien d’invitation',
    copied: 'Lien d’invitation copié.',
    copyFailed: 'Le lien n’a pas pu être copié. Sélectionnez-le et copiez-le à la main.',
    qrAlt: 'Code QR du lien d’invitation au salon {{name}}. Scannez-le avec un téléphone pour rejoindre.',
  },
  transcript: {
    title: 'Transcription',
    heading: 'Transcription',
    startedAt: 'Commencée le {{date}}',
    loading: 'Chargement de la transcription…',
    failed: 'La transcription n’a pas pu être chargée : {{message}}',
    noRoom: 'Aucune conversation n’est indiquée : il n’y a pas de transcription à afficher.',
    empty: 'Cette conversation n’a pas de sous-titres.',
    time: 'Heure',
    speaker: 'Intervenant',
    text: 'Propos',
    newConversation: 'Démarrer une nouvelle conversation',
    back: 'Retour aux conversations',
  },
  notifications: {
    region: 'Notifications',
    dismiss: 'Fermer',
  },
  errors: {
    audio: {
      FAILED_TO_INIT_AUDIO_CONTEXT:
        'Le navigateur n’a pas pu démarrer le traitement audio. Rechargez la page et réessayez.',
      NO_MICROPHONE_SELECTED: 'Aucun micro n’est sélectionné. Choisissez-en un dans la liste des micros.',
      NO_AUDIO_TRACKS:
        'Le micro ne transmet aucun son. Vérifiez qu’il est branché et qu’aucune autre application ne l’utilise.',
      NO_WEBRTC_MANAGER: 'La connexion audio n’est pas prête. Veuillez réessayer.',
      NO_AUDIO_CONTEXT:
        'Ce navigateur ne peut pas traiter l’audio ici. Utilisez un navigateur récent avec une connexion sécurisée (https).',
      PERMISSION_DENIED:
        'Hearken n’est pas autorisé à utiliser le micro. Autorisez-le dans les paramètres du site de votre navigateur, puis réessayez.',
      PERMISSION_DISMISSED: 'La demande d’accès au micro a été fermée. Réessayez et choisissez Autoriser.',
      NO_AUDIO_INPUTS: 'Aucun micro n’a été trouvé. Branchez-en un et réessayez.',
      NO_SCREEN_SHARE: 'Hearken n’est pas autorisé à enregistrer l’écran.',
      GENERIC: 'Le micro n’a pas pu être démarré. Veuillez réessayer.',
    },
    socket: {
      'invalid-json': 'Le serveur n’a pas pu lire un message de cette application.',
      'invalid-message': 'Le serveur a refusé un message de cette application.',
      'unknown-type': 'Le serveur n’a pas compris un message de cette application.',
      'message-too-large': 'Un message était trop volumineux pour le serveur.',
      'frame-too-large': 'Une trame audio était trop volumineuse pour le serveur.',
      'invalid-audio-frame': 'Le serveur a refusé une trame audio.',
      'rate-limited': 'Trop de messages ont été envoyés à la fois. Certains ont été ignorés.',
      'not-connected': 'Le serveur n’a pas encore accepté cette connexion.',
      'already-connected': 'Cette connexion a déjà rejoint le salon.',
      'recording-not-started': 'Du son est arrivé avant le début de l’enregistrement.',
      'room-ended': 'Cette conversation est terminée.',
      'room-not-found': 'Cette conversation n’existe pas.',
      forbidden: 'Vous n’êtes pas autorisé à faire cela dans cette conversation.',
      'speech-unavailable':
        'La reconnaissance vocale n’est pas disponible pour le moment : aucun sous-titre ne peut être produit.',
      internal: 'Le serveur a rencontré un problème. Veuillez réessayer.',
    },
  },
};

export default fr;
