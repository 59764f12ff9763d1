/** Messages français du panneau de connexion aux réunions en ligne (meeting-bot.en.ts). */
import type { Messages } from './types';
import type meetingBotEn from './meeting-bot.en';

const meetingBotFr: Messages<typeof meetingBotEn> = {
  title: 'Se connecter aux réunions en ligne',
  noProvider:
    'Ce serveur n’a pas de fournisseur de robots de réunion : aucun robot ne peut rejoindre une réunion d’ici.',
  noProviderOperator:
    'La personne qui gère ce serveur peut définir {{variables}} (ou activer le robot auto-hébergé) puis le redémarrer.',
  linkLabel: 'Lien de la réunion',
  linkHelp: 'Un lien Zoom, Google Meet ou Microsoft Teams. Un robot rejoint la réunion et la sous-titre ici.',
  connect: 'Connecter le robot',
  retry: 'Réessayer',
  disconnect: 'Déconnecter le robot',
  failed: 'Impossible de se connecter à la réunion.',
  invalidLink: 'Ce n’est pas un lien de réunion Zoom, Google Meet ou Microsoft Teams.',
  connectionFailed: 'La connexion à la réunion a échoué. Réessayer ?',
  onlyHost: 'Seul l’hôte peut faire des modifications.',
  notAvailable: 'Les robots de réunion ne sont pas disponibles sur ce serveur.',
  speakLabel: 'Dire dans la réunion',
  speakHelp: 'Tapez une réponse ; le bot la dit à voix haute dans la réunion.',
  speak: 'Dire',
  spoken: 'Envoyé à la réunion.',
  statuses: {
    NOT_CONNECTED: 'Non connecté',
    LOADING: 'Connexion du robot à la réunion…',
    WAITING_FOR_HOST: 'En attente que l’hôte de la réunion fasse entrer le robot',
    CONNECTING_TO_AUDIO: 'Connexion à l’audio de la réunion…',
    CONNECTED: 'Connecté à la réunion',
    CAPTIONING: 'Sous-titrage de la réunion',
    ERROR: 'Le robot n’a pas pu sous-titrer la réunion',
    DISCONNECT: 'Le robot a quitté la réunion',
  },
  errors: {
    ava_bot_requested_already:
      'Un robot a déjà rejoint cette réunion. Ses sous-titres sont dans la transcription.',
    bot_errored: 'Le robot a rencontré un problème et a quitté la réunion.',
    bot_kicked_from_call: 'Le robot a été retiré de la réunion.',
    bot_kicked_from_waiting_room: 'Le robot a été retiré de la salle d’attente.',
    bot_received_leave_call: 'Le robot a quitté la réunion.',
    call_ended_by_host: 'L’hôte a mis fin à la réunion.',
    call_ended_by_platform_idle: 'La plateforme a mis fin à la réunion, inactive.',
    call_ended_by_platform_max_length: 'La plateforme a mis fin à la réunion : durée maximale atteinte.',
    call_ended_by_platform_waiting_room_timeout:
      'La plateforme a mis fin à l’attente du robot : personne ne l’a fait entrer à temps.',
    google_meet_sign_in_captcha_failed:
      'Le robot n’a pas pu se connecter à Google Meet : captcha non résolu.',
    google_meet_sign_in_failed: 'Le robot n’a pas pu se connecter à Google Meet.',
    google_meet_sign_in_missing_login_credentials:
      'Le robot n’a pas pu se connecter à Google Meet : identifiants manquants.',
    google_meet_sign_in_missing_recovery_credentials:
      'Le robot n’a pas pu se connecter à Google Meet : informations de récupération manquantes.',
    google_meet_sso_sign_in_failed:
      'Le robot n’a pas pu se connecter à Google Meet par authentification unique.',
    google_meet_sso_sign_in_missing_login_credentials:
      'Le robot n’a pas pu se connecter à Google Meet : identifiants d’authentification unique manquants.',
    google_meet_sso_sign_in_missing_totp_secret:
      'Le robot n’a pas pu se connecter à Google Meet : secret de code à usage unique manquant.',
    meeting_ended: 'Cette réunion est terminée.',
    meeting_full: 'Cette réunion est complète.',
    meeting_link_expired: 'Ce lien de réunion a expiré.',
    meeting_locked: 'Cette réunion est verrouillée.',
    meeting_not_found: 'Cette réunion est introuvable. Vérifiez le lien.',
    meeting_not_started: 'Cette réunion n’a pas encore commencé.',
    meeting_password_incorrect:
      'Le mot de passe de la réunion est incorrect. Utilisez le lien avec son mot de passe.',
    meeting_requires_sign_in: 'Seules les personnes connectées peuvent rejoindre cette réunion.',
    timeout_exceeded_everyone_left: 'Le robot est parti : tout le monde avait quitté la réunion.',
    timeout_exceeded_noone_joined: 'Le robot est parti : personne n’a rejoint la réunion.',
    timeout_exceeded_only_bots_detected_using_participant_events:
      'Le robot est parti : il n’y avait que des robots dans la réunion.',
    timeout_exceeded_waiting_room: 'Personne n’a fait entrer le robot de la salle d’attente à temps.',
    zoom_account_blocked: 'Zoom a bloqué le compte du robot.',
    zoom_captcha_required: 'Zoom a demandé au robot de résoudre un captcha.',
    zoom_email_blocked_by_admin: 'L’administrateur Zoom de la réunion bloque l’adresse du robot.',
    zoom_email_required: 'Cette réunion Zoom demande une adresse e-mail pour entrer.',
    zoom_internal_error: 'Zoom a eu une erreur interne. Réessayez.',
    zoom_invalid_signature: 'Zoom a refusé les identifiants du robot.',
    zoom_join_timeout: 'Le robot n’a pas pu rejoindre la réunion Zoom à temps.',
    zoom_local_recording_request_denied_by_host:
      'L’hôte n’a pas autorisé le robot à enregistrer l’audio de la réunion.',
    zoom_registration_required: 'Cette réunion Zoom demande une inscription préalable.',
    zoom_sdk_credentials_missing: 'Les identifiants Zoom du robot sont manquants.',
    zoom_sdk_update_required: 'Zoom demande au robot de se mettre à jour.',
    zoom_web_disallowed: 'Cette réunion Zoom ne permet pas de rejoindre depuis un navigateur.',
  },
};

export default meetingBotFr;
