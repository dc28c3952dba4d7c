import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { here } from '../../../test/render-app';
import { callsTo, openCheckout, payButton, setUpCheckoutServer } from '../test/checkout-setup';

const ctx = setUpCheckoutServer();

function payWith(number: string) {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '12/39' } });
  fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '123' } });
  fireEvent.click(payButton());
}

describe('a card the provider refuses or wants confirmed', () => {
  it('shows the payment-error modal with the provider’s message, and the cart stays as it was', async () => {
    const router = await openCheckout();
    payWith('4000 0000 0000 0002');
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong' }, { timeout: 5000 });
    expect(within(modal).getByText('Your card was declined.')).toBeTruthy();
    expect(within(modal).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(
      /^mailto:support@fotodrop\.example\?subject=/,
    );
    expect(here(router)).toBe('/checkout');
    // the server heard of the decline from its provider too
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/confirm-payment/')).toHaveLength(1);

    fireEvent.click(within(modal).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const lines = screen.getByRole('list', { name: 'Digital photos and videos' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(1);
    expect(ctx.cart.state.items).toHaveLength(1);

    // another card, another order: this one is paid
    payWith('4242 4242 4242 4242');
    await screen.findByRole('heading', { name: 'Thank you for your order!' }, { timeout: 5000 });
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/')).toHaveLength(2);
  });

  it('asks for the bank’s confirmation (3-D Secure) with 3220, and pays on the second press', async () => {
    const router = await openCheckout();
    payWith('4000000000003220');
    const step = await screen.findByRole('dialog', { name: 'Confirm with your bank' }, { timeout: 5000 });
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/confirm-payment/')).toHaveLength(0);
    expect(here(router)).toBe('/checkout');
    fireEvent.click(within(step).getByRole('button', { name: 'Confirm payment' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' }, { timeout: 5000 });
    const confirms = ctx.server.requests.filter((r) => r.path.endsWith('/confirm/'));
    expect(confirms).toHaveLength(2);
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/')).toHaveLength(1);
  });

  it('Cancel in the bank’s dialog cancels the order on the server at once, and the cart pays again', async () => {
    const router = await openCheckout();
    payWith('4000000000003220');
    const step = await screen.findByRole('dialog', { name: 'Confirm with your bank' }, { timeout: 5000 });
    fireEvent.click(within(step).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // issue 17: the server hears of it, so the payment does not stay "processing" and lock the cart
    await waitFor(() =>
      expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/900/cancel/')).toHaveLength(1),
    );
    expect(ctx.checkout.state.orders.get(900)?.status).toBe('cancelled');
    expect(here(router)).toBe('/checkout');
    expect(ctx.cart.state.items).toHaveLength(1);
    await waitFor(() => expect(payButton()).toHaveProperty('disabled', false));
    payWith('4242 4242 4242 4242');
    await screen.findByRole('heading', { name: 'Thank you for your order!' }, { timeout: 5000 });
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/')).toHaveLength(2);
  });
});
