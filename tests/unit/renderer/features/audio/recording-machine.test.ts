import { describe, expect, it } from 'vitest';
import {
  RECORDING_EVENTS,
  RECORDING_STATES,
  canStart,
  canStop,
  nextRecordingState,
} from '../../../../../src/renderer/features/audio/recording-machine';

describe('recording state machine', () => {
  it('starts through PENDING to RECORDING', () => {
    expect(nextRecordingState('NOT_RECORDING', 'start')).toBe('PENDING');
    expect(nextRecordingState('PENDING', 'started')).toBe('RECORDING');
  });

  it('returns to NOT_RECORDING on any failure', () => {
    expect(nextRecordingState('PENDING', 'failed')).toBe('NOT_RECORDING');
    expect(nextRecordingState('RECORDING', 'failed')).toBe('NOT_RECORDING');
  });

  it('stops only from RECORDING or PENDING', () => {
    expect(nextRecordingState('RECORDING', 'stop')).toBe('NOT_RECORDING');
    expect(nextRecordingState('PENDING', 'stop')).toBe('NOT_RECORDING');
    expect(canStop('RECORDING')).toBe(true);
    expect(canStop('PENDING')).toBe(true);
    expect(canStop('NOT_RECORDING')).toBe(false);
  });

  it('cannot skip PENDING or start twice', () => {
    expect(nextRecordingState('NOT_RECORDING', 'started')).toBe('NOT_RECORDING');
    expect(nextRecordingState('PENDING', 'start')).toBe('PENDING');
    expect(nextRecordingState('RECORDING', 'start')).toBe('RECORDING');
    expect(canStart('NOT_RECORDING')).toBe(true);
    expect(canStart('PENDING')).toBe(false);
    expect(canStart('RECORDING')).toBe(false);
  });

  it('only ever lands on one of its three states', () => {
    for (const state of RECORDING_STATES) {
      for (const event of RECORDING_EVENTS) {
        expect(RECORDING_STATES).toContain(nextRecordingState(state, event));
      }
    }
  });
});
