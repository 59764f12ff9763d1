/** Messages français de la page de transcription après une conversation (recap.en.ts). */
import type { Messages } from './types';
import type recapEn from './recap.en';

const recapFr: Messages<typeof recapEn> = {
  recap: {
    heading: 'Résumé',
    loading: 'Préparation du résumé…',
    failed: 'Le résumé n’a pas pu être fait : {{message}}',
    empty: 'Trop peu a été dit pour un résumé.',
    methodExtractive:
      'Fait sur ce serveur à partir des phrases mêmes de la conversation (phrases clés et mots-clés choisis selon leur place centrale) ; aucun service extérieur ne l’a lue.',
    methodModel: 'Écrit par le modèle de langue {{model}} à partir de la transcription ; il peut se tromper.',
    fallback: 'Le modèle de langue n’a pas été utilisé ({{reason}}).',
    keywords: 'Mots-clés',
    points: 'Points clés',
    goToLine: 'Aller à cette ligne de la transcription',
  },
  quality: {
    heading: 'Qualité des sous-titres',
    loading: 'Mesure des sous-titres…',
    failed: 'Le rapport de qualité n’a pas pu être fait : {{message}}',
    recognisedWords: 'Mots reconnus',
    correctedWords: 'Mots corrigés par des personnes',
    correctionsUnavailable:
      '0 (les corrections ne sont pas encore disponibles : aucun taux d’erreur ne peut être donné)',
    noCorrections:
      'Aucune correction : personne n’a corrigé ces sous-titres, il n’y a donc rien à quoi les comparer',
    wordErrorRate: 'Taux d’erreur de mots par rapport aux corrections',
    delay: 'Délai des sous-titres (médiane, 95e centile)',
    delayValue: '{{median}} s, {{p95}} s sur {{lines}} lignes',
    delayNote:
      'De la fin du dernier mot prononcé de chaque ligne à l’envoi de la ligne finale par le serveur.',
    noDelay: 'Non mesuré (aucune ligne parlée avec ses temps)',
    engines: 'Produits par',
    engineValue: '{{engine}} (niveau {{tier}}) : {{words}} mots',
    tiers: { basic: 'de base', premium: 'premium' },
    noEngine: 'Aucune parole reconnue',
  },
  stats: {
    heading: 'Statistiques des mots',
    caption: 'Mots, temps de parole et débit par personne',
    speaker: 'Personne',
    words: 'Mots',
    speakingTime: 'Temps de parole',
    rate: 'Mots par minute',
    total: 'Tout le monde',
    noRate: '—',
    noRateLabel: 'aucun temps de parole',
    typedNote: 'Les réponses écrites comptent comme mots, pas comme temps de parole.',
    yoursCaption: 'Mots écrits et mots captés de la parole, les vôtres et ceux de tout le monde',
    who: 'Qui',
    you: 'Vous',
    group: 'Tout le monde',
    typed: 'Écrits',
    captured: 'Captés',
  },
  share: {
    heading: 'Lien en lecture seule',
    explain:
      'Toute personne ayant ce lien peut lire cette transcription et la télécharger, sans rejoindre ni se connecter. Rien d’autre de la conversation n’est montré.',
    share: 'Partager un lien en lecture seule',
    stop: 'Arrêter le partage',
    linkLabel: 'Lien en lecture seule vers cette transcription',
    copy: 'Copier le lien',
    copied: 'Lien copié.',
    shared: 'Le lien en lecture seule est partagé.',
    stopped: 'Le lien n’ouvre plus cette transcription.',
    failed: 'Le lien n’a pas pu être changé : {{message}}',
    loading: 'Vérification du lien…',
  },
  shared: {
    title: 'Transcription partagée',
    heading: 'Transcription partagée',
    loading: 'Ouverture de la transcription…',
    failed: 'Cette transcription ne peut pas être ouverte : {{message}}',
    noToken: 'Ce lien n’a pas de jeton.',
    readOnly: 'Lecture seule : partagée par {{host}}.',
    download: 'Télécharger',
  },
};

export default recapFr;
