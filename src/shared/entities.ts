/**
 * Entities of the specification (conversation.md section 3), with the fields this build uses.
 * Field names are the spec's own so every rule can be traced.
 */
import type { CHUNK_LENGTH_MS, SAMPLE_RATE_HZ } from './constants';
import type { RestrictedSession } from './session-limits';
import type { SpeakerTheme } from './speakers';
import type { RoomScribe } from './scribe/model';
import type { TwilioCall } from './phone-calls';
import type { Cursor, Mutation } from './transcript-edit/mutation';
import type { HighlightRange } from './transcript-edit/text-ops';
import { type Infer, literal, number, object, string } from './schema';

export type RoomStateValue = 'ongoing' | 'ended';
export type ConversationMode = 'public' | 'public-muted';
export type ConnectionRole = 'participant' | 'scribe';

export interface HostInfo {
  avaId: string;
  avaName: string;
  flags?: Record<string, boolean>;
}

export interface Speaker {
  avaId: string;
  avaName: string;
  userName: string;
  /**
   * A speaker with no device of their own, named in the room (shared/speakers.ts): someone
   * sharing another person's microphone. Anyone who writes in the room may rename one.
   */
  voicing?: boolean;
  /** Told apart in one stream by speaker identification ("Speaker 1"); the spec's flag. */
  isSoloDiaSpeaker?: boolean;
  /** The account's picture (the identity provider's photo); absent for guests and named speakers. */
  userAvatar?: string;
  /** The speaker's colour in captions (shared/speakers.ts SPEAKER_THEMES), the same on every screen. */
  theme?: SpeakerTheme;
  /**
   * For the viewer of the status: a speaker with no device whose lines came from the viewer's own
   * microphone (a voice speaker identification told apart, or a name given to some of its lines),
   * who may well be the viewer: the one they can claim (assign-voicing-speaker-myself).
   */
  possiblyMyself?: boolean;
  /** For the viewer of the status: this speaker is the viewer. */
  myself?: boolean;
}

export interface Participant {
  avaId: string;
  isTyping: boolean;
  /**
   * The name the room knows them by, the one their captions carry ("Guest 4321"); and `scribe`
   * for the room's Scribe. (Additions to the spec's participant: one name everywhere,
   * shared/display-name.ts.)
   */
  userName?: string;
  role?: ConnectionRole;
}

export interface AudioStream {
  avaId: string;
  trackId: string;
  usePaidASR: boolean;
  /** Its WebRTC microphone track is muted (`webrtc-track-mute`): it carries silence for now. */
  muted?: boolean;
}

export interface RoomLinks {
  /** Read-only link: `?token=...&endpoint=...`. */
  ro: string;
  /** Read-write link: absent for read-only members, who must never see it. */
  rw?: string;
}

/** Conversation status (room status). */
export interface ConversationStatus {
  id: string;
  /**
   * The room's short public name, the one people type to join. Absent once the room has ended
   * (names are released) and for read-only members (a name joins read-write).
   */
  name?: string;
  host: HostInfo;
  conversationMode: ConversationMode;
  /**
   * The spec's transcriptOwners: who keeps the transcript, the host first, then the people the
   * host named (`update-transcript-owner`); they may read it back whatever the sharing settings.
   */
  transcriptOwners?: string[];
  title: string;
  langs: string[];
  links: RoomLinks;
  startTimestampMs: number;
  past: boolean;
  reason?: string;
  state: { value: RoomStateValue };
  speakers: Speaker[];
  participants: Participant[];
  audioStreams: AudioStream[];
  /** People who are not yet members wait until the host lets them in. */
  admissionRequired?: boolean;
  /**
   * Auto-translate (conversation.md): the host's and the guest's languages, and whose turn it
   * is to speak; every caption is translated into the other one. Absent until a guest language
   * is chosen.
   */
  autoTranslation?: AutoTranslation;
  /**
   * The host turned members' corrections off ('Edition has been disabled by the host'); the host
   * and Scribes still correct. (An addition to the spec's status, which names the rule only.)
   */
  editingDisabled?: boolean;
  /** The host's sharing settings (forbid sharing hides the links and name from everyone else). */
  confidential?: { allowTranscriptsSaving: boolean; forbidSharing: boolean };
  /**
   * The restricted session (shared/session-limits.ts): when the conversation ends at its tier's
   * limit, and whether the host may prolong it. Absent before the host first connects and once
   * the room has ended. (A Hearken addition: the spec shows the countdown, not its field.)
   */
  restrictedSession?: RestrictedSession;
  /** The room's Scribe request, while one waits or is served (shared/scribe/model.ts). */
  scribe?: RoomScribe;
  /**
   * The room's phone calls (dial-in to a conference, shared/phone-calls.ts), the one on and
   * those that ended while the room is live; absent when there never was one. The number called
   * is only in the host's status.
   */
  twilioCalls?: TwilioCall[];
  /**
   * Recognition in the room (the spec's asr.googleCloud): true while Premium recognition, the
   * paid tier that stands where the spec's cloud recogniser stood, serves one of its streams.
   */
  asr?: RoomAsr;
  /** Translation in the room: whether this server translates, and the languages captions are translated into now. */
  translation?: RoomTranslationStatus;
  /** Vocabulary boost in the room: the people whose recognition favours their boost words now. */
  boost?: RoomBoost;
}

