import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { callsTo, openCheckout, payButton, setUpCheckoutServer } from '../test/checkout-setup';

const ctx = setUpCheckoutServer();

describe('the checkout while staff view the app as the user', () => {
  it('disables Pay and says why (only the account’s owner pays; the server refuses it too)', async () => {
    // staff's session (k1) remembered, the user's in use
    useAppStore.getState().startImpersonation('key-dana', 'Token');
    await openCheckout();
    const pay = payButton() as HTMLButtonElement;
    await waitFor(() => expect(pay.textContent).toBe('Pay €29.70'));
    expect(pay.disabled).toBe(true);
    const why = document.getElementById(pay.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe(
      'Paying is not possible while you view the app as another user: only the account’s owner can pay.',
    );
    fireEvent.submit(pay.form ?? document.body);
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/')).toEqual([]);
  });

  it('leaves Pay alone in the user’s own session', async () => {
    await openCheckout();
    const pay = payButton() as HTMLButtonElement;
    await waitFor(() => expect(pay.textContent).toBe('Pay €29.70'));
    expect(pay.disabled).toBe(false);
    expect(pay.hasAttribute('aria-describedby')).toBe(false);
  });
});
