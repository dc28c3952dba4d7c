import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { fakeCart, makeDigitalItem } from '../../cart/test/fake-cart';
import { fakePrint } from '../test/fake-print';

let server: Awaited<ReturnType<typeof startTestServer>>;
let cart: ReturnType<typeof fakeCart>;
let print: ReturnType<typeof fakePrint>;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    return print.handler(req) ?? cart.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  useAppStore.getState().setAuth('k1');
  cart = fakeCart({ items: [makeDigitalItem({ id: 1, media_ids: [1, 2, 3] })] });
  print = fakePrint({ cart });
});
afterEach(cleanup);

const family = (name: string) => screen.getByRole('region', { name });

describe('the print product chooser', () => {
  it('lists the families in order, each product with what it takes and its lowest price', async () => {
    const router = renderApp('/print');
    await screen.findByRole('heading', { level: 1, name: 'Order prints' }, { timeout: 5000 });
    await screen.findByRole('region', { name: 'Prints' });
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Prints', 'Wall art', 'Photobook']);

    const prints = within(family('Prints')).getAllByRole('listitem');
    expect(prints).toHaveLength(1);
    expect(prints[0]!.textContent).toContain('Classic prints on professional photo paper.');
    expect(within(prints[0]!).getByText('Takes 1 to 100 photos')).toBeTruthy();
    expect(within(prints[0]!).getByText('from €1.90')).toBeTruthy();
    expect(within(family('Wall art')).getByText('Takes 1 photo')).toBeTruthy();
    expect(within(family('Wall art')).getByText('from €39.00')).toBeTruthy();
    expect(within(family('Photobook')).getByText('Takes 24 photos')).toBeTruthy();

    fireEvent.click(within(family('Wall art')).getByRole('link', { name: 'Canvas' }));
    await waitFor(() => expect(here(router)).toBe('/print/2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Canvas' })).toBeTruthy();
  });

  it('leaves out families without products, and says when there is nothing to print', async () => {
    print.state.products = print.state.products.filter((p) => p.family_id !== 2);
    renderApp('/print');
    await screen.findByRole('region', { name: 'Prints' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Wall art' })).toBeNull();
    cleanup();

    resetApp(`${server.url}/api`);
    useAppStore.getState().setAuth('k1');
    print.state.products = [];
    renderApp('/print');
    expect(
      await screen.findByText('No print products are available at the moment.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('offers to try again when the catalogue cannot be loaded', async () => {
    print.state.fail.add('catalogue');
    renderApp('/print');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The print products could not be loaded.');
    print.state.fail.clear();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Photobook' })).toBeTruthy();
  });

  it("opened from an album's print banner, shows that album's offer and keeps the album in what it opens", async () => {
    server.requests.length = 0;
    const router = renderApp('/print?checkin_id=41');
    await screen.findByRole('region', { name: 'Wall art' }, { timeout: 5000 });
    const asked = (path: string) =>
      server.requests.filter((r) => r.method === 'GET' && r.path.split('?')[0] === path).map((r) => r.path);
    expect(asked('/api/print/api/v1/products/').every((path) => path.includes('checkin_id=41'))).toBe(true);
    expect(asked('/api/print/api/v1/products/')).not.toEqual([]);

    fireEvent.click(within(family('Wall art')).getByRole('link', { name: 'Canvas' }));
    await waitFor(() => expect(here(router)).toBe('/print/2?checkin_id=41'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Canvas' })).toBeTruthy();
    await waitFor(() =>
      expect(asked('/api/print/api/v1/products/2/')).toEqual(['/api/print/api/v1/products/2/?checkin_id=41']),
    );
    expect(screen.getByRole('link', { name: 'All print products' }).getAttribute('href')).toBe(
      '/print?checkin_id=41',
    );
  });
});