export interface RoomAsr {
  googleCloud: boolean;
}

export interface RoomTranslationStatus {
  /** This server has a translation engine with at least one language pair. */
  available: boolean;
  /** Reading languages (primary subtags) the room's captions are translated into now. */
  langs: string[];
}

export interface RoomBoost {
  /** avaIds of the people recording now with a non-empty boost list applied. */
  avaIds: string[];
}

export interface AutoTranslation {
  hostLanguage: string;
  guestLanguage: string;
  active: 'host' | 'guest';
}

export interface WordTiming {
  /** The word as recognised. */
  w: string;
  /** Start and end, in milliseconds from the start of the speaker's audio stream. */
  startMs: number;
  endMs: number;
}

/** Transcript (live). Partials and the final of one utterance share the id: captions update in place. */
export interface Transcript {
  id: string;
  isFinal: boolean;
  /** avaId of the speaker. */
  author: string;
  /** Display name of the speaker at the time of speech. */
  authorShow: string;
  origin: 'asr' | 'human';
  speechLang: string;
  /**
   * The text by language: the original under `speechLang`, and a translation under each reading
   * language (a primary subtag, `es`) someone in the room reads in (translation.md).
   */
  texts: Record<string, string>;
  /**
   * Per language of `texts`, how many characters of the original its text was made from: the
   * original's own length under `speechLang`; a translation whose index is less is of an earlier
   * partial, still catching up.
   */
  indexes?: Record<string, number>;
  /** Languages whose translation of this caption failed, with why. (An addition to the spec.) */
  translationErrors?: Record<string, string>;
  asr?: {
    final: boolean;
    /** Absent means typed by a human. */
    timeReceivedMs: number;
    engine: string;
    /** End of the audio this result was computed from, in ms from the start of the stream. */
    endMs?: number;
    words?: WordTiming[];
  };
  /**
   * Of a line still being spoken (a partial of the recogniser): how many of the first words of
   * the original text (`texts[speechLang]`, words split at spaces) are firm, never to be changed
   * by the recogniser again; the words after them are a tentative tail that may still change.
   * Absent on a final and a typed line: every word is firm. (An addition to the spec, issue 25;
   * shared/firm-words.ts cuts the text, server/rooms/local-agreement.ts decides.)
   */
  firmWords?: number;
  usePaidASR: boolean;
  /** Position of the transcript in the room, in order of first appearance. */
  index: number;
  /** Wall-clock time the utterance started (ms since epoch, server clock). */
  timestampMs: number;
  /** Offset of the utterance's start within the speaker's audio stream (ms). */
  t0: number;
  trackName: string;
  /**
   * Whose microphone or keyboard produced the line, when it is now shown as another speaker's
   * (assign-bloc-different-speaker). That person may still change its speaker; absent when the
   * line is the author's own. (An addition to the spec's Transcript.)
   */
  sourceAuthor?: string;
  /**
   * Not speech: a mark that the speaker's captions stopped from `fromMs` to `toMs` (server clock)
   * because their connection was lost, so every reader sees that something was said and lost.
   * Its texts are empty. (An addition to the spec's Transcript.)
   */
  gap?: TranscriptGap;
  /**
   * Captioned late: the line was decoded from audio the speaker's device held while its
   * connection was down and sent once it was back (docs/transcripts.md "Held audio"). Its
   * `timestampMs` is still when it was said, and its `index` puts it at that place among the
   * lines around it (it may share its index with the line said next, which it sorts before by
   * time). Readers show it with a quiet "captioned late" mark. Absent on lines captioned live.
   * (An addition to the spec's Transcript.)
   */
  late?: boolean;
  /**
   * The line's version: every change of its text (the recogniser's or a person's) makes the next
   * one, on the server only (docs/editing.md). A mutation names the version it was made against.
   */
  version?: number;
  /** Runs of the original text that people typed (code points): shown as corrected to everyone. */
  highlighted?: HighlightRange[];
  /** The latest people's mutations applied to the line, as applied (a reconnecting editor finds its own). */
  mutations?: Mutation[];
  /** Where each editor's cursor is on the line (the spec's cursors: index, mutatorHash). */
  cursors?: Cursor[];
  /**
   * What the recogniser said, when people corrected it (the text is theirs): caption quality
   * compares the two. Absent on a line nobody corrected.
   */
  asrText?: string;
}

