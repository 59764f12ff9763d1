/**
 * A live room's settings (a part of room.ts): its title, and what a connection-params-update may
 * change. Each change is stored and then told to everyone; who may change which is decided before
 * (auth/access.ts: mode, state and saveTranscript are the host's).
 */
import type { RoomStateValue } from '../../shared/entities';
import type { RoomCore } from './room-core';
import type { RoomServices } from './room-contract';

/** The room's settings a connection-params-update may carry. */
export interface RoomParams {
  conversationMode?: 'public' | 'public-muted';
  state?: { value: RoomStateValue };
  saveTranscript?: boolean;
  requireAdmission?: boolean;
  editingDisabled?: boolean;
}

export class RoomSettings {
  constructor(
    private readonly core: Pick<RoomCore, 'id' | 'record' | 'changeRecord' | 'broadcast' | 'end'>,
    private readonly services: Pick<RoomServices, 'updateRoom'>,
  ) {}

  async updateTitle(title: string): Promise<void> {
    // Stored first: if the database refuses, nothing changed anywhere and the sender is told.
    await this.services.updateRoom(this.core.id, { title });
    this.core.changeRecord({ title });
    this.core.broadcast('title-updated');
  }

  /**
   * The host names `avaId` an owner of the transcript (or no longer): stored first, then told to
   * everyone. The host always is one, so is never listed.
   */
  async updateTranscriptOwner(avaId: string, owner: boolean): Promise<void> {
    if (avaId === this.core.record.hostAvaId) return;
    const owners = this.core.record.transcriptOwners ?? [];
    if (owners.includes(avaId) === owner) return;
    const transcriptOwners = owner ? [...owners, avaId] : owners.filter((id) => id !== avaId);
    await this.services.updateRoom(this.core.id, { transcriptOwners });
    this.core.changeRecord({ transcriptOwners });
    this.core.broadcast('transcript-owners-changed');
  }

  async updateParams(update: RoomParams): Promise<void> {
    if (
      update.editingDisabled !== undefined &&
      update.editingDisabled !== (this.core.record.editingDisabled ?? false)
    ) {
      await this.services.updateRoom(this.core.id, { editingDisabled: update.editingDisabled });
      this.core.changeRecord({ editingDisabled: update.editingDisabled });
      this.core.broadcast('conversation-mode-changed');
    }
    if (
      update.requireAdmission !== undefined &&
      update.requireAdmission !== this.core.record.admissionRequired
    ) {
      this.core.changeRecord({ admissionRequired: update.requireAdmission });
      await this.services.updateRoom(this.core.id, { admissionRequired: update.requireAdmission });
      this.core.broadcast('conversation-mode-changed');
    }
    if (
      update.saveTranscript !== undefined &&
      update.saveTranscript !== this.core.record.allowTranscriptsSaving
    ) {
      this.core.changeRecord({ allowTranscriptsSaving: update.saveTranscript });
      await this.services.updateRoom(this.core.id, { allowTranscriptsSaving: update.saveTranscript });
      this.core.broadcast('conversation-mode-changed');
    }
    if (update.conversationMode && update.conversationMode !== this.core.record.conversationMode) {
      this.core.changeRecord({ conversationMode: update.conversationMode });
      await this.services.updateRoom(this.core.id, { conversationMode: update.conversationMode });
      this.core.broadcast('conversation-mode-changed');
    }
    // Not awaited: ending waits for the last finals to be stored, which a database outage can
    // make long, and this socket's other messages (its pings) must not wait behind it.
    if (update.state?.value === 'ended') void this.core.end();
  }
}
