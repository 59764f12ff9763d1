import { describe, expect, it } from 'vitest';
import { PAYMENTS_NOT_CONFIGURED, loadPaymentsConfig } from '../../../../src/server/payments/config';
import { Payments, PaymentsNotConfigured } from '../../../../src/server/payments/payments';

const KEYS = { HEARKEN_STRIPE_SECRET_KEY: 'sk_test_abc', HEARKEN_STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

describe('loadPaymentsConfig', () => {
  it('uses Stripe when its keys are set, wherever the server listens', () => {
    expect(loadPaymentsConfig(KEYS, '/data', '0.0.0.0').kind).toBe('stripe');
  });

  it('runs the checkout stand-in without keys on loopback (development)', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      expect(loadPaymentsConfig({}, '/data', host)).toMatchObject({
        kind: 'stand-in',
        stateFile: '/data/stripe-stand-in.json',
      });
    }
  });

  it('turns payments off beyond loopback without keys, so licences are never given away', () => {
    const config = loadPaymentsConfig({}, '/data', '0.0.0.0');
    expect(config.kind).toBe('off');
    expect(config.kind === 'off' && config.reason).toContain('0.0.0.0');
  });

  it('runs the stand-in beyond loopback only when asked for', () => {
    expect(loadPaymentsConfig({ HEARKEN_PAYMENTS: 'stand-in' }, '/data', '0.0.0.0').kind).toBe('stand-in');
  });

  it('turns payments off when asked, even on loopback', () => {
    expect(loadPaymentsConfig({ HEARKEN_PAYMENTS: 'off' }, '/data', '127.0.0.1').kind).toBe('off');
  });

  it('refuses a mode it does not know, and modes that contradict the keys', () => {
    expect(() => loadPaymentsConfig({ HEARKEN_PAYMENTS: 'free' }, '/data', '127.0.0.1')).toThrow(
      /HEARKEN_PAYMENTS must be one of/,
    );
    expect(() => loadPaymentsConfig({ HEARKEN_PAYMENTS: 'stripe' }, '/data', '127.0.0.1')).toThrow(
      /needs HEARKEN_STRIPE_SECRET_KEY/,
    );
    expect(() => loadPaymentsConfig({ ...KEYS, HEARKEN_PAYMENTS: 'stand-in' }, '/data', '127.0.0.1')).toThrow(
      /contradict/,
    );
  });
});

describe('Payments while off', () => {
  it('answers every call with "payments are not configured", never a checkout', async () => {
    const payments = await Payments.open({ kind: 'off', reason: 'test' });
    expect(payments.configured).toBe(false);
    expect(payments.provider).toContain('off (test)');
    const checkout = payments.createCheckout({
      organizationId: 'o',
      organizationName: 'O',
      customerId: 'c',
      adminEmail: undefined,
      interval: 'month',
      count: 1,
      language: undefined,
      origin: 'http://x',
    });
    await expect(checkout).rejects.toBeInstanceOf(PaymentsNotConfigured);
    await expect(payments.createCustomer('o', 'O', undefined)).rejects.toThrow(PAYMENTS_NOT_CONFIGURED);
    expect(() => payments.verify('{}', 't=1,v1=x')).toThrow(PaymentsNotConfigured);
    await payments.close();
  });
});
