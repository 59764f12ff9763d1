import { describe, expect, it } from 'vitest';
import { SCRIBE_ERRORS } from '../../../../src/shared/scribe/model';
import { ScribeError } from '../../../../src/server/scribes/scribe-error';
import { ScribeError as fromDesk } from '../../../../src/server/scribes/desk';

describe('ScribeError', () => {
  it('carries its refusal and the catalogue’s words for it', () => {
    const error = new ScribeError('too-many-rooms');
    expect(error.refusal).toBe('too-many-rooms');
    expect(error.message).toBe(SCRIBE_ERRORS['too-many-rooms']);
    expect(error).toBeInstanceOf(Error);
  });

  it('is the one the desk exports (the socket and the routes catch it from there)', () => {
    expect(fromDesk).toBe(ScribeError);
  });
});
