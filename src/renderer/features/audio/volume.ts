import { VOLUME_CHANGE_THRESHOLD } from '../../../shared/constants';

/**
 * The volume meter shows the loudest chunk of each VOLUME_SAMPLE_INTERVAL_MS period, and only
 * changes when the level moved by at least VOLUME_CHANGE_THRESHOLD (conversation.md section 9),
 * so the store is not updated for noise. Returns the new level, or undefined to keep the old one.
 */
export function nextVolume(shown: number, measured: number): number | undefined {
  const level = Math.max(0, Math.min(100, Math.round(measured)));
  return Math.abs(level - shown) >= VOLUME_CHANGE_THRESHOLD ? level : undefined;
}
