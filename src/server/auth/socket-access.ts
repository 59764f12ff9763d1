/**
 * The socket half of the authorisation table (access.ts): one row per action, and the actions
 * each message asks for (a new message type does not compile without them).
 */
import type { ClientMessage, ClientMessageOf, ClientMessageType } from '../../shared/protocol';
import { closeEndsRoom } from '../../shared/end-sequence';
import { type AccessRow, EVERYONE_IN_ROOM, SPEAKERS, principals, room, roomOwn } from './access-rows';

/**
 * Socket actions: a message type, or a message type and the field that makes it a different
 * power (ending a room is not the same as muting one's own audio download).
 */
export const SOCKET_ACCESS = {
  'connection-params': principals(
    { guest: 'yes', account: 'yes' },
    'Proves who connects (guest credential or identity token). Joins an ongoing room with a link or name token, or rejoins as a member; creates a room only for its host.',
  ),
  ping: room(
    ['outsider', 'guest', 'account', ...EVERYONE_IN_ROOM],
    'Keep-alive, allowed before connection-params too.',
  ),
  'connection-params-update': room(
    EVERYONE_IN_ROOM,
    'Fields about oneself (downAudio, audio, saveTranscript).',
  ),
  'connection-params-update.usePaidASR': room(
    SPEAKERS,
    'Asks for Premium (or Basic) for one’s next recording; the server serves Premium only to those entitled (plan or credit), else Basic with not-entitled (docs/credits.md).',
  ),
  'connection-params-update.conversationMode': room(['host'], 'Only the host changes the mode.'),
  'connection-params-update.state': room(['host'], 'Only the host ends the room.'),
  'connection-params-update.requireAdmission': room(
    ['host'],
    'Only the host decides whether newcomers wait to be let in.',
  ),
  'connection-params-update.editingDisabled': room(
    ['host'],
    'Only the host turns members’ corrections of the transcript off and on.',
  ),
  'connection-request-answer': room(['host'], 'Only the host lets people in or refuses them.'),
  'connection-params-update.saveTranscript': room(
    ['host'],
    'Only the host decides whether others may read the transcript back after the conversation.',
  ),
  'update-title': room(['host'], 'Only the host renames the room.'),
  'update-transcript-owner': room(
    ['host'],
    'Only the host names who keeps the transcript (the status’s transcriptOwners): an owner may read it back after the conversation whatever the sharing settings say for others.',
  ),
  'audio.start': room(SPEAKERS, 'Read-only members, Scribes and ended rooms cannot send audio.'),
  'audio.stop': room(EVERYONE_IN_ROOM, 'Stops one’s own recording, if any.'),
  'audio-frame': room(
    SPEAKERS,
    'Binary audio frames, after audio.start. Frames that arrive after the room ended are dropped without a word (they were on their way).',
  ),
  webrtc: room(
    SPEAKERS,
    'WebRTC audio: the answer to the server’s offer and ICE candidates, for one’s own recording started with format webrtc; audio through it is refused as audio frames are.',
  ),
  'webrtc-track-metadata': room(SPEAKERS, 'Names the track of one’s own WebRTC recording.'),
  'reset-recorder': room(SPEAKERS, 'Flushes one’s own recording.'),
  'webrtc-track-mute': room(
    SPEAKERS,
    'Says one’s own WebRTC microphone track is muted or unmuted (the spec’s track mute state); the room shows the stream muted.',
  ),
  'change-speaker-language': roomOwn(
    ['host'],
    ['rw-member'],
    'A speaker’s recognition language: the host anyone’s, a member only their own (targetAvaId theirs). A language no installed engine recognises is refused (speech-unavailable).',
  ),
  mbackend: room(
    ['host', 'rw-member', 'ro-member', 'scribe'],
    'A note for the server’s log (the spec’s mbackend), with the room and the sender; never shown to anyone. Limited per connection.',
  ),
  'signal-i-am-typing': room(['host', 'rw-member', 'scribe'], 'At most one broadcast per member per second.'),
  'typed-message': room(
    ['host', 'rw-member', 'scribe'],
    'A typed reply joins the transcript as the sender’s own line; read-only members only read. Limited per connection.',
  ),
  'assign-voicing-speaker-name': room(
    ['host', 'rw-member', 'scribe'],
    'Names (the first time, creates) or renames a speaker who has no device of their own; people’s own names are theirs (the id cannot be a person’s).',
  ),
  'assign-voicing-speaker-myself': room(
    SPEAKERS,
    'Says a voicing speaker was oneself: its lines become one’s own (a speaker already claimed is refused).',
  ),
  'assign-bloc-different-speaker': roomOwn(
    ['host'],
    ['rw-member'],
    'Changes the speaker of a line: the host any line; a member only a line their own microphone or keyboard made (whoever it is shown as now).',
  ),
  'request-text-to-speech': room(
    ['host', 'rw-member', 'scribe'],
    'A voiced reply: a typed reply (the sender’s own line) also read aloud, to its sender and to the members who asked to hear voiced replies (downAudio). Limited per connection.',
  ),
  'set-reading-language': room(
    ['host', 'rw-member', 'ro-member', 'scribe'],
    'The language one reads captions in: oneself only; read-only members too, since reading is what they do.',
  ),
  'set-curse-filter': room(
    EVERYONE_IN_ROOM,
    'The curse filter of the captions one receives: oneself only, never the stored original; read-only members too, since reading is what they do.',
  ),
  'auto-translate-toggle': room(['host'], 'Only the host switches whose turn it is to speak.'),
  'auto-translate-set-guest-language': room(
    ['host', 'rw-member'],
    'The host, or the guest speaking with them, says which language the guest speaks; read-only members and Scribes do not.',
  ),
  'force-mute': room(
    ['host'],
    'Stops another participant’s microphone (the spec’s force-mute); they are told why and may start again.',
  ),
  'prolong-restricted-session': room(
    ['host'],
    'Adds a period to the conversation’s time limit: the host only; the room then answers not-entitled to a host whose plan does not give Premium (shared/session-limits.ts).',
  ),
  'request-ava-bot': room(
    ['host'],
    'Only the host sends a bot into an online meeting (one at a time); the link must be a Zoom, Meet or Teams meeting’s.',
  ),
  'end-ava-bot': room(['host'], 'Only the host takes the bot out of the meeting.'),
  'update-ava-bot-speech-lang': room(['host'], 'Only the host changes the meeting bot’s settings.'),
  'ava-bot-text-to-speech': room(
    ['host', 'rw-member'],
    'A typed reply the bot speaks into the meeting: people who may speak in the room; read-only members and Scribes do not.',
  ),
  close: room(EVERYONE_IN_ROOM, 'Closes one’s own connection.'),
  'close.ending': room(
    ['host'],
    'A close whose reason ends the room (app_terminated, max_convo_time_reached): the host only, whose room then ends for everyone; the other reasons only say why one person leaves.',
  ),
  'transcript-edit': room(
    ['host', 'rw-member', 'scribe'],
    'Corrects a line (insert, delete, cursor, changeSpeaker, updateField; docs/editing.md). Read-only members only read; nobody edits an ended conversation.',
  ),
  'transcript-edit.restricted': room(
    ['host'],
    'While the room is public-muted or the host turned editing off, only the host corrects: the switch holds for everyone else, Scribes included (“Edition has been disabled by the host”).',
  ),
  'transcript-edit.changeSpeaker': roomOwn(
    ['host', 'scribe'],
    ['rw-member'],
    'Changes a line’s speaker by a mutation: the host and Scribes any line, a member only a line their own microphone or keyboard made.',
  ),
  'transcripts-since': room(EVERYONE_IN_ROOM, 'Finals missed after a gap or a reconnection.'),
  'transcripts-before': room(EVERYONE_IN_ROOM, 'Older finals, when scrolling back.'),
  'request-scribe': room(
    ['host'],
    'The host asks for a Scribe (fast or accurate); one request at a time per room. A Scribe request cannot target oneself. Organisations only: an active organisation licence and Scribe credit (docs/credits.md).',
  ),
  'cancel-scribe': room(['host'], 'The host withdraws a waiting request or sends the serving Scribe away.'),
  'update-scribe-correction-mode': room(
    ['host', 'scribe'],
    'Fast or accurate for the request being served: its host or its Scribe.',
  ),
  'scribe-chat': room(
    ['host', 'scribe'],
    'The chat between the Scribe and the host who asked: only while a request waits or is served.',
  ),
  'access-boost-words': room(
    ['host', 'rw-member', 'ro-member', 'ended-member'],
    'One’s own boost list only (list, add, remove); added words must be in this conversation’s transcript. Scribes correct others’ conversations: their list is not theirs to grow there.',
  ),
  boost: room(
    SPEAKERS,
    'Whether one’s own recognition uses one’s boost list, from one’s next utterance; only people who may speak.',
  ),
  'user-query': room(
    ['host'],
    'The host looks up whom to invite, by name start or exact email: only accounts that allow being found, names and avatar only (never an email). Limited per identity and per address, as room-name look-ups are.',
  ),
  'connection-request': room(
    ['host'],
    'The host invites one findable account to this conversation; the invitee is asked wherever they have a conversation open, and accepting makes them a read-write member. A few waiting at once per host.',
  ),
  'connection-invitation-answer': room(
    EVERYONE_IN_ROOM,
    'Accepts or declines an invitation addressed to oneself, from whatever conversation one has open; an id that is not one’s own is answered as unknown.',
  ),
} as const satisfies Record<string, AccessRow>;

