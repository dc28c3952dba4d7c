import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { callsTo, openCheckout, payButton, setUpCheckoutServer, summary } from '../test/checkout-setup';

const ctx = setUpCheckoutServer();

async function tryCode(code: string) {
  fireEvent.click(within(summary()).getByRole('button', { name: 'Have a promo code?' }));
  const dialog = await screen.findByRole('dialog', { name: 'Promo code' });
  fireEvent.change(within(dialog).getByLabelText('Your promo code'), { target: { value: code } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
  return dialog;
}

async function payByTransfer() {
  fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }));
  fireEvent.click(payButton());
  await screen.findByRole('heading', { name: /Order received/ }, { timeout: 5000 });
  return JSON.parse(callsTo(ctx.server.requests, 'POST', '/v3/orders/')[0]!.body) as Record<string, unknown>;
}

describe('the promo code', () => {
  it('says an unknown code is invalid and a used one is used, and keeps the price', async () => {
    await openCheckout();
    let dialog = await tryCode('NOPE');
    expect(await within(dialog).findByText('Invalid promo code')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    dialog = await tryCode('USED1');
    expect(await within(dialog).findByText('Promotion already used')).toBeTruthy();
    expect(
      callsTo(ctx.server.requests, 'GET', '/v1/cart/').some((r) => r.path.includes('voucher_code=USED1')),
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(payButton().textContent).toBe('Pay €29.70');
  });

  it('confirms a valid code with its discount, charges the lower total and sends the code with the order', async () => {
    await openCheckout();
    const dialog = await tryCode('SAVE10');
    expect(await within(dialog).findByText('Promo code SAVE10 applied')).toBeTruthy();
    expect(within(dialog).getByText('You save €10.00.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(payButton().textContent).toBe('Pay €19.70'));
    expect(within(summary()).getByText('Discount').nextElementSibling?.textContent).toBe('−€10.00');
    expect(await payByTransfer()).toMatchObject({ voucher_code: 'SAVE10', payment_method: 'bank-transfer' });
  });

  it('sends a campaign code while it runs', async () => {
    useAppStore
      .getState()
      .setCampaign({ campaign_code: 'SPRING', campaign_expires_at: '2999-01-01T00:00:00Z' });
    await openCheckout();
    expect(await payByTransfer()).toMatchObject({ campaign_code: 'SPRING' });
  });

  it('shows the campaign discount in the cart once it applies (issue 17, item 7)', async () => {
    useAppStore
      .getState()
      .setCampaign({ campaign_code: 'SPRING', campaign_expires_at: '2999-01-01T00:00:00Z' });
    await openCheckout();
    // 29.70 less 10 %: the campaign's line, and the price to pay
    const line = await within(summary()).findByText('Campaign SPRING (10 % off)');
    expect(line.nextElementSibling?.textContent).toBe('−€2.97');
    expect(payButton().textContent).toBe('Pay €26.73');
    expect(
      callsTo(ctx.server.requests, 'GET', '/v1/cart/').some((r) => r.path.includes('campaign_code=SPRING')),
    ).toBe(true);
    expect(within(summary()).queryByText('Discount')).toBeNull();
  });

  it('drops an expired campaign instead of sending it', async () => {
    useAppStore.getState().setCampaign({ campaign_code: 'OLD', campaign_expires_at: '2020-01-01T00:00:00Z' });
    await openCheckout();
    const body = await payByTransfer();
    expect(body).not.toHaveProperty('campaign_code');
    expect(useAppStore.getState().campaign).toBeNull();
  });
});