export interface TranscriptGap {
  fromMs: number;
  toMs: number;
  reason: 'connection-lost';
}

/** Recording start metadata (conversation.md section 3). */
export interface RecordingStartMetadata {
  lang: string;
  pFilter?: number;
  mic?: 'BT' | 'BUILTIN';
  /** `pcm_s16le`: binary socket frames; `webrtc`: the WebRTC transport. */
  format: 'pcm_s16le' | 'webrtc';
  sampleRateHz: typeof SAMPLE_RATE_HZ;
  recordingMode: 'web' | 'desktop' | 'cli';
  chunkLengthMs: typeof CHUNK_LENGTH_MS;
  /** Client time at which capture started (ms since epoch). */
  recordingStart: number;
  translation?: { target?: string };
  /**
   * This recording resumes one cut off by a lost connection, at this time (ms since epoch,
   * server clock as the client estimates it): the room marks the gap. On the socket start that
   * takes over from a failed WebRTC connection of the same recording, it is where the audio the
   * client held (sent next) begins: the room marks from the last audio it received to there.
   * (An addition to the spec.)
   */
  resumedFromMs?: number;
  /**
   * Which microphone capture the audio of this recording comes from, and where in it: the
   * client keeps one capture running through dropped connections, counts its samples, and says
   * at each start where the frames that follow begin (`offsetSamples`) and when that sample was
   * captured (`atMs`, server clock as the client estimates it). The room keeps, per speaker and
   * capture, how far it has heard, so audio sent twice (held audio that partly arrived before the
   * drop) is decoded once. (An addition to the spec.)
   */
  capture?: RecordingCapture;
  /**
   * The frames that follow are held audio: what the microphone captured while the connection was
   * down, sent faster than real time before the live audio. The room decodes them as a catch-up
   * stream of their own and stores its lines as captioned late (Transcript.late). Needs
   * `capture`; the next `audio` start (live) or stop ends the held audio. (An addition to the spec.)
   */
  late?: boolean;
  /**
   * What the stream hears: the microphone (the person speaking) or the computer's sound, its own
   * stream shown under `label` (rooms/speakers.ts). (An addition to the spec.)
   */
  source?: { kind: 'microphone' | 'computer-audio'; label?: string };
}

/** Where a recording's audio sits in the microphone capture it comes from (RecordingStartMetadata.capture). */
export interface RecordingCapture {
  /** One per microphone capture (random, chosen by the client); it outlives reconnections. */
  id: string;
  /** Samples of the capture before the first frame of this recording. */
  offsetSamples: number;
  /** When that first sample was captured (ms since epoch, server clock as the client estimates it). */
  atMs: number;
}

export interface AudioDevice {
  id: string;
  label: string;
  name: string;
  default: boolean;
  isInternal: boolean;
  isBluetooth: boolean;
}

const guestUserShape = {
  avaId: string(),
  avaName: string(),
  userName: string(),
  accountType: literal('Temporary'),
  createdAtMs: number(),
};

/** A guest user: someone who joins without an account (GET guest-users/{avaId} answers it). */
export const guestUserSchema = object(guestUserShape);
export type GuestUser = Infer<typeof guestUserSchema>;

/**
 * What creating a guest returns: the guest and its secret credential, which the client keeps
 * beside the avaId and presents on every call (an avaId alone proves nothing). Only ever sent
 * to the guest it belongs to.
 */
export const guestUserWithCredentialSchema = object({ ...guestUserShape, credential: string() });
export type GuestUserWithCredential = Infer<typeof guestUserWithCredentialSchema>;
