import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../shared/api/query-client';
import { switchLanguage } from '../../../shared/i18n/i18n';
import { useAppStore } from '../../../shared/store/app-store';
import { renderApp } from '../../../test/render-app';
import { callsTo, openCheckout, payButton, setUpCheckoutServer, summary } from '../test/checkout-setup';

const ctx = setUpCheckoutServer();
afterEach(() => switchLanguage('en'));

async function applyCode(code: string) {
  fireEvent.click(within(summary()).getByRole('button', { name: 'Have a promo code?' }));
  const dialog = await screen.findByRole('dialog', { name: 'Promo code' });
  fireEvent.change(within(dialog).getByLabelText('Your promo code'), { target: { value: code } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Continue' }));
}

describe('the checkout after a reload (issue 17, item 6)', () => {
  it('keeps the promo code, re-checked by the server', async () => {
    await openCheckout();
    await applyCode('SAVE10');
    await waitFor(() => expect(payButton().textContent).toBe('Pay €19.70'));
    // a reload: the page's memory is gone (query cache, store), the browser's storage stays
    cleanup();
    queryClient.clear();
    expect(localStorage.getItem('voucher')).toBe('SAVE10');
    await useAppStore.persist.rehydrate();
    ctx.server.requests.length = 0;

    await openCheckout();
    await waitFor(() => expect(payButton().textContent).toBe('Pay €19.70'));
    expect(within(summary()).getByText('Promo code SAVE10')).toBeTruthy();
    await waitFor(() =>
      expect(
        callsTo(ctx.server.requests, 'GET', '/v1/cart/').some((r) => r.path.includes('voucher_code=SAVE10')),
      ).toBe(true),
    );
  });

  it('drops a kept code the server no longer accepts, and says so', async () => {
    useAppStore.getState().setVoucher('USED1');
    await openCheckout();
    expect(await within(summary()).findByText('Promotion already used')).toBeTruthy();
    await waitFor(() => expect(payButton().textContent).toBe('Pay €29.70'));
    expect(within(summary()).getByRole('button', { name: 'Have a promo code?' })).toBeTruthy();
    expect(useAppStore.getState().voucher).toBeNull();
  });

  it("applies the home page link's saved voucher (?voucher=) at checkout", async () => {
    useAppStore.getState().setVoucher('SAVE10');
    await openCheckout();
    await waitFor(() => expect(payButton().textContent).toBe('Pay €19.70'));
  });
});

describe('the pay button (issue 17, item 6)', () => {
  it('says "Place order" for a bank transfer, which charges nothing now', async () => {
    await openCheckout();
    expect(payButton().textContent).toBe('Pay €29.70');
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    await waitFor(() => expect(within(summary()).getByRole('button', { name: 'Place order' })).toBeTruthy());
  });
});

describe('payment method names in every language (issue 17, item 6)', () => {
  it.each([
    ['de', 'Karte', 'Banküberweisung'],
    ['it', 'Carta', 'Bonifico bancario'],
    ['pl', 'Karta', 'Przelew bankowy'],
    ['uk', 'Картка', 'Банківський переказ'],
  ] as const)('names card and bank transfer in %s', async (language, card, transfer) => {
    await switchLanguage(language);
    await openCheckoutIn();
    const methods = screen.getByRole('radiogroup');
    expect(within(methods).getByRole('radio', { name: card })).toBeTruthy();
    expect(within(methods).getByRole('radio', { name: transfer })).toBeTruthy();
    expect(within(methods).queryByText('Card')).toBeNull();
    expect(within(methods).queryByText('Bank transfer')).toBeNull();
  });
});

/** openCheckout waits for English headings; in another language wait for the checked method. */
async function openCheckoutIn() {
  renderApp('/checkout');
  const methods = await screen.findByRole('radiogroup', {}, { timeout: 5000 });
  await waitFor(() =>
    expect(
      within(methods)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(true),
  );
}

describe('a decline in the interface language (issue 17, item 6)', () => {
  it.each([
    ['de', 'Deine Karte wurde abgelehnt.'],
    ['it', 'La tua carta è stata rifiutata.'],
    ['pl', 'Twoja karta została odrzucona.'],
    ['uk', 'Вашу картку відхилено.'],
  ] as const)("says the provider's decline in our words in %s, never its English", async (language, text) => {
    await switchLanguage(language);
    await openCheckoutIn();
    fireEvent.change(document.querySelector('input[name="card_number"]')!, {
      target: { value: '4000 0000 0000 0002' },
    });
    fireEvent.change(document.querySelector('input[name="card_expiry"]')!, { target: { value: '12/39' } });
    fireEvent.change(document.querySelector('input[name="card_cvc"]')!, { target: { value: '123' } });
    fireEvent.click(document.querySelector<HTMLButtonElement>('.checkout-summary button[type="submit"]')!);
    const modal = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(await within(modal).findByText(text)).toBeTruthy();
    expect(within(modal).queryByText('Your card was declined.')).toBeNull();
  });
});
