/** French messages of the end of a conversation and after it, under `history.` in fr.ts. */
import { RATING_COMMENT_MAX_LENGTH } from '../../shared/rating';
import { SEARCH_MIN_LENGTH } from '../../shared/saved-transcripts';
import type { Messages } from './types';
import type historyEn from './history.en';

const historyFr: Messages<typeof historyEn> = {
  saveFailed: 'Cette conversation n’a pas pu être ajoutée à vos conversations.',
  confirmEnd: {
    title: 'Terminer la conversation pour tout le monde ?',
    body: 'Les sous-titres s’arrêtent pour toutes les personnes présentes. La transcription est conservée.',
    confirm: 'Terminer pour tous',
    cancel: 'Continuer',
  },
  hostEnded: 'L’hôte a terminé la conversation',
  page: {
    title: 'Vos conversations',
    heading: 'Vos conversations',
    link: 'Vos conversations enregistrées',
    searchLabel: 'Rechercher dans vos conversations',
    searchPlaceholder: 'Mots prononcés ou dans le titre',
    search: 'Rechercher',
    clearSearch: 'Tout afficher',
    searchTooShort: `Saisissez au moins ${SEARCH_MIN_LENGTH} caractères pour rechercher.`,
    empty: 'Aucune conversation enregistrée pour l’instant.',
    noResults: 'Aucune conversation ne contient ces mots.',
    loadFailed: 'Vos conversations n’ont pas pu être chargées.',
    more: 'Afficher des conversations plus anciennes',
    count_one: '{{count}} conversation affichée',
    count_other: '{{count}} conversations affichées',
    untitled: 'Conversation',
    open: 'Lire',
    openLabel: 'Lire la transcription de {{title}}',
    rename: 'Renommer',
    renameLabel: 'Renommer {{title}}',
    renameField: 'Nouveau titre pour {{title}}',
    renameSave: 'Enregistrer le titre',
    renamed: 'Renommée en {{title}}.',
    renameFailed: 'La conversation n’a pas pu être renommée.',
    titleEmpty: 'Un titre ne peut pas être vide.',
    delete: 'Supprimer',
    deleteLabel: 'Supprimer {{title}}',
    deleteTitle: 'Supprimer cette conversation ?',
    deleteBody: '« {{title}} » et sa transcription sont supprimées définitivement. C’est irréversible.',
    deleteConfirm: 'Supprimer définitivement',
    deleted: '{{title}} a été supprimée.',
    deleteFailed: 'La conversation n’a pas pu être supprimée.',
  },
  rating: {
    heading: 'Comment s’est passée cette conversation ?',
    stars: 'Note',
    star_one: '{{count}} étoile',
    star_other: '{{count}} étoiles',
    comment: 'Commentaire (facultatif)',
    commentHelp: `${RATING_COMMENT_MAX_LENGTH} caractères au plus.`,
    submit: 'Envoyer la note',
    skip: 'Passer',
    chooseStars: 'Choisissez d’abord de 1 à 5 étoiles.',
    thanks: 'Merci d’avoir noté cette conversation.',
    already: 'Vous avez déjà noté cette conversation.',
    failed: 'Votre note n’a pas pu être envoyée.',
  },
};

export default historyFr;
