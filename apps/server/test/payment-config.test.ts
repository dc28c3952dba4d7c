import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
};

/** Payment provider keys: a provider is configured whole or not at all. */
describe('payment provider configuration', () => {
  it('takes all three Stripe keys, or none', () => {
    expect(loadConfig(STRIPE)).toMatchObject(STRIPE);
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('refuses a partial set of Stripe keys, naming what is missing', () => {
    const { STRIPE_WEBHOOK_SECRET: _, ...partial } = STRIPE;
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig(partial)).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set/,
    );
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(/STRIPE_SECRET_KEY: required/);
  });

  it('needs the Mercado Pago webhook secret with its access token', () => {
    expect(() => loadConfig({ MERCADO_PAGO_ACCESS_TOKEN: 'TEST-1' })).toThrow(
      /MERCADO_PAGO_WEBHOOK_SECRET: required/,
    );
    expect(() => loadConfig({ MERCADO_PAGO_WEBHOOK_SECRET: 's' })).toThrow(
      /MERCADO_PAGO_ACCESS_TOKEN: required/,
    );
    expect(
      loadConfig({ MERCADO_PAGO_ACCESS_TOKEN: 'TEST-1', MERCADO_PAGO_WEBHOOK_SECRET: 's' }),
    ).toMatchObject({
      MERCADO_PAGO_ACCESS_TOKEN: 'TEST-1',
    });
  });
});
