import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isApiError } from '../../../shared/api/errors';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { initTestI18n, resetApp } from '../../../test/setup';
import { fakeCart, makeDigitalItem } from '../test/fake-cart';
import {
  useChangeItemMedias,
  useCreateDigitalItem,
  useDeleteCart,
  useDeleteDigitalItem,
  useSetItemType,
} from './cart-mutations';
import { useCartItems, useCartItemTotals, useCartTotals } from './cart-queries';

let server: Awaited<ReturnType<typeof startTestServer>>;
let cart: ReturnType<typeof fakeCart>;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => cart.handler(req));
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  useAppStore.getState().setAuth('k1');
  cart = fakeCart({ items: [makeDigitalItem({ id: 1, media_ids: [1, 2] })] });
});
afterEach(cleanup);

/** The cart as a screen sees it (no provider: the hooks bring the app's query client). */
async function renderCart() {
  const view = renderHook(() => ({
    items: useCartItems(),
    totals: useCartTotals(),
    itemTotals: useCartItemTotals(),
    create: useCreateDigitalItem(),
    change: useChangeItemMedias(),
    setType: useSetItemType(),
    remove: useDeleteDigitalItem(),
    empty: useDeleteCart(),
  }));
  await waitFor(() => expect(view.result.current.items.isSuccess).toBe(true));
  await waitFor(() => expect(view.result.current.totals.isSuccess).toBe(true));
  await waitFor(() => expect(view.result.current.itemTotals.data).toHaveLength(cart.state.items.length));
  server.requests.length = 0;
  return view;
}

const gets = (path: string) => server.requests.filter((r) => r.method === 'GET' && r.path === path).length;

describe('the cart hooks', () => {
  it('load the lines and the totals', async () => {
    const { result } = await renderCart();
    expect(result.current.items.data?.map((line) => line.media_ids)).toEqual([[1, 2]]);
    // a pick of two photos counts two items
    expect(result.current.totals.data).toMatchObject({ digital_items_count: 2, currency: 'EUR' });
    expect(result.current.itemTotals.data).toEqual([
      { id: 1, media_count: 2, total: '19.80', total_original: null },
    ]);
  });

  it('add media, then fetch lines, totals and line totals again', async () => {
    const { result } = await renderCart();
    await act(() =>
      result.current.create.mutateAsync({
        checkin_id: 41,
        gallery_id: null,
        order_type: 'PHOTOLIST',
        media_ids: [3],
      }),
    );
    // the server merged the pick into the album's line
    await waitFor(() =>
      expect(result.current.items.data?.map((line) => [line.id, line.media_ids])).toEqual([[1, [1, 2, 3]]]),
    );
    await waitFor(() => expect(result.current.totals.data?.digital_items_total).toBe('29.70'));
    await waitFor(() => expect(result.current.itemTotals.data?.[0]?.media_count).toBe(3));
    expect(gets('/api/cart/digital-items/')).toBe(1);
    expect(gets('/api/cart/totals/')).toBe(1);
    expect(gets('/api/cart/totals/items/')).toBe(1);
  });

  it('show a package at once, and the lines it replaced once they are fetched again', async () => {
    const { result } = await renderCart();
    await act(() =>
      result.current.create.mutateAsync({
        checkin_id: 41,
        gallery_id: null,
        order_type: 'ALL_PHOTOS',
        media_ids: [],
      }),
    );
    await waitFor(() =>
      expect(result.current.items.data?.map((line) => line.order_type)).toEqual(['ALL_PHOTOS']),
    );
    await waitFor(() => expect(result.current.totals.data?.digital_items_total).toBe('39.90'));
  });

  it('change what a line buys', async () => {
    const { result } = await renderCart();
    await act(() => result.current.setType.mutateAsync({ id: 1, type: 'ALL_PHOTOS' }));
    await waitFor(() =>
      expect(result.current.items.data?.map((line) => [line.id, line.order_type])).toEqual([
        [1, 'ALL_PHOTOS'],
      ]),
    );
    await waitFor(() => expect(result.current.totals.data?.digital_items_total).toBe('39.90'));
  });

  it('drop a line whose last media was taken out', async () => {
    const { result } = await renderCart();
    await act(() => result.current.change.mutateAsync({ id: 1, change: 'remove', mediaIds: [1, 2] }));
    // The answer empties the line; the list renders it on the next update.
    await waitFor(() => expect(result.current.items.data).toEqual([]));
    await waitFor(() => expect(result.current.totals.data?.currency).toBeNull());
    expect(gets('/api/cart/digital-items/')).toBe(1);
  });

  it('change nothing when the server refuses', async () => {
    const { result } = await renderCart();
    const before = { items: result.current.items.data, totals: result.current.totals.data };

    cart.state.refuse = 'currency_mismatch';
    let refusal: unknown;
    await act(() =>
      result.current.create
        .mutateAsync({ checkin_id: 41, gallery_id: null, order_type: 'PHOTOLIST', media_ids: [3] })
        .catch((error: unknown) => {
          refusal = error;
        }),
    );
    expect(isApiError(refusal) && refusal.code).toBe('currency_mismatch');
    expect(isApiError(refusal) && refusal.data).toEqual({ cart_currency: 'CHF', currency: 'EUR' });

    cart.state.fail.add('change');
    await act(() =>
      result.current.change.mutateAsync({ id: 1, change: 'remove', mediaIds: [1] }).catch(() => undefined),
    );
    cart.state.fail.add('delete');
    await act(() => result.current.remove.mutateAsync(1).catch(() => undefined));
    await waitFor(() =>
      expect((result.current.remove.error as { code?: string } | null)?.code).toBe('item_used_in_print'),
    );

    expect(result.current.items.data).toBe(before.items);
    expect(result.current.totals.data).toBe(before.totals);
    expect(gets('/api/cart/digital-items/') + gets('/api/cart/totals/')).toBe(0);
  });

  it('remove a line, and empty the whole cart', async () => {
    cart.state.items.push(makeDigitalItem({ id: 2, checkin_id: 77, picacode: 'OTHER01', media_ids: [9] }));
    const { result } = await renderCart();
    await waitFor(() => expect(result.current.items.data).toHaveLength(2));
    await act(() => result.current.remove.mutateAsync(1));
    await waitFor(() => expect(result.current.items.data?.map((line) => line.id)).toEqual([2]));
    await waitFor(() => expect(result.current.totals.data?.digital_items_count).toBe(1));

    await act(() => result.current.empty.mutateAsync());
    await waitFor(() => expect(result.current.items.data).toEqual([]));
    expect(result.current.itemTotals.data).toEqual([]);
    await waitFor(() => expect(result.current.totals.data?.digital_items_count).toBe(0));
  });
});
