/** A page's calls to main, typed by the channel map, and one place that decides what a failure does. */
import type { SagaIterator } from 'redux-saga';
import type { CallEffect } from 'redux-saga/effects';
import { type SagaGenerator, call } from 'typed-redux-saga';
import type { InvokeChannel, InvokeRequest, InvokeResults } from '../../../../shared/ipc';
import type { AppDeps } from '../../../app/deps';
import type { DesktopDeps } from '../deps';

export const TAG = 'desktop';

/**
 * Asks main and returns its answer (as a call effect, so tests see it); throws what the bridge
 * throws. `call` cannot infer a generic function's channel, hence the cast in one place.
 */
export function invokeMain<C extends InvokeChannel>(
  desktop: DesktopDeps,
  channel: C,
  request: InvokeRequest<C>,
): SagaGenerator<InvokeResults[C], CallEffect> {
  const invoke = desktop.bridge.invoke as (
    channel: C,
    request: InvokeRequest<C>,
  ) => Promise<InvokeResults[C]>;
  return call([desktop.bridge, invoke], channel, request);
}

function* askMainSaga<C extends InvokeChannel>(
  deps: AppDeps,
  desktop: DesktopDeps,
  channel: C,
  request: InvokeRequest<C>,
) {
  try {
    return yield* invokeMain(desktop, channel, request);
  } catch (error) {
    deps.logger.log('warn', TAG, `${channel} failed`, error);
    return undefined;
  }
}

/** A page asks main for something; a failure is logged, never thrown into the page. */
export function askMain<C extends InvokeChannel>(
  deps: AppDeps,
  desktop: DesktopDeps,
  channel: C,
  request: InvokeRequest<C>,
): SagaGenerator<InvokeResults[C] | undefined, CallEffect> {
  const saga = askMainSaga as (
    deps: AppDeps,
    desktop: DesktopDeps,
    channel: C,
    request: InvokeRequest<C>,
  ) => SagaIterator<InvokeResults[C] | undefined>;
  return call(saga, deps, desktop, channel, request);
}
