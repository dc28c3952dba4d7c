import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { here } from '../../../test/render-app';
import { resetApp } from '../../../test/setup';
import { callsTo, openCheckout, payButton, setUpCheckoutServer, summary } from '../test/checkout-setup';

const ctx = setUpCheckoutServer();

function enterCard(number: string) {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '12/39' } });
  fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '123' } });
}

describe('paying by card in test mode', () => {
  it('pays the server’s total with 4242: the test provider, then the confirmation, then the success page', async () => {
    const router = await openCheckout();
    expect(screen.getByRole('note').textContent).toContain('Test mode — no money moves.');
    // the card method is chosen first, and the pay button shows the grand total with its currency
    expect(screen.getByRole('radio', { name: 'Card' })).toHaveProperty('checked', true);
    await waitFor(() => expect(payButton().textContent).toBe('Pay €29.70'));
    enterCard('4242 4242 4242 4242');
    fireEvent.click(payButton());

    expect(
      await screen.findByRole('heading', { name: 'Thank you for your order!' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(here(router)).toBe('/checkout/success?order=900');
    const [order] = callsTo(ctx.server.requests, 'POST', '/v3/orders/');
    expect(JSON.parse(order!.body)).toMatchObject({
      platform: 'site',
      payment_method: 'stripe',
      save_card: false,
    });
    // only the number leaves the browser, and only to the test provider
    expect(order!.body).not.toContain('4242');
    const paid = callsTo(
      ctx.server.requests,
      'POST',
      '/test-payments/v1/intents/ti_00000000000000000900/confirm/',
    );
    expect(JSON.parse(paid[0]!.body)).toEqual({ card_number: '4242424242424242' });
    const confirm = callsTo(ctx.server.requests, 'POST', '/v3/orders/confirm-payment/');
    expect(JSON.parse(confirm[0]!.body)).toMatchObject({
      transaction_id: 'ti_00000000000000000900',
      payment_method: 'stripe',
    });
    const sequence = ctx.server.requests.map((r) => r.path);
    expect(sequence.indexOf(paid[0]!.path)).toBeLessThan(sequence.indexOf(confirm[0]!.path));
    // the success page: the order's lines, total and a way back to the album
    expect(screen.getByText('3 photos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Alpine Marathon 2026' }).getAttribute('href')).toBe(
      '/checkins/K7M2Q9P',
    );
    // the cart is asked again after the payment: the header's count empties
    await waitFor(() =>
      expect(ctx.server.requests.filter((r) => r.path === '/api/cart/totals/').length).toBeGreaterThanOrEqual(
        1,
      ),
    );
  });

  it('creates one order however often the pay button is pressed', async () => {
    await openCheckout();
    await waitFor(() => expect(payButton().textContent).toBe('Pay €29.70'));
    enterCard('4242424242424242');
    const button = payButton();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByRole('heading', { name: 'Thank you for your order!' }, { timeout: 5000 });
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/')).toHaveLength(1);
  });

  it('checks the card form before anything is sent', async () => {
    await openCheckout();
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242' } });
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '01/20' } });
    fireEvent.click(payButton());
    expect(await screen.findByText('Enter a valid card number.')).toBeTruthy();
    expect(screen.getByText('This card has expired.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/')).toHaveLength(0);
    expect(within(summary()).getByText('Grand total')).toBeTruthy();
  });

  it('charges the default saved card without the card form', async () => {
    ctx.checkout.state.cards = [
      { id: 'pm_old', brand: 'visa', last4: '1111', exp_month: 1, exp_year: 2031, is_default: false },
      { id: 'pm_main', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, is_default: true },
    ];
    await openCheckout();
    const saved = await screen.findByRole('radio', { name: /VISA ending in 4242/ });
    await waitFor(() => expect(saved).toHaveProperty('checked', true));
    // saved cards come first, then the new card
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'VISA ending in 1111 · expires 01/31',
      'VISA ending in 4242 · expires 12/30Default',
      'New card',
      'iDEAL',
      'Bank transfer',
    ]);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    fireEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Thank you for your order!' }, { timeout: 5000 });
    expect(JSON.parse(callsTo(ctx.server.requests, 'POST', '/v3/orders/')[0]!.body)).toMatchObject({
      saved_card_id: 'pm_main',
    });
    expect(ctx.server.requests.some((r) => r.path.includes('/test-payments/'))).toBe(false);
  });

  it('never loads Stripe in test mode, and shows Stripe’s Payment Element instead of the test form with a key', async () => {
    const stripeScript = () => document.querySelector('script[src*="js.stripe.com"]');
    await openCheckout();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(stripeScript()).toBeNull();
    cleanup();

    resetApp(`${ctx.server.url}/api`);
    useAppStore.getState().setAuth('k1');
    ctx.checkout.state.stripeKey = 'pk_test_123';
    await openCheckout();
    await waitFor(() => expect(stripeScript()).not.toBeNull());
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
