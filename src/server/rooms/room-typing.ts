/**
 * Typing in a live room (a part of room.ts): who is typing now (everyone's status shows it), and
 * the typed replies themselves, each the sender's own line in the transcript, stored and shown
 * like a final.
 */
import { DEFAULT_SPEECH_LANG } from '../../shared/constants';
import { randomId } from '../../shared/ids';
import type { RoomCore } from './room-core';
import { RoomError, type RoomMember } from './room-contract';
import type { RoomSpeakerList } from './room-speakers';

const TYPING_INDICATOR_MS = 3000;

export type TypingCore = Pick<
  RoomCore,
  'refuseOnceEnding' | 'record' | 'allocateIndex' | 'pushFinal' | 'broadcast'
>;

export class RoomTyping {
  private readonly typing = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly core: TypingCore,
    private readonly now: () => number,
    private readonly speakers: Pick<RoomSpeakerList, 'typed'>,
  ) {}

  isTyping(avaId: string): boolean {
    return this.typing.has(avaId);
  }

  /**
   * Someone is typing. Only a change is broadcast (started typing, and stopped once the
   * indicator times out): a member who signals on every key press keeps the indicator alive
   * without costing the room a broadcast each time, so at most one per member per second.
   */
  signal(member: RoomMember): void {
    const wasTyping = this.typing.has(member.avaId);
    this.clear(member.avaId);
    this.typing.set(
      member.avaId,
      setTimeout(() => {
        this.typing.delete(member.avaId);
        this.core.broadcast('someone-is-typing');
      }, TYPING_INDICATOR_MS),
    );
    if (!wasTyping) this.core.broadcast('someone-is-typing');
  }

  /**
   * A typed reply: the sender's own line in the transcript, marked typed (no `asr`), stored and
   * shown like a final. The sender stops "typing" for everyone at once.
   */
  addTypedLine(member: RoomMember, text: string, lang: string | undefined): void {
    this.core.refuseOnceEnding();
    if (member.readonly)
      throw new RoomError('forbidden', 'this is a read-only link: it cannot send messages');
    const speechLang = lang ?? this.core.record.langs[0] ?? DEFAULT_SPEECH_LANG;
    this.core.pushFinal({
      transcript: {
        id: `typed${randomId(12)}`,
        isFinal: true,
        author: member.avaId,
        authorShow: member.userName,
        origin: 'human',
        speechLang,
        texts: { [speechLang]: text },
        usePaidASR: false,
        index: this.core.allocateIndex(),
        timestampMs: this.now(),
        t0: 0,
        trackName: 'keyboard',
      },
    });
    const newSpeaker = this.speakers.typed(member);
    if (this.typing.has(member.avaId)) {
      this.clear(member.avaId);
      this.core.broadcast('someone-is-typing');
    } else if (newSpeaker) {
      // Everyone's speakers list (and the typist's own `myself`) has them from now on.
      this.core.broadcast('speakers-changed');
    }
  }

  /** `avaId` is no longer typing, without telling anyone (they left). */
  clear(avaId: string): void {
    const timer = this.typing.get(avaId);
    if (timer) clearTimeout(timer);
    this.typing.delete(avaId);
  }

  close(): void {
    for (const timer of this.typing.values()) clearTimeout(timer);
    this.typing.clear();
  }
}