export type SocketAction = keyof typeof SOCKET_ACCESS;

/** What of the room itself changes the actions a message asks for. */
export interface ActionContext {
  /** Members' corrections are off (public-muted, or the host turned them off). */
  editingRestricted: boolean;
}

/**
 * The actions one message asks for. Every message type is listed (the compiler checks), so a
 * new message cannot be handled before it has a row.
 */
const ACTIONS_OF: {
  [K in ClientMessageType]: (message: ClientMessageOf<K>, context: ActionContext) => SocketAction[];
} = {
  'connection-params': () => ['connection-params'],
  'connection-params-update': (m) => [
    'connection-params-update',
    ...(m.usePaidASR !== undefined ? (['connection-params-update.usePaidASR'] as const) : []),
    ...(m.conversationMode !== undefined ? (['connection-params-update.conversationMode'] as const) : []),
    ...(m.state !== undefined ? (['connection-params-update.state'] as const) : []),
    ...(m.saveTranscript !== undefined ? (['connection-params-update.saveTranscript'] as const) : []),
    ...(m.requireAdmission !== undefined ? (['connection-params-update.requireAdmission'] as const) : []),
    ...(m.editingDisabled !== undefined ? (['connection-params-update.editingDisabled'] as const) : []),
  ],
  'update-title': () => ['update-title'],
  'update-transcript-owner': () => ['update-transcript-owner'],
  'connection-request-answer': () => ['connection-request-answer'],
  audio: (m) => [m.action === 'start' ? 'audio.start' : 'audio.stop'],
  webrtc: () => ['webrtc'],
  'webrtc-track-metadata': () => ['webrtc-track-metadata'],
  'reset-recorder': () => ['reset-recorder'],
  'webrtc-track-mute': () => ['webrtc-track-mute'],
  'change-speaker-language': () => ['change-speaker-language'],
  mbackend: () => ['mbackend'],
  'signal-i-am-typing': () => ['signal-i-am-typing'],
  'typed-message': () => ['typed-message'],
  'assign-voicing-speaker-name': () => ['assign-voicing-speaker-name'],
  'assign-voicing-speaker-myself': () => ['assign-voicing-speaker-myself'],
  'assign-bloc-different-speaker': () => ['assign-bloc-different-speaker'],
  'request-text-to-speech': () => ['request-text-to-speech'],
  'set-reading-language': () => ['set-reading-language'],
  'set-curse-filter': () => ['set-curse-filter'],
  'auto-translate-toggle': () => ['auto-translate-toggle'],
  'auto-translate-set-guest-language': () => ['auto-translate-set-guest-language'],
  'force-mute': () => ['force-mute'],
  'prolong-restricted-session': () => ['prolong-restricted-session'],
  'request-ava-bot': () => ['request-ava-bot'],
  'end-ava-bot': () => ['end-ava-bot'],
  'update-ava-bot-speech-lang': () => ['update-ava-bot-speech-lang'],
  'ava-bot-text-to-speech': () => ['ava-bot-text-to-speech'],
  close: (m) => ['close', ...(closeEndsRoom(m.reason) ? (['close.ending'] as const) : [])],
  ping: () => ['ping'],
  'transcript-edit': (m, context) => [
    'transcript-edit',
    ...(context.editingRestricted ? (['transcript-edit.restricted'] as const) : []),
    ...(m.mutation?.type === 'changeSpeaker' ? (['transcript-edit.changeSpeaker'] as const) : []),
  ],
  'transcripts-since': () => ['transcripts-since'],
  'transcripts-before': () => ['transcripts-before'],
  'request-scribe': () => ['request-scribe'],
  'cancel-scribe': () => ['cancel-scribe'],
  'update-scribe-correction-mode': () => ['update-scribe-correction-mode'],
  'scribe-chat': () => ['scribe-chat'],
  'access-boost-words': () => ['access-boost-words'],
  boost: () => ['boost'],
  'user-query': () => ['user-query'],
  'connection-request': () => ['connection-request'],
  'connection-invitation-answer': () => ['connection-invitation-answer'],
};

export function socketActionsOf(
  message: ClientMessage,
  context: ActionContext = { editingRestricted: false },
): SocketAction[] {
  return (ACTIONS_OF[message.type] as (m: ClientMessage, c: ActionContext) => SocketAction[])(
    message,
    context,
  );
}
