/**
 * Who said what in one room (issue 11): voicing speakers named in the room, a voicing speaker
 * claimed by the person it was, and one line given to another speaker. The room (room.ts) gives
 * this its stored lines, its speakers list and its way of storing then showing a changed line;
 * who may ask is decided before (auth/access.ts), here only what a request does.
 *
 * A changed line is saved again like a final: it takes the room's next seq, is stored, and only
 * then is it shown to everyone as a `transcript` (the same id, a new author), so readers that
 * follow seq, late joiners and the transcript after a restart all have the change.
 */
import type { Speaker, Transcript } from '../../shared/entities';
import type { SocketErrorCode } from '../../shared/protocol';
import { MAX_VOICING_SPEAKERS_PER_ROOM, checkSpeakerName } from '../../shared/speakers';
import type { StoredSpeaker } from './speakers-repository';
import type { StoredFinal } from '../transcripts';

/** What this needs of the room. */
export interface SpeakerRoom {
  /** The room's stored finals. */
  finals(): readonly StoredFinal[];
  /** The room's speakers list (the status's `speakers`), changed in place. */
  readonly speakers: Map<string, Speaker>;
  /** The name of a person in the room now, if they are. */
  memberName(avaId: string): string | undefined;
  /** Stores a changed line, then shows it; false when it could not even be queued. */
  resave(line: Transcript): boolean;
  /** Stores a voicing speaker (rejects if the database did not take it). */
  saveSpeaker(speaker: StoredSpeaker): Promise<void>;
  /** Tells everyone the speakers list changed. */
  announce(): void;
  now(): number;
}

export type SpeakerResult = { ok: true } | { ok: false; code: SocketErrorCode; message: string };

const refused = (code: SocketErrorCode, message: string): SpeakerResult => ({ ok: false, code, message });
const OK: SpeakerResult = { ok: true };
const BEHIND = 'the conversation’s storage is behind; try again in a moment';

export class RoomSpeakers {
  /** Every voicing speaker of the room, claimed ones included. */
  private readonly voicing = new Map<string, StoredSpeaker>();
  /**
   * Lines changed here and not yet stored: a second change made before the first is stored
   * starts from it (a rename right after giving a line to that speaker must reach that line).
   */
  private readonly queued = new Map<string, Transcript>();

  constructor(
    private readonly room: SpeakerRoom,
    stored: readonly StoredSpeaker[] = [],
  ) {
    for (const s of stored) {
      this.voicing.set(s.speakerId, s);
      if (s.claimedBy === null) room.speakers.set(s.speakerId, speakerOf(s));
      else room.speakers.delete(s.speakerId);
    }
  }

  /** Whose microphone or keyboard made a stored line (the person who may change its speaker). */
  sourceOf(lineId: string): string | undefined {
    const line = this.line(lineId);
    return line ? (line.sourceAuthor ?? line.author) : undefined;
  }

  /**
   * Names a voicing speaker, creating it the first time its id is named. A rename reaches every
   * line already given to it, so the transcript never shows a name the room has replaced.
   */
  /** `identified`: made by speaker identification (the spec's isSoloDiaSpeaker), when it is new. */
  async name(speakerId: string, rawName: string, identified = false): Promise<SpeakerResult> {
    const checked = checkSpeakerName(rawName);
    if (!checked.ok)
      return refused('invalid-message', `assign-voicing-speaker-name.speakerName: ${checked.message}`);
    const existing = this.voicing.get(speakerId);
    if (existing?.claimedBy)
      return refused('invalid-message', 'this speaker was claimed by a person, who names themselves');
    if (!existing && this.voicing.size >= MAX_VOICING_SPEAKERS_PER_ROOM)
      return refused(
        'rate-limited',
        `a conversation may name at most ${MAX_VOICING_SPEAKERS_PER_ROOM} speakers without a device`,
      );
    if (existing?.name === checked.name) return OK;
    const speaker: StoredSpeaker = existing
      ? { ...existing, name: checked.name }
      : { speakerId, name: checked.name, identified, claimedBy: null, createdAtMs: this.room.now() };
    // Stored before anyone is told: a name people saw is the name after a restart.
    await this.room.saveSpeaker(speaker);
    this.voicing.set(speakerId, speaker);
    this.room.speakers.set(speakerId, speakerOf(speaker));
    const moved = this.moveLines(
      (line) => line.author === speakerId,
      () => ({ author: speakerId, authorShow: speaker.name }),
    );
    this.room.announce();
    return moved ? OK : refused('rate-limited', BEHIND);
  }

  /**
   * A voicing speaker was the sender all along (someone who first spoke on another's microphone
   * now has their own device, or a "Speaker 2" the machine told apart): its lines become the
   * sender's, and it leaves the list. Lines given to it later go to the sender.
   */
  async claim(speakerId: string, person: { avaId: string; userName: string }): Promise<SpeakerResult> {
    const existing = this.voicing.get(speakerId);
    if (!existing) return refused('invalid-message', 'no speaker has this id in this conversation');
    if (existing.claimedBy === person.avaId) return OK;
    if (existing.claimedBy)
      return refused('invalid-message', 'this speaker was already claimed by someone else');
    const claimed = { ...existing, claimedBy: person.avaId };
    await this.room.saveSpeaker(claimed);
    this.voicing.set(speakerId, claimed);
    this.room.speakers.delete(speakerId);
    this.room.speakers.set(person.avaId, {
      ...this.room.speakers.get(person.avaId),
      avaId: person.avaId,
      avaName: person.userName,
      userName: person.userName,
    });
    const moved = this.moveLines(
      (line) => line.author === speakerId,
      () => ({ author: person.avaId, authorShow: person.userName }),
    );
    this.room.announce();
    return moved ? OK : refused('rate-limited', BEHIND);
  }

