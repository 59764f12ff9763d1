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

export type SpeakersCore = Pick<
  RoomCore,
  'members' | 'storedFinals' | 'edits' | 'pushFinal' | 'broadcast' | 'refuseOnceEnding' | 'log'
>;

export class RoomSpeakerList {
  /** The status's `speakers`, changed in place by who-said-what too. */
  private readonly speakers = new Map<string, Speaker>();
  /** Who said what: voicing speakers and lines given to another speaker (speakers.ts). */
  private readonly whoSaid: RoomSpeakers;
  /** Speaker identification, when the server has a model (rooms/speaker-identification.ts). */
  readonly identification: SpeakerIdentification | undefined;

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

  /** The list everyone's status shows. */
  list(): Speaker[] {
    return [...this.speakers.values()];
  }

  /** `member` started speaking on their own microphone: they are a speaker, under their name now. */
  spoke(member: RoomMember): void {
    this.speakers.set(member.avaId, {
      avaId: member.avaId,
      avaName: member.userName,
      userName: member.userName,
    });
  }

  /** `member` typed a line: a speaker from now on, if they were not. */
  typed(member: RoomMember): void {
    if (!this.speakers.has(member.avaId))
      this.speakers.set(member.avaId, {
        avaId: member.avaId,
        avaName: member.userName,
        userName: member.userName,
      });
  }

  /** The speaker a member's computer-audio stream is shown as (rooms/speakers.ts). */
  async streamSpeaker(member: RoomMember, label: string): Promise<{ avaId: string; name: string }> {
    this.core.refuseOnceEnding();
    const result = await this.whoSaid.streamSpeaker(member, label);
    if (!result.ok) throw new RoomError(result.code, result.message);
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
