import { describe, expect, it } from 'vitest';
import { phoneCallsSaga, refusalOf } from '../../../../../src/renderer/features/phone-calls/sagas';
import { phoneCallsActions } from '../../../../../src/renderer/features/phone-calls/slice';
import { PHONE_CALL_API } from '../../../../../src/shared/phone-calls';
import { type RootState } from '../../../../../src/renderer/app/root-reducer';
import { makeFakes, makeStatus, run, settle } from '../../../../helpers/saga-harness';
import { inRoom } from '../../../../helpers/render-app';

const SID = `CA${'b'.repeat(32)}`;
const dial = {
  calleeInternationalNumber: '+14155550100',
  sendDigits: 'WW42#',
  speechLang: 'en-US',
  conferenceType: 'other' as const,
};

function start() {
  const fakes = makeFakes();
  const preloaded = inRoom(makeStatus(), {
    kind: 'guest',
    avaId: 'host1',
    userName: 'Hana',
    credential: 'host1.signature',
  }) as unknown as Partial<RootState>;
  const running = run(phoneCallsSaga, [fakes.deps], preloaded);
  return { fakes, running };
}

describe('phoneCallsSaga', () => {
  it('posts the spec’s body for the room, with the person’s proof', async () => {
    const { fakes, running } = start();
    fakes.http.on('POST', PHONE_CALL_API.calls, {
      ok: true,
      status: 201,
      data: { sid: SID, status: 'dialing' },
    });
    running.dispatch(phoneCallsActions.dialRequested(dial));
    await settle();
    const [sent] = fakes.http.callsTo('POST', PHONE_CALL_API.calls);
    expect(sent?.body).toEqual({ roomId: 'host1_room', ...dial });
    expect(sent?.headers?.Authorization).toMatch(/^Basic /);
    expect(running.state.phoneCalls).toMatchObject({ dialing: false });
    expect(running.state.phoneCalls.refusal).toBeUndefined();
  });

  it('a refusal is kept with the catalogue’s key when the code is known', async () => {
    const { fakes, running } = start();
    fakes.http.on('POST', PHONE_CALL_API.calls, {
      ok: false,
      status: 409,
      message: 'busy room',
      code: 'phone-call-in-progress',
    });
    running.dispatch(phoneCallsActions.dialRequested(dial));
    await settle();
    expect(running.state.phoneCalls.refusal).toEqual({ key: 'alreadyInCall' });
  });

  it('hangs up by the call’s sid', async () => {
    const { fakes, running } = start();
    fakes.http.on('DELETE', PHONE_CALL_API.call(SID), {
      ok: true,
      status: 200,
      data: { sid: SID, status: 'ended' },
    });
    running.dispatch(phoneCallsActions.hangUpRequested({ sid: SID }));
    await settle();
    expect(fakes.http.callsTo('DELETE', PHONE_CALL_API.call(SID))).toHaveLength(1);
    expect(running.state.phoneCalls.hangingUp).toBe(false);
  });

  it.each([
    [{ ok: false as const, status: 0, message: 'network down' }, { key: 'unexpectedError' }],
    [
      { ok: false as const, status: 502, message: 'x', code: 'phone-call-unexpected-error' },
      { key: 'unexpectedError' },
    ],
    [{ ok: false as const, status: 500, message: 'boom' }, { key: 'unexpectedError' }],
    [
      { ok: false as const, status: 503, message: 'x', code: 'phone-calls-unavailable' },
      { key: 'unavailable' },
    ],
    [
      { ok: false as const, status: 403, message: 'x', code: 'phone-calls-not-entitled' },
      { key: 'notEntitled' },
    ],
    [{ ok: false as const, status: 403, message: 'x', code: 'phone-number-denied' }, { key: 'deniedNumber' }],
    [
      { ok: false as const, status: 403, message: 'x', code: 'phone-country-not-allowed' },
      { key: 'countryNotAllowed' },
    ],
    [
      { ok: false as const, status: 429, message: 'x', code: 'phone-calls-rate-limited' },
      { key: 'tooManyCalls' },
    ],
    [
      { ok: false as const, status: 400, message: 'Invalid international code', code: 'invalid-phone-call' },
      { message: 'Invalid international code' },
    ],
  ])('refusal of %j is %j', (result, refusal) => {
    expect(refusalOf(result)).toEqual(refusal);
  });
});
