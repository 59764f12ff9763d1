/**
 * What every live room is given by the server (room-contract.ts RoomServices): its store, the
 * speech admission, the Premium meter, and the optional engines (speaker identification,
 * translation). Built once; the rooms share it.
 */
import type { ServerLimits } from '../limits';
import type { TranslationEngine } from '../translation';
import type { RoomServices } from './room-contract';
import type { RoomRepository } from './repository';
import type { Embedder } from './speaker-identification';

export interface RoomServicesDeps extends Pick<
  RoomServices,
  'openSpeech' | 'log' | 'lineCap' | 'captionLag' | 'persistRetrying' | 'autoStopAfterMs'
> {
  /** Speaker identification (beta): its embedder when a speaker model is installed. */
  speakerId: { available: true; embedder: Embedder } | { available: false };
  /** Translation: its engine, or none (translation is off). */
  translation: { engine?: TranslationEngine | undefined };
  rooms: Pick<RoomRepository, 'update'>;
  /** A room that ended is counted in its accounts' metrics (accounts/conversation-metrics.ts). */
  countEnded(roomId: string): void;
  premiumFor: ServerLimits['premiumFor'];
  premiumMeter: NonNullable<RoomServices['premiumMeter']>;
  now(): number;
}

export function roomServices(deps: RoomServicesDeps): RoomServices {
  return {
    updateRoom: async (id, changes) => {
      await deps.rooms.update(id, changes);
      // Counted only once it is stored as ended: a failed write leaves it ongoing, uncounted.
      if (changes.state === 'ended') deps.countEnded(id);
    },
    openSpeech: deps.openSpeech,
    now: deps.now,
    log: deps.log,
    ...(deps.lineCap ? { lineCap: deps.lineCap } : {}),
    ...(deps.captionLag ? { captionLag: deps.captionLag } : {}),
    ...(deps.persistRetrying ? { persistRetrying: deps.persistRetrying } : {}),
    ...(deps.autoStopAfterMs !== undefined ? { autoStopAfterMs: deps.autoStopAfterMs } : {}),
    // Premium for everyone (a private installation): nobody's credit is counted down.
    ...(deps.premiumFor === 'everyone' ? {} : { premiumMeter: deps.premiumMeter }),
    ...(deps.speakerId.available ? { speakerEmbedder: deps.speakerId.embedder } : {}),
    ...(deps.translation.engine ? { translationEngine: deps.translation.engine } : {}),
  };
}
