/**
 * People's corrections in a live room (a part of room.ts; `transcript-edit`): the core's line
 * sequencer (line-edits.ts) transforms and applies each; a final's change is stored before
 * anyone sees it, a line still being spoken changes at once. Cursors come and go with the people
 * editing.
 */
import type { Transcript } from '../../shared/entities';
import { type Mutation, NO_TRANSCRIPT_FOUND, mutatorHashOf } from '../../shared/transcript-edit/mutation';
import type { RoomCore } from './room-core';
import { RoomError, type RoomMember } from './room-contract';
import type { RoomSpeakerList } from './room-speakers';
import type { RoomStreams } from './room-streams';
import type { RoomTranslation } from './room-translation';

export type EditingCore = Pick<
  RoomCore,
  'refuseOnceEnding' | 'record' | 'members' | 'edits' | 'storedLine' | 'seq' | 'sendAll' | 'pushFinal'
>;

export class RoomEditing {
  constructor(
    private readonly core: EditingCore,
    private readonly streams: Pick<RoomStreams, 'openPartial'>,
    private readonly translation: Pick<RoomTranslation, 'partial'>,
    private readonly speakers: Pick<RoomSpeakerList, 'assignLineSpeaker'>,
  ) {}

  /** Members' corrections are off: the room is public-muted, or the host turned them off. */
  get restricted(): boolean {
    return this.core.record.conversationMode === 'public-muted' || this.core.record.editingDisabled === true;
  }

  /**
   * A person's correction of one line (`transcript-edit`; who may is decided in auth/access.ts,
   * including the public-muted and editing-off rows). The sequencer transforms and applies it;
   * a final's change is stored before anyone sees it, a line still being spoken changes at once.
   * The sender hears `transcript-edit-ack` once it is applied and shown.
   */
  edit(member: RoomMember, transcriptId: string, mutation: Mutation): void {
    this.core.refuseOnceEnding();
    const line = this.currentLine(transcriptId);
    if (!line || line.gap)
      throw new RoomError('invalid-message', `transcript-edit.transcriptId: ${NO_TRANSCRIPT_FOUND}`);
    const final = line.isFinal;
    if ((mutation.type === 'changeSpeaker' || mutation.type === 'updateField') && !final)
      throw new RoomError(
        'invalid-message',
        `transcript-edit.mutation: the line is still being spoken; ${mutation.type} waits for its final`,
      );
    const hash = mutatorHashOf(member.avaId);
    const result = this.core.edits.apply(line, mutation, hash);
    const ack = () =>
      member.send({
        type: 'transcript-edit-ack',
        transcriptId,
        mutationId: mutation.id,
        version: this.core.edits.state(transcriptId)?.version ?? line.version ?? 0,
      });
    if (!result.ok) throw new RoomError('invalid-message', `transcript-edit.${result.message}`);
    switch (result.kind) {
      case 'duplicate':
        ack();
        return;
      case 'cursor':
        this.core.sendAll({ type: 'transcript-cursors', transcriptId, cursors: result.cursors });
        if (result.left)
          this.core.sendAll({
            type: 'transcript-cursors',
            transcriptId: result.left.lineId,
            cursors: result.left.cursors,
          });
        ack();
        return;
      case 'text': {
        if (!result.change) {
          ack();
          return;
        }
        const shown = this.core.edits.view(line);
        if (final) {
          if (!this.core.pushFinal({ transcript: shown, change: result.change, shown: ack }))
            throw new RoomError(
              'rate-limited',
              'the conversation’s storage is behind; try again in a moment',
            );
          return;
        }
        // A line still being spoken changes nothing stored: everyone sees it at once.
        this.core.sendAll({
          type: 'transcript',
          transcript: this.translation.partial(shown),
          seq: this.core.seq,
          change: result.change,
        });
        ack();
        return;
      }
      case 'line': {
        if (mutation.type === 'changeSpeaker') {
          this.speakers.assignLineSpeaker(transcriptId, mutation.speakerId);
        } else if (mutation.type === 'updateField') {
          const current = this.core.edits.view(line);
          const text = current.texts[current.speechLang] ?? '';
          const changed: Transcript = {
            ...current,
            speechLang: mutation.value,
            texts: { [mutation.value]: text },
          };
          delete changed.indexes;
          delete changed.translationErrors;
          if (!this.core.pushFinal({ transcript: changed }))
            throw new RoomError(
              'rate-limited',
              'the conversation’s storage is behind; try again in a moment',
            );
        }
        ack();
        return;
      }
    }
  }

  /** A member left: once the person has no connection left here, their cursor goes, for everyone. */
  memberLeft(member: RoomMember): void {
    if (![...this.core.members].some((m) => m.avaId === member.avaId)) {
      const left = this.core.edits.dropCursor(mutatorHashOf(member.avaId));
      if (left)
        this.core.sendAll({ type: 'transcript-cursors', transcriptId: left.lineId, cursors: left.cursors });
    }
  }

  /** The latest version of a line: being stored, stored, or still being spoken. */
  private currentLine(lineId: string): Transcript | undefined {
    const known = this.core.storedLine(lineId);
    if (known) return known;
    return this.streams.openPartial(lineId);
  }
}
