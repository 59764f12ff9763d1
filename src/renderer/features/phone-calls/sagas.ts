/**
 * The host's phone calls over HTTP (the spec's `POST /api/v1/calls`, `DELETE /api/v1/calls/{sid}`),
 * with the person's own proof. What the server refuses is said with the catalogue's words when
 * its code is known (already in a call, not available, not entitled, a denied number, too many
 * calls), and "phone call unexpected error" when
 * the server or the network failed.
 */
import { call, put, select, takeLatest } from 'typed-redux-saga';
import {
  PHONE_CALL_API,
  type PhoneCallTextKey,
  type StartPhoneCallRequest,
  type StartPhoneCallResponse,
} from '../../../shared/phone-calls';
import type { AppDeps } from '../../app/deps';
import type { HttpResult } from '../../lib/http';
import { selectRoomId } from '../conversation/selectors';
import { identityHeaders, waitForIdentity } from '../identity/sagas';
import { type PhoneCallsState, phoneCallsActions } from './slice';

const KEYS_BY_CODE: Record<string, PhoneCallTextKey> = {
  'phone-call-in-progress': 'alreadyInCall',
  'phone-calls-unavailable': 'unavailable',
  'phone-call-unexpected-error': 'unexpectedError',
  'call-not-found': 'notFound',
  'room-not-found': 'notFound',
  // Toll fraud (issue 29): who may call, which numbers, how often.
  'phone-calls-not-entitled': 'notEntitled',
  'phone-country-not-allowed': 'countryNotAllowed',
  'phone-number-denied': 'deniedNumber',
  'phone-calls-rate-limited': 'tooManyCalls',
};

export function refusalOf(result: Extract<HttpResult<unknown>, { ok: false }>): PhoneCallsState['refusal'] {
  const key = typeof result.code === 'string' ? KEYS_BY_CODE[result.code] : undefined;
  if (key) return { key };
  if (result.status === 0 || result.status >= 500) return { key: 'unexpectedError' };
  return { message: result.message };
}

function* dial(deps: AppDeps, action: ReturnType<typeof phoneCallsActions.dialRequested>) {
  const roomId = yield* select(selectRoomId);
  if (!roomId) {
    yield* put(phoneCallsActions.dialSettled({ refusal: { key: 'notFound' } }));
    return;
  }
  const identity = yield* call(waitForIdentity);
  const body: StartPhoneCallRequest = { roomId, ...action.payload };
  const result = yield* call(
    [deps.http, deps.http.post<StartPhoneCallResponse>],
    PHONE_CALL_API.calls,
    body,
    {
      headers: identityHeaders(identity),
    },
  );
  if (!result.ok)
    deps.logger.log('warn', 'phone-calls', `dialling was refused: ${result.status} ${result.message}`);
  yield* put(phoneCallsActions.dialSettled(result.ok ? {} : { refusal: refusalOf(result) }));
}

function* hangUp(deps: AppDeps, action: ReturnType<typeof phoneCallsActions.hangUpRequested>) {
  const identity = yield* call(waitForIdentity);
  const result = yield* call(
    [deps.http, deps.http.delete<StartPhoneCallResponse>],
    PHONE_CALL_API.call(action.payload.sid),
    { headers: identityHeaders(identity) },
  );
  if (!result.ok)
    deps.logger.log('warn', 'phone-calls', `hanging up was refused: ${result.status} ${result.message}`);
  yield* put(phoneCallsActions.hangUpSettled(result.ok ? {} : { refusal: refusalOf(result) }));
}

export function* phoneCallsSaga(deps: AppDeps) {
  yield* takeLatest(phoneCallsActions.dialRequested.type, dial, deps);
  yield* takeLatest(phoneCallsActions.hangUpRequested.type, hangUp, deps);
}
