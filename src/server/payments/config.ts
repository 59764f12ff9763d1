/**
 * Payment and places settings, from the environment:
 * - HEARKEN_STRIPE_SECRET_KEY and HEARKEN_STRIPE_WEBHOOK_SECRET: a real Stripe account (both or
 *   neither).
 * - Without them, the local checkout stand-in (stand-in.ts) plays Stripe, on
 *   HEARKEN_STRIPE_STAND_IN_PORT (default: any free port) of this machine, keeping what it holds
 *   in the data folder (HEARKEN_DATA_DIR) as the rest of the server does (stand-in-state.ts) —
 *   but only when asked for (HEARKEN_PAYMENTS=stand-in, which `npm start` and the tests set) or
 *   when the server listens on loopback only (development). The stand-in "sells" licences for
 *   nothing, so a deployment that forgot its keys must not run it: beyond loopback without keys,
 *   payments are off, buying answers "payments are not configured" and the server says so at
 *   start. HEARKEN_PAYMENTS=off turns them off anywhere.
 * - HEARKEN_PLACES_API_KEY: a Google Places API key for organisation search; without it the
 *   bundled gazetteer answers (places/gazetteer.ts).
 */
import { join } from 'node:path';
import { STAND_IN_STATE_FILE } from './stand-in-state';

import { isLoopbackHost } from '../config-safety';

export type PaymentsConfig =
  | { kind: 'stripe'; secretKey: string; webhookSecret: string }
  | { kind: 'stand-in'; port: number; stateFile: string }
  | { kind: 'off'; reason: string };

/** What buying answers, and what the server logs at start, when payments are off. */
export const PAYMENTS_NOT_CONFIGURED =
  'Payments are not configured on this server. An operator sets HEARKEN_STRIPE_SECRET_KEY and HEARKEN_STRIPE_WEBHOOK_SECRET.';

const PAYMENTS_MODES = ['stripe', 'stand-in', 'off'] as const;

/** `host`: the address the server listens on (HEARKEN_HOST). */
export function loadPaymentsConfig(
  env: Record<string, string | undefined>,
  dataDir: string,
  host: string,
): PaymentsConfig {
  const mode = env.HEARKEN_PAYMENTS?.trim() || undefined;
  if (mode !== undefined && !(PAYMENTS_MODES as readonly string[]).includes(mode)) {
    throw new Error(`HEARKEN_PAYMENTS must be one of ${PAYMENTS_MODES.join(', ')}, got "${mode}"`);
  }
  if (mode === 'off') return { kind: 'off', reason: 'HEARKEN_PAYMENTS=off' };
  const secretKey = env.HEARKEN_STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.HEARKEN_STRIPE_WEBHOOK_SECRET?.trim();
  if (secretKey || webhookSecret) {
    if (!secretKey || !webhookSecret) {
      throw new Error(
        'HEARKEN_STRIPE_SECRET_KEY and HEARKEN_STRIPE_WEBHOOK_SECRET go together: set both or neither',
      );
    }
    if (!/^(sk|rk)_(test|live)_/.test(secretKey)) {
      throw new Error('HEARKEN_STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_… or rk_…)');
    }
    if (!webhookSecret.startsWith('whsec_')) {
      throw new Error('HEARKEN_STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
    }
    if (mode === 'stand-in') {
      throw new Error('HEARKEN_PAYMENTS=stand-in and Stripe keys contradict each other: choose one');
    }
    return { kind: 'stripe', secretKey, webhookSecret };
  }
  if (mode === 'stripe') {
    throw new Error(
      'HEARKEN_PAYMENTS=stripe needs HEARKEN_STRIPE_SECRET_KEY and HEARKEN_STRIPE_WEBHOOK_SECRET',
    );
  }
  if (mode !== 'stand-in' && !isLoopbackHost(host)) {
    return {
      kind: 'off',
      reason: `no Stripe keys, and the checkout stand-in runs only on loopback or with HEARKEN_PAYMENTS=stand-in (this server listens on ${host})`,
    };
  }
  const rawPort = env.HEARKEN_STRIPE_STAND_IN_PORT?.trim();
  const port = rawPort ? Number(rawPort) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`HEARKEN_STRIPE_STAND_IN_PORT must be a port number, got "${rawPort}"`);
  }
  return { kind: 'stand-in', port, stateFile: join(dataDir, STAND_IN_STATE_FILE) };
}

export function loadPlacesApiKey(env: Record<string, string | undefined>): string | undefined {
  return env.HEARKEN_PLACES_API_KEY?.trim() || undefined;
}
