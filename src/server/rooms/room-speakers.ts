/**
 * A live room's speakers (a part of room.ts): the list everyone's status shows (people who spoke
 * or typed, voicing speakers), who said what (speakers.ts: naming, claiming, giving a line to
 * another speaker), and speaker identification when the server has a model
 * (speaker-identification.ts). Who may ask is decided before (auth/access.ts); here a refusal
 * becomes the RoomError its sender is told.
 */
import type { Speaker } from '../../shared/entities';
import type { RoomCore } from './room-core';
import { RoomError, type RoomMember, type RoomServices } from './room-contract';
import { RoomSpeakers, type SpeakerResult } from './speakers';
import { SpeakerIdentification } from './speaker-identification';
import type { StoredSpeaker } from './speakers-repository';
import { speakerTheme } from '../../shared/speakers';

/** A person as a speaker: their name now, and their picture when their account has one. */
function personSpeaker(member: RoomMember): Speaker {
  return {
    avaId: member.avaId,
    avaName: member.userName,
    userName: member.userName,
    ...(member.userAvatar ? { userAvatar: member.userAvatar } : {}),
  };
}

export type SpeakersCore = Pick<
  RoomCore,
  'seq' | 'members' | 'storedFinals' | 'edits' | 'pushFinal' | 'broadcast' | 'refuseOnceEnding' | 'log'
>;

export class RoomSpeakerList {
  /** The status's `speakers`, changed in place by who-said-what too. */
  private readonly speakers = new Map<string, Speaker>();
  /** Who said what: voicing speakers and lines given to another speaker (speakers.ts). */
  private readonly whoSaid: RoomSpeakers;
  /** Speaker identification, when the server has a model (rooms/speaker-identification.ts). */
  readonly identification: SpeakerIdentification | undefined;
  /** Speakers of people's computer sound (streamSpeaker): never possibly someone. */
  private readonly computerAudio = new Set<string>();
  /** Per person, the voicing speakers heard on their microphone, as of the room's seq. */
  private heardOn: { seq: number; bySource: Map<string, Set<string>> } | undefined;

  constructor(
    private readonly core: SpeakersCore,
    services: Pick<RoomServices, 'now' | 'speakerEmbedder'>,
    saveSpeaker: (speaker: StoredSpeaker) => Promise<void>,
    stored: readonly StoredSpeaker[] = [],
  ) {
    for (const { transcript: t } of core.storedFinals()) {
      if (!this.speakers.has(t.author)) {
        this.speakers.set(t.author, { avaId: t.author, avaName: t.authorShow, userName: t.authorShow });
      }
    }
    this.whoSaid = new RoomSpeakers(
      {
        finals: () => core.storedFinals(),
        speakers: this.speakers,
        memberName: (avaId) => [...core.members].find((m) => m.avaId === avaId)?.userName,
        // A line given to another speaker keeps its corrections: its text is the sequencer's.
        resave: (line) => core.pushFinal({ transcript: core.edits.view(line) }),
        saveSpeaker,
        announce: () => core.broadcast('speakers-changed'),
        now: () => services.now(),
      },
      stored,
    );
    const embedder = services.speakerEmbedder;
    this.identification = embedder
      ? new SpeakerIdentification({
          embedder,
          speakerFor: async (person, label) => {
            const result = await this.whoSaid.streamSpeaker({ avaId: person }, label, true);
            if (!result.ok) throw new Error(result.message);
            return result.speaker;
          },
          log: core.log,
        })
      : undefined;
  }

  /**
   * The list the status shows, each speaker with their theme; as `viewer` sees it, with the
   * speaker they are (myself) and those heard on their own microphone (possiblyMyself).
   */
  list(viewer?: string): Speaker[] {
    const heardOn = viewer === undefined ? undefined : this.heardOnMicrophoneOf(viewer);
    return [...this.speakers.values()].map((s) => ({
      ...s,
      theme: speakerTheme(s.avaId),
      ...(viewer !== undefined && s.avaId === viewer ? { myself: true } : {}),
      ...(heardOn?.has(s.avaId) ? { possiblyMyself: true } : {}),
    }));
  }

  /**
   * Whether `viewer`'s status is their own (they are a speaker, or some speaker's lines came from
   * their microphone): statuses are otherwise shared by every viewer of a kind (room-core.ts).
   */
  isPersonalTo(viewer: string): boolean {
    return this.speakers.has(viewer) || this.heardOnMicrophoneOf(viewer).size > 0;
  }

  /**
   * The voicing speakers (named, or told apart by identification) some of whose lines came from
   * `avaId`'s microphone; not the speakers of their computer's sound, which are not a person.
   * Read from the lines, cached until the room's sequence moves (every line change moves it).
   */
  private heardOnMicrophoneOf(avaId: string): Set<string> {
    const seq = this.core.seq;
    if (!this.heardOn || this.heardOn.seq !== seq) {
      const bySource = new Map<string, Set<string>>();
      for (const { transcript: t } of this.core.storedFinals()) {
        if (!t.sourceAuthor || this.computerAudio.has(t.author)) continue;
        const speaker = this.speakers.get(t.author);
        if (!speaker?.voicing) continue;
        const set = bySource.get(t.sourceAuthor) ?? new Set<string>();
        set.add(t.author);
        bySource.set(t.sourceAuthor, set);
      }
      this.heardOn = { seq, bySource };
    }
    return this.heardOn.bySource.get(avaId) ?? new Set();
  }

  /** `member` started speaking on their own microphone: they are a speaker, under their name now. */
  spoke(member: RoomMember): void {
    this.speakers.set(member.avaId, personSpeaker(member));
  }

  /** `member` typed a line: a speaker from now on, if they were not (then true: the list changed). */
  typed(member: RoomMember): boolean {
    if (this.speakers.has(member.avaId)) return false;
    this.speakers.set(member.avaId, personSpeaker(member));
    return true;
  }

  /** The speaker a member's computer-audio stream is shown as (rooms/speakers.ts). */
  async streamSpeaker(member: RoomMember, label: string): Promise<{ avaId: string; name: string }> {
    this.core.refuseOnceEnding();
    const result = await this.whoSaid.streamSpeaker(member, label);
    if (!result.ok) throw new RoomError(result.code, result.message);
    this.computerAudio.add(result.speaker.avaId);
    return result.speaker;
  }

  /** Whose microphone or keyboard made a stored line: who, besides the host, may change its speaker. */
  lineSourceOf(lineId: string): string | undefined {
    return this.whoSaid.sourceOf(lineId);
  }

  /** assign-voicing-speaker-name: names (creating, the first time) a speaker with no device. */
  async nameVoicingSpeaker(speakerId: string, name: string): Promise<void> {
    this.core.refuseOnceEnding();
    this.check(await this.whoSaid.name(speakerId, name));
  }

  /** assign-voicing-speaker-myself: a voicing speaker was `member`; its lines become theirs. */
  async claimVoicingSpeaker(member: RoomMember, speakerId: string): Promise<void> {
    this.core.refuseOnceEnding();
    this.check(await this.whoSaid.claim(speakerId, member));
  }

  /** assign-bloc-different-speaker: one stored line is given to another speaker. */
  assignLineSpeaker(lineId: string, speakerId: string): void {
    this.core.refuseOnceEnding();
    this.check(this.whoSaid.assignLine(lineId, speakerId));
  }

  private check(result: SpeakerResult): void {
    if (!result.ok) throw new RoomError(result.code, result.message);
  }
}
