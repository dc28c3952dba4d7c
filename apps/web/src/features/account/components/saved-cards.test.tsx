import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { fakePurchases, makeCard } from '../test/fake-purchases';

let server: Awaited<ReturnType<typeof startTestServer>>;
let purchases: ReturnType<typeof fakePurchases>;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    return purchases.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  useAppStore.getState().setAuth('k1');
  purchases = fakePurchases({
    cards: [
      makeCard('pm_visa', { is_default: true }),
      makeCard('pm_mc', { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2031 }),
    ],
  });
});
afterEach(cleanup);

async function openCards() {
  renderApp('/profile/resume');
  const section = (await screen.findByRole('heading', { name: 'Saved cards' }, { timeout: 5000 }))
    .parentElement!;
  await within(section).findByText('Visa ending in 4242');
  return section;
}

const rows = (section: HTMLElement) =>
  within(section)
    .queryAllByRole('listitem')
    .map((row) => row.querySelector('.saved-card-text')?.textContent);

const changes = () =>
  server.requests
    .filter((r) => r.method !== 'GET' && r.path.includes('/payment-methods/'))
    .map((r) => `${r.method} ${r.path}`);

describe('saved cards on the profile', () => {
  it('lists brand, last digits, expiry and the default, and makes another card the default', async () => {
    const section = await openCards();
    expect(rows(section)).toEqual([
      'Visa ending in 4242Expires 04/2030Default',
      'Mastercard ending in 4444Expires 11/2031',
    ]);
    const [visa, mastercard] = within(section).getAllByRole('listitem');
    // the default has nothing to make default
    expect(within(visa!).queryByRole('button', { name: 'Make default' })).toBeNull();
    const make = within(mastercard!).getByRole('button', { name: 'Make default' });
    expect(make.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(make);
    expect(
      await within(section).findByText('Mastercard ending in 4444 is now your default card.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(rows(section)).toEqual([
        'Visa ending in 4242Expires 04/2030',
        'Mastercard ending in 4444Expires 11/2031Default',
      ]),
    );
    expect(changes()).toEqual(['PATCH /api/payments/v1/stripe/payment-methods/pm_mc/set-default/']);
  });

  it('removes a card only after the confirmation, and says when none is left', async () => {
    purchases.state.cards = [makeCard('pm_visa', { is_default: true })];
    const section = await openCards();
    fireEvent.click(within(section).getByRole('button', { name: 'Remove' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    expect(
      within(dialog).getByText(/Visa ending in 4242 will no longer be offered at checkout/),
    ).toBeTruthy();
    // cancelled: nothing sent, the card stays
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes()).toEqual([]);
    expect(rows(section)).toHaveLength(1);

    fireEvent.click(within(section).getByRole('button', { name: 'Remove' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await within(section).findByText('Visa ending in 4242 has been removed.')).toBeTruthy();
    expect(await within(section).findByText(/You have no saved cards/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(changes()).toEqual(['POST /api/payments/v1/stripe/payment-methods/pm_visa/detach/']);
  });

  it('keeps the card and shows the error when removing fails', async () => {
    purchases.state.fail.add('detach');
    const section = await openCards();
    fireEvent.click(within(section).getAllByRole('button', { name: 'Remove' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(rows(section)).toHaveLength(2);
  });
});
