import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { here, renderApp } from '../../../test/render-app';
import { callsTo, openCheckout, payButton, setUpCheckoutServer } from '../test/checkout-setup';
import { makeOrder } from '../test/fake-checkout';

const ctx = setUpCheckoutServer();

describe('the pages after paying', () => {
  it('shows the pending title and the transfer instructions of a bank transfer', async () => {
    await openCheckout();
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    // the method's message is shown when it is chosen
    expect(screen.getByText('Your photos are unlocked when the transfer arrives.')).toBeTruthy();
    fireEvent.click(payButton());
    const title = await screen.findByRole(
      'heading',
      { name: 'Order received — waiting for your bank transfer' },
      { timeout: 5000 },
    );
    expect(title).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Bank transfer details' });
    const value = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(value('Beneficiary')).toBe('Fotodrop Demo Srl');
    expect(value('Account (IBAN)')).toBe('IT60X0542811101000000123456');
    expect(value('BIC / SWIFT')).toBe('BPMOIT22XXX');
    expect(value('Reference')).toBe('FD-900');
    expect(value('Amount')).toBe('€29.70');
    expect(within(details).getByText('Your photos are unlocked when the transfer arrives.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My albums' }).getAttribute('href')).toBe('/checkins');
    // nothing to confirm with a provider: the order waits for the transfer
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/confirm-payment/')).toHaveLength(0);
  });

  it('shows the checkout error page for a failed order', async () => {
    ctx.checkout.state.orders.set(
      901,
      makeOrder({
        id: 901,
        status: 'failed',
        failure_message: 'Your card was declined.',
        failure_reason: 'declined',
      }),
    );
    renderApp('/checkout/success?order=901');
    expect(await screen.findByRole('heading', { name: 'Payment failed' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the cart' }).getAttribute('href')).toBe('/checkout');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toContain(
      'subject=Payment%20problem%20with%20order%20901',
    );
  });

  it('pays a redirect method on the test payment page and confirms it on the way back', async () => {
    const router = await openCheckout();
    fireEvent.click(screen.getByRole('radio', { name: 'iDEAL' }));
    fireEvent.change(screen.getByLabelText('Your bank'), { target: { value: 'ing' } });
    fireEvent.click(payButton());
    const authorize = await screen.findByRole(
      'button',
      { name: 'Authorize test payment' },
      { timeout: 5000 },
    );
    expect(screen.getByText('€29.70')).toBeTruthy();
    fireEvent.click(authorize);
    await screen.findByRole('heading', { name: 'Thank you for your order!' }, { timeout: 5000 });
    expect(here(router)).toBe('/checkout/success?order=900');
    const [confirm] = callsTo(ctx.server.requests, 'POST', '/v3/orders/confirm-payment/');
    expect(JSON.parse(confirm!.body)).toMatchObject({
      transaction_id: 'ti_00000000000000000900',
      payment_method: 'ideal',
    });
  });

  it('sends an unknown Mercado Pago status to the albums', async () => {
    const router = renderApp('/checkout/mercado-pago/approved?payment_id=1');
    await waitFor(() => expect(here(router)).toBe('/checkins'));
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/confirm-payment/')).toHaveLength(0);
  });

  it('confirms a Mercado Pago return with its payment id and shows a refused one as failed', async () => {
    ctx.checkout.state.intents.set('mp-123', {
      order: 950,
      status: 'failed',
      confirms: 1,
      message: 'Rejected.',
    });
    ctx.checkout.state.orders.set(950, makeOrder({ id: 950, payment_method: 'mercado-pago' }));
    renderApp('/checkout/mercado-pago/failure?payment_id=mp-123&preference_id=pref-9&status=rejected');
    expect(await screen.findByRole('heading', { name: 'Payment failed' }, { timeout: 5000 })).toBeTruthy();
    // our reason in our words (issue 17), never the provider's text
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    expect(screen.queryByText('Rejected.')).toBeNull();
    const [confirm] = callsTo(ctx.server.requests, 'POST', '/v3/orders/confirm-payment/');
    expect(JSON.parse(confirm!.body)).toMatchObject({
      transaction_id: 'mp-123',
      payment_method: 'mercado-pago',
      extra_data: { payment_id: 'mp-123', preference_id: 'pref-9', status: 'rejected' },
    });
  });
});