  /**
   * The speaker a person's computer-audio stream is shown as: one per person and label, made
   * the first time (stored like any named speaker) and kept after, under whatever name the room
   * has since given it. Its id is derived from the two, so a restart or a new recording finds it.
   */
  async streamSpeaker(
    person: { avaId: string },
    label: string,
    identified = false,
  ): Promise<{ ok: true; speaker: { avaId: string; name: string } } | Extract<SpeakerResult, { ok: false }>> {
    const checked = checkSpeakerName(label);
    if (!checked.ok)
      return {
        ok: false,
        code: 'invalid-message',
        message: `audio.metadata.source.label: ${checked.message}`,
      };
    const speakerId = streamSpeakerId(person.avaId, checked.name);
    const existing = this.voicing.get(speakerId);
    if (existing) {
      const target = this.target(speakerId)!;
      return { ok: true, speaker: target };
    }
    const named = await this.name(speakerId, checked.name, identified);
    if (!named.ok) return named;
    return { ok: true, speaker: { avaId: speakerId, name: checked.name } };
  }

  /** Gives one stored line to another speaker of the room (a person, or a voicing speaker). */
  assignLine(lineId: string, speakerId: string): SpeakerResult {
    const line = this.line(lineId);
    if (!line)
      return refused('invalid-message', 'assign-bloc-different-speaker.blocId: no stored line has this id');
    if (line.gap) return refused('invalid-message', 'a gap marks lost speech: it has no speaker to change');
    const target = this.target(speakerId);
    if (!target)
      return refused(
        'invalid-message',
        'assign-bloc-different-speaker.speakerId: no such speaker in this conversation',
      );
    if (line.author === target.avaId && line.authorShow === target.name) return OK;
    if (!this.room.speakers.has(target.avaId))
      this.room.speakers.set(target.avaId, {
        avaId: target.avaId,
        avaName: target.name,
        userName: target.name,
      });
    const moved = this.moveLines(
      (l) => l.id === lineId,
      () => ({ author: target.avaId, authorShow: target.name }),
    );
    return moved ? OK : refused('rate-limited', BEHIND);
  }

  /** A speaker a line may be given to: a voicing speaker (or who claimed it), a speaker, a person here. */
  private target(speakerId: string): { avaId: string; name: string } | undefined {
    const voicing = this.voicing.get(speakerId);
    if (voicing?.claimedBy) return this.target(voicing.claimedBy);
    if (voicing) return { avaId: speakerId, name: voicing.name };
    const name = this.room.memberName(speakerId) ?? this.room.speakers.get(speakerId)?.userName;
    return name === undefined ? undefined : { avaId: speakerId, name };
  }

  /** The latest version of a line: a change still being stored, or the stored one. */
  private line(lineId: string): Transcript | undefined {
    const stored = this.room.finals().find((f) => f.transcript.id === lineId)?.transcript;
    const queued = this.queued.get(lineId);
    if (queued && stored === queued) this.queued.delete(lineId);
    return this.queued.get(lineId) ?? stored;
  }

  /** Every line's latest version, in the room's order (changes still being stored last). */
  private latestLines(): Transcript[] {
    const latest = new Map<string, Transcript>();
    for (const f of this.room.finals()) latest.set(f.transcript.id, f.transcript);
    for (const [id, queued] of this.queued) {
      if (latest.get(id) === queued) this.queued.delete(id);
      else latest.set(id, queued);
    }
    return [...latest.values()];
  }

  /** Saves again, with a new speaker, every line `which` picks; false if storage refused one. */
  private moveLines(
    which: (line: Transcript) => boolean,
    to: () => { author: string; authorShow: string },
  ): boolean {
    let ok = true;
    for (const line of this.latestLines()) {
      if (line.gap || !which(line)) continue;
      const { author, authorShow } = to();
      const source = line.sourceAuthor ?? line.author;
      const changed: Transcript = { ...line, author, authorShow };
      if (source === author) delete changed.sourceAuthor;
      else changed.sourceAuthor = source;
      if (this.room.resave(changed)) this.queued.set(line.id, changed);
      else ok = false;
    }
    return ok;
  }
}

/** A stable voicing id for a person's stream label (FNV-1a, two 32-bit halves, in hex). */
export function streamSpeakerId(avaId: string, label: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const ch of `${avaId}\u0000${label.toLowerCase()}`) {
    const code = ch.codePointAt(0)!;
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return `voicing-${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

function speakerOf(s: StoredSpeaker): Speaker {
  return {
    avaId: s.speakerId,
    avaName: s.name,
    userName: s.name,
    voicing: true,
    ...(s.identified ? { isSoloDiaSpeaker: true } : {}),
  };
}
