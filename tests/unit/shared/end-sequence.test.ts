import { describe, expect, it } from 'vitest';
import { END_SEQUENCE_GUARD_MS } from '../../../src/shared/constants';
import {
  ENDING_STAGES,
  type EndingContext,
  closeEndsRoom,
  leaveReason,
  mayStartEnding,
  runOrder,
  nextStage,
  stageApplies,
  stagesFor,
} from '../../../src/shared/end-sequence';

const web: EndingContext = {
  isScribe: false,
  isDesktop: false,
  boostEnabled: false,
  boostManagerExists: false,
};

describe('end sequence stages', () => {
  it('numbers the stages as the spec does', () => {
    expect(ENDING_STAGES).toEqual({ NOT_ENDING: 0, BOOST: 1, SAVE_TRANSCRIPTS: 2, END_ON_BACKEND: 3 });
  });

  it('skips BOOST while no boost manager exists, then saves, then ends on the backend', () => {
    expect(stagesFor(web)).toEqual(['SAVE_TRANSCRIPTS', 'END_ON_BACKEND']);
    expect(nextStage('NOT_ENDING', web)).toBe('SAVE_TRANSCRIPTS');
    expect(nextStage('SAVE_TRANSCRIPTS', web)).toBe('END_ON_BACKEND');
    expect(nextStage('END_ON_BACKEND', web)).toBe('NOT_ENDING');
  });

  it('goes through BOOST only when boost is on and its manager exists', () => {
    expect(stagesFor({ ...web, boostEnabled: true })).toEqual(['SAVE_TRANSCRIPTS', 'END_ON_BACKEND']);
    expect(stagesFor({ ...web, boostEnabled: true, boostManagerExists: true })).toEqual([
      'BOOST',
      'SAVE_TRANSCRIPTS',
      'END_ON_BACKEND',
    ]);
    expect(nextStage('BOOST', { ...web, boostEnabled: true, boostManagerExists: true })).toBe(
      'SAVE_TRANSCRIPTS',
    );
  });

  it('skips BOOST and SAVE_TRANSCRIPTS for a Scribe and for the desktop', () => {
    const boosted = { boostEnabled: true, boostManagerExists: true };
    for (const context of [
      { ...web, ...boosted, isScribe: true },
      { ...web, ...boosted, isDesktop: true },
    ]) {
      expect(stagesFor(context)).toEqual(['END_ON_BACKEND']);
      expect(stageApplies('SAVE_TRANSCRIPTS', context)).toBe(false);
      expect(stageApplies('BOOST', context)).toBe(false);
    }
  });

  it('never has work for NOT_ENDING', () => {
    expect(stageApplies('NOT_ENDING', web)).toBe(false);
  });
});

describe('the 30 s guard', () => {
  it('ignores a new request while one runs, until the guard has passed', () => {
    expect(mayStartEnding({ stage: 'NOT_ENDING' }, 1000)).toBe(true);
    const running = { stage: 'SAVE_TRANSCRIPTS' as const, startedAtMs: 1000 };
    expect(mayStartEnding(running, 1000)).toBe(false);
    expect(mayStartEnding(running, 1000 + END_SEQUENCE_GUARD_MS - 1)).toBe(false);
    expect(mayStartEnding(running, 1000 + END_SEQUENCE_GUARD_MS)).toBe(true);
  });
});

describe('close reasons', () => {
  it('names why someone who is not the host leaves', () => {
    expect(leaveReason({ hostPresent: true, otherGuests: 2 })).toBe('closed');
    expect(leaveReason({ hostPresent: true, otherGuests: 0 })).toBe('last_guest_left');
    expect(leaveReason({ hostPresent: false, otherGuests: 3 })).toBe('host_left');
  });

  it('ends the room only for the app quitting and the maximum time', () => {
    expect(closeEndsRoom('app_terminated')).toBe(true);
    expect(closeEndsRoom('max_convo_time_reached')).toBe(true);
    for (const reason of ['closed', 'host_left', 'last_guest_left', undefined] as const)
      expect(closeEndsRoom(reason)).toBe(false);
  });
});

describe('the order the stages run in', () => {
  const all = ['BOOST', 'SAVE_TRANSCRIPTS', 'END_ON_BACKEND'] as const;
  it('ends the room before the host is asked about boost words', () => {
    expect(runOrder(all, true)).toEqual(['SAVE_TRANSCRIPTS', 'END_ON_BACKEND', 'BOOST']);
  });
  it("keeps the spec's order for someone who leaves", () => {
    expect(runOrder(all, false)).toEqual(all);
    expect(runOrder(['SAVE_TRANSCRIPTS', 'END_ON_BACKEND'], true)).toEqual([
      'SAVE_TRANSCRIPTS',
      'END_ON_BACKEND',
    ]);
  });
});
