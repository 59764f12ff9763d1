/**
 * The Scribe desk as the server runs it: who pays for a Scribe's time (the charge policy, by
 * HEARKEN_SCRIBES_FOR), the organisation's monthly limit, and the clock credits are counted
 * down by (tests give their own). And Scribe training, with the items it ships with.
 */
import { join } from 'node:path';
import { SCRIBE_TICK_MS } from '../../shared/scribe/model';
import { packageRoot } from '../package-root';
import type { MeterClock, CreditRepository } from '../credits';
import type { LicenceRepository } from '../licences';
import type { ServerLimits } from '../limits';
import { chargeScribeSecond, freeScribeSecond, scribeRequestRefusal } from './credit';
import { ScribeDesk, type ScribeDeskDeps } from './desk';
import { organizationScribeLimit, type ScribeLimitDeps } from './scribe-limit';
import { ScribeTraining, loadTrainingItems } from './training';

/**
 * Scribes for organisations: the requester's credit pays each second and a request without a
 * licence or credit is refused. Scribes for everyone (a private installation): free, never refused.
 */
export function scribeCharging(deps: {
  policy: ServerLimits['scribesFor'];
  credits: Pick<CreditRepository, 'spendScribe' | 'get'>;
  licences: Pick<LicenceRepository, 'activeHeldBy'>;
  now(): number;
}): Pick<ScribeDeskDeps, 'charge' | 'refuseRequest'> {
  if (deps.policy === 'everyone') return { charge: freeScribeSecond };
  return {
    charge: chargeScribeSecond(deps.credits, SCRIBE_TICK_MS),
    refuseRequest: scribeRequestRefusal(deps),
  };
}

export interface OpenScribeDeskDeps extends Pick<ScribeDeskDeps, 'registry' | 'now' | 'log' | 'leaseOf'> {
  stores: {
    scribeRequests: ScribeDeskDeps['requests'];
    rooms: ScribeDeskDeps['rooms'];
    credits: Pick<CreditRepository, 'spendScribe' | 'get'>;
    licences: Pick<LicenceRepository, 'activeHeldBy'>;
    users: ScribeLimitDeps['users'];
    workspace: ScribeLimitDeps['workspace'];
  };
  scribesFor: ServerLimits['scribesFor'];
  /** The credit clock: a Scribe's seconds are ticked by it. */
  clock: Pick<MeterClock, 'setInterval' | 'clearInterval'>;
}

export function openScribeDesk(deps: OpenScribeDeskDeps): ScribeDesk {
  const { stores, registry, now, log, leaseOf } = deps;
  const { credits, licences, users, workspace } = stores;
  return new ScribeDesk({
    requests: stores.scribeRequests,
    rooms: stores.rooms,
    registry,
    ...scribeCharging({ policy: deps.scribesFor, credits, licences, now }),
    setInterval: (fn, ms) => deps.clock.setInterval(fn, ms),
    clearInterval: (handle) => deps.clock.clearInterval(handle),
    now,
    log,
    withinScribeLimit: organizationScribeLimit({ users, workspace, now }),
    // Cluster mode: a room's request is kept and counted by the room's owner only.
    ...(leaseOf ? { leaseOf } : {}),
  });
}

/** Scribe training: its practice items ship with the server (resources/scribe-training). */
export function openScribeTraining(
  registry: ConstructorParameters<typeof ScribeTraining>[1],
  log: ConstructorParameters<typeof ScribeTraining>[2],
): ScribeTraining {
  return new ScribeTraining(
    loadTrainingItems(join(packageRoot(), 'resources', 'scribe-training')),
    registry,
    log,
  );
}
