/**
 * English messages of invite by user query (docs/socket.md): the host's "Invite someone" search
 * and the invitee's notice. Under `invitePeople.` in en.ts; the join errors are `errors.join.`.
 */
import { JOIN_ERRORS } from '../../shared/errors';

const invitePeopleEn = {
  heading: 'Invite someone',
  field: 'Name or email',
  help: 'Type the start of their name (3 letters at least) or their exact email. Only people who allow it can be found.',
  search: 'Search',
  searching: 'Searching…',
  results: 'People found',
  noResults: 'Nobody found. Check the spelling, or ask them to allow being found in their settings.',
  resultCount_one: '{{count}} person found',
  resultCount_other: '{{count}} people found',
  invite: 'Invite {{name}}',
  problem: {
    tooShort: 'Type at least 3 letters of the name.',
    notEmail: 'This is not an email address.',
    failed: 'The search did not work. Please try again.',
  },
  sent: {
    requested: 'Asked {{name}} to join. Waiting for their answer…',
    accepted: '{{name}} accepted: they are joining.',
    mailed: '{{name}} is not in Hearken right now: we emailed them the link to this conversation.',
  },
  incoming: {
    heading: 'Invitation',
    asks: '{{name}} invites you to join “{{title}}”.',
    asksUntitled: '{{name}} invites you to join their conversation.',
    join: 'Join {{name}}’s conversation',
    decline: 'Decline',
  },
  findable: {
    heading: 'Privacy',
    label: 'Let hosts find me to invite me',
    help: 'Hosts can then find you by the start of your name or your exact email. They see your name and picture, never your email.',
  },
} as const;

/** The spec's join and request errors (shared/errors.ts JOIN_ERRORS), under `errors.join.`. */
export const joinErrorsEn = {
  invalidMediaDevice: 'The selected microphone is not valid. Choose another one.',
  microphonePermissionDenied: 'Hearken is not allowed to use the microphone.',
  accessDenied: 'Access denied. You have too many invitations waiting: wait for an answer.',
  microphoneMissing: 'No microphone was found.',
  rejectedByUser: 'They declined.',
  // The spec's own words (conversation.md section 8), from the catalogue.
  self: JOIN_ERRORS.self,
  shareAudioNeeded: 'Share your computer’s audio to continue.',
  timeout: JOIN_ERRORS.timeout,
  unknownUser: JOIN_ERRORS.unknownUser,
  unknown: 'Something went wrong. Please try again.',
} as const;

export default invitePeopleEn;
