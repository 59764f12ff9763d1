/**
 * English messages of the end of a conversation and after it (issue 13): the end's
 * confirmation, the saved transcripts history, the rating. Under `history.` in en.ts.
 */
import { RATING_COMMENT_MAX_LENGTH } from '../../shared/rating';
import { SEARCH_TOO_SHORT_MESSAGE } from '../../shared/saved-transcripts';

const historyEn = {
  saveFailed: 'This conversation could not be added to your conversations.',
  confirmEnd: {
    title: 'End the conversation for everyone?',
    body: 'Captions stop for everyone in this conversation. Its transcript is kept.',
    confirm: 'End for everyone',
    cancel: 'Keep talking',
  },
  hostEnded: 'The host ended the conversation',
  page: {
    title: 'Your conversations',
    heading: 'Your conversations',
    link: 'Your saved conversations',
    searchLabel: 'Search your conversations',
    searchPlaceholder: 'Words said or in the title',
    search: 'Search',
    clearSearch: 'Show all',
    searchTooShort: SEARCH_TOO_SHORT_MESSAGE,
    empty: 'No saved conversations yet.',
    noResults: 'No conversation has these words.',
    loadFailed: 'Your conversations could not be loaded.',
    more: 'Show older conversations',
    count_one: '{{count}} conversation shown',
    count_other: '{{count}} conversations shown',
    length: 'Length',
    people: 'Who spoke',
    otherPeople_one: '{{count}} other',
    otherPeople_other: '{{count}} others',
    firstWords: 'Began with',
    untitled: 'Conversation',
    open: 'Read',
    openLabel: 'Read the transcript of {{title}}',
    rename: 'Rename',
    renameLabel: 'Rename {{title}}',
    renameField: 'New title for {{title}}',
    renameSave: 'Save title',
    renamed: 'Renamed to {{title}}.',
    renameFailed: 'The conversation could not be renamed.',
    titleEmpty: 'A title cannot be empty.',
    delete: 'Delete',
    deleteLabel: 'Delete {{title}}',
    deleteTitle: 'Delete this conversation?',
    deleteBody: '“{{title}}” and its transcript are removed for good. This cannot be undone.',
    deleteConfirm: 'Delete for good',
    deleted: '{{title}} was deleted.',
    deleteFailed: 'The conversation could not be deleted.',
  },
  rating: {
    heading: 'How was this conversation?',
    stars: 'Rating',
    star_one: '{{count}} star',
    star_other: '{{count}} stars',
    comment: 'Comment (optional)',
    commentHelp: `At most ${RATING_COMMENT_MAX_LENGTH} characters.`,
    submit: 'Send rating',
    skip: 'Skip',
    chooseStars: 'Choose from 1 to 5 stars first.',
    thanks: 'Thank you for rating this conversation.',
    already: 'You have already rated this conversation.',
    failed: 'Your rating could not be sent.',
  },
};

export default historyEn;
