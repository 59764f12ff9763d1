/**
 * Payment and places settings, from the environment:
 * - HEARKEN_STRIPE_SECRET_KEY and HEARKEN_STRIPE_WEBHOOK_SECRET: a real Stripe account (both or
 *   neither). Without them the local checkout stand-in (stand-in.ts) plays Stripe, on
 *   HEARKEN_STRIPE_STAND_IN_PORT (default: any free port) of this machine, keeping what it holds
 *   in the data folder (HEARKEN_DATA_DIR) as the rest of the server does (stand-in-state.ts).
 * - HEARKEN_PLACES_API_KEY: a Google Places API key for organisation search; without it the
 *   bundled gazetteer answers (places/gazetteer.ts).
 */
import { join } from 'node:path';
import { STAND_IN_STATE_FILE } from './stand-in-state';

export type PaymentsConfig =
  | { kind: 'stripe'; secretKey: string; webhookSecret: string }
  | { kind: 'stand-in'; port: number; stateFile: string };

export function loadPaymentsConfig(env: Record<string, string | undefined>, dataDir: string): PaymentsConfig {
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
    return { kind: 'stripe', secretKey, webhookSecret };
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
