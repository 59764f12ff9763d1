import { describe, expect, it } from 'vitest';
import {
  SCRIBE_GRANT_MAX_MINUTES,
  eligibilityOf,
  grantScribeTimeBodySchema,
  parseScribeGrant,
} from '../../../../src/shared/scribe/time';

describe('a grant of Scribe time', () => {
  it('is whole minutes from 1 to the most one grant gives, typed or sent as a number', () => {
    expect(parseScribeGrant(1)).toEqual({ ok: true, minutes: 1 });
    expect(parseScribeGrant(' 90 ')).toEqual({ ok: true, minutes: 90 });
    expect(parseScribeGrant(SCRIBE_GRANT_MAX_MINUTES)).toEqual({
      ok: true,
      minutes: SCRIBE_GRANT_MAX_MINUTES,
    });
    for (const bad of [
      0,
      -1,
      1.5,
      SCRIBE_GRANT_MAX_MINUTES + 1,
      '',
      'ten',
      '1e2',
      null,
      undefined,
      Number.NaN,
    ]) {
      expect(parseScribeGrant(bad)).toEqual({ ok: false });
    }
  });

  it('lets any minutes through the body schema, so the handler answers with its own words', () => {
    expect(grantScribeTimeBodySchema.check({ minutes: 'ten' }).ok).toBe(true);
  });
});

describe('Scribe eligibility', () => {
  it('says why a person may not ask before they do, and allows what is not about asking', () => {
    expect(eligibilityOf(undefined)).toEqual({ canRequest: true });
    expect(eligibilityOf('organizations-only')).toEqual({ canRequest: false, refusal: 'organizations-only' });
    expect(eligibilityOf('no-scribe-credit')).toEqual({ canRequest: false, refusal: 'no-scribe-credit' });
    expect(eligibilityOf('scribe-limit-reached')).toEqual({
      canRequest: false,
      refusal: 'scribe-limit-reached',
    });
    // A refusal about a request already made is not the person's standing.
    expect(eligibilityOf('already-requested')).toEqual({ canRequest: true });
  });
});
