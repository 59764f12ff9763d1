/**
 * Scribe time (docs/credits.md): each served second is taken from the requester's scribeCredit
 * and the session stops when none is left; only holders of an organisation licence with Scribe
 * credit may ask (the spec: Scribe captions are for organisations only), unless the server gives
 * Scribes to everyone.
 */
import { describe, expect, it } from 'vitest';
import { chargeScribeSecond, scribeRequestRefusal } from '../../../../src/server/scribes/credit';
import { type UserCredits, normaliseCredits } from '../../../../src/shared/credits';
import { SCRIBE_ERRORS, SCRIBE_TICK_MS } from '../../../../src/shared/scribe/model';

const second = (requesterAvaId: string) => ({
  requestId: 'r1',
  roomId: 'room1',
  requesterAvaId,
  scribeAvaId: 'sam',
  secondsSoFar: 1,
  nowMs: 1000,
});

describe('chargeScribeSecond', () => {
  it('takes one tick from scribeCredit per second, and stops once none is left', async () => {
    const stored = new Map<string, UserCredits>([['ada', normaliseCredits({ scribeCredit: 2500 })]]);
    const spent: [string, number][] = [];
    const charge = chargeScribeSecond(
      {
        spendScribe: async (avaId, ms) => {
          spent.push([avaId, ms]);
          const now = stored.get(avaId)!;
          stored.set(avaId, { ...now, scribeCredit: Math.max(0, now.scribeCredit - ms) });
          return stored.get(avaId)!;
        },
      },
      SCRIBE_TICK_MS,
    );
    expect(await charge(second('ada'))).toEqual({ ok: true });
    expect(await charge(second('ada'))).toEqual({ ok: true });
    expect(await charge(second('ada'))).toMatchObject({ ok: false, stop: true });
    expect(spent).toEqual([
      ['ada', 1000],
      ['ada', 1000],
      ['ada', 1000],
    ]);
    expect(stored.get('ada')!.scribeCredit).toBe(0);
  });
});

describe('scribeRequestRefusal', () => {
  const refusal = (
    held: number,
    scribeCredit: number,
    policy: 'organizations' | 'everyone' = 'organizations',
  ) =>
    scribeRequestRefusal({
      policy,
      licences: { activeHeldBy: async () => Array.from({ length: held }, () => ({}) as never) },
      credits: { get: async () => normaliseCredits({ scribeCredit }) },
      now: () => 0,
    })('ada');

  const cases: [string, number, number, string | undefined][] = [
    ['no licence', 0, 60_000, 'organizations-only'],
    ['a licence, no Scribe time', 1, 0, 'no-scribe-credit'],
    ['a licence, negative Scribe time', 1, -5, 'no-scribe-credit'],
    ['a licence and Scribe time', 1, 1000, undefined],
  ];
  it.each(cases)('%s', async (_name, held, credit, expected) => {
    expect(await refusal(held, credit)).toBe(expected);
  });

  it('refuses nobody where the server gives Scribes to everyone', async () => {
    expect(await refusal(0, 0, 'everyone')).toBeUndefined();
  });

  it('says why in the spec’s words', () => {
    expect(SCRIBE_ERRORS['organizations-only']).toBe('Scribe captions are for organizations only.');
    expect(SCRIBE_ERRORS['no-scribe-credit']).toBe('You have no Scribe time left.');
  });
});
