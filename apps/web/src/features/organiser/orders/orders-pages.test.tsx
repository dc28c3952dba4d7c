import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import type { OrganiserOrder, OrganiserOrderDetail } from '@fotodrop/contract/api/organiser-orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation, makeOrganiserEvent } from '../test/fixtures';

type Answer = { status: number; body?: unknown } | undefined;
let myRole: OrganisationRole;

const summary = (id: number, overrides: Partial<OrganiserOrder> = {}): OrganiserOrder => ({
  id,
  created_at: '2026-11-20T10:00:00Z',
  paid_at: '2026-11-20T10:01:00Z',
  status: 'paid',
  payment_method: 'stripe',
  buyer_email: `runner${id}@example.test`,
  buyer_name: `Ada Runner ${id}`,
  events: [{ slug: 'city-run', name: 'City Run' }],
  currency: 'EUR',
  grand_total: '24.00',
  refunded_total: '0.00',
  items_count: 3,
  has_prints: false,
  print_hold: 'none',
  print_hold_until: null,
  ...overrides,
});
const ORDERS = Array.from({ length: 30 }, (_, i) => summary(130 - i));
let detail: OrganiserOrderDetail;
const freshDetail = (): OrganiserOrderDetail => ({
  ...summary(130),
  organisation_id: 34,
  lines: [
    {
      id: 1,
      kind: 'digital',
      order_type: 'PHOTOLIST',
      description: 'City Run — 2 photos',
      quantity: 2,
      total: '20.00',
      discount: '2.00',
      refundable: '18.00',
      refunded: '0.00',
      media_ids: [5, 6],
      media: [
        { id: 5, file_name: 'DSC_0005.jpg', thumb_url: '/api/media/5/thumb-clean?sig=a', quantity: 1 },
        { id: 6, file_name: null, thumb_url: '/api/media/6/thumb-clean?sig=b', quantity: 1 },
      ],
      print: null,
      event: { slug: 'city-run', name: 'City Run' },
      picacode: 'K7M2Q9P',
    },
    {
      id: 2,
      kind: 'digital',
      order_type: 'VIDEOS',
      description: 'City Run — all videos',
      quantity: 1,
      total: '10.00',
      discount: '1.00',
      refundable: '9.00',
      refunded: '0.00',
      media_ids: [],
      media: [],
      print: null,
      event: { slug: 'city-run', name: 'City Run' },
      picacode: 'K7M2Q9P',
    },
  ],
  grand_total: '27.00',
  subtotal: '30.00',
  discount_total: '3.00',
  shipping_costs: '0.00',
  handling_fee: '0.00',
  voucher_code: 'PROMO10',
  campaign_code: null,
  failure_message: null,
  refundable_total: '27.00',
  payments: [
    {
      provider: 'test',
      provider_ref: 'ti_1',
      status: 'succeeded',
      amount: '27.00',
      created_at: '2026-11-20T10:00:00Z',
    },
  ],
  refunds: [],
  fulfilled_at: '2026-11-20T10:02:00Z',
  emails: [{ kind: 'purchase', sent_at: '2026-11-20T10:02:00Z' }],
  zips: [],
  downloads: [],
  lab_package: null,
  shipping_address: null,
});

function api(req: RecordedRequest): Answer {
  const url = new URL(req.path, 'http://x');
  if (url.pathname.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
  if (url.pathname === '/api/organiser/v1/organisations/')
    return { status: 200, body: { results: [makeMyOrganisation({ role: myRole })] } };
  if (url.pathname === '/api/organiser/v1/events/')
    return { status: 200, body: { results: [makeOrganiserEvent({ slug: 'city-run', name: 'City Run' })] } };
  if (url.pathname === '/api/organiser/v1/orders/') {
    if (url.searchParams.get('format') === 'csv') return { status: 200, body: 'order_number\r\n' };
    const q = url.searchParams.get('q');
    const found = ORDERS.filter((o) => !q || o.buyer_email.includes(q) || String(o.id) === q);
    const size = Number(url.searchParams.get('page_size'));
    const page = Number(url.searchParams.get('page') ?? 1);
    return {
      status: 200,
      body: {
        results: found.slice((page - 1) * size, page * size),
        pagination: {
          total: found.length,
          num_pages: Math.max(1, Math.ceil(found.length / size)),
          page_size: size,
          page_number: page,
        },
      },
    };
  }
  if (url.pathname === '/api/organiser/v1/orders/130/') return { status: 200, body: detail };
  if (url.pathname === '/api/organiser/v1/orders/130/refund/' && req.method === 'POST') {
    const body = JSON.parse(req.body) as { lines: number[] };
    detail = {
      ...detail,
      status: 'partially_refunded',
      refunded_total: '9.00',
      refundable_total: '18.00',
      lines: detail.lines.map((l) =>
        body.lines.includes(l.id) ? { ...l, refundable: '0.00', refunded: l.refundable } : l,
      ),
    };
    return { status: 200, body: detail };
  }
  if (url.pathname === '/api/organiser/v1/orders/130/lab-package.zip')
    return { status: 200, body: 'PK\u0003\u0004' };
  if (url.pathname === '/api/organiser/v1/orders/130/resend/') return { status: 200, body: detail };
  if (url.pathname === '/api/organiser/v1/orders/130/release/') {
    detail = { ...detail, print_hold: 'released', print_hold_until: null };
    return { status: 200, body: detail };
  }
  return undefined;
}

const server = consoleTestServer(api);
beforeEach(() => {
  myRole = 'owner';
  detail = freshDetail();
  URL.createObjectURL = vi.fn(() => 'blob:orders');
  URL.revokeObjectURL = vi.fn();
});

const wait = { timeout: 15_000 };

describe('the orders in the console', { timeout: 30_000 }, () => {
  it('lists the orders, finds one by e-mail and exports the CSV', async () => {
    renderApp('/organiser/orders');
    expect(await screen.findByRole('heading', { level: 2, name: '30 orders' }, wait)).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(26);
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search e-mail or order number' }), {
      target: { value: 'runner120@' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 2, name: '1 order' }, wait)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order #120' }).getAttribute('href')).toBe(
      '/organiser/orders/120',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV for accounting' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled(), wait);
    const asked = server.requests.filter((r) => r.path.includes('format=csv')).at(-1)!;
    expect(asked.path).toContain('q=runner120%40');
    expect(asked.path).toContain('organisation_id=34');
  });

  it('refunds one line after a confirmation that states the amount, once however often it is clicked', async () => {
    renderApp('/organiser/orders/130');
    fireEvent.click(await screen.findByRole('button', { name: 'Refund…' }, wait));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #130' }, wait);
    // both lines are ticked: untick the photos, refund the videos
    // each line names its photos, so the right one is ticked
    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        name: /^City Run — 2 photos — €18\.00 *DSC_0005\.jpg *#5 *Photo #6/,
      }),
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason (the buyer reads it)' }), {
      target: { value: 'Videos missing' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/€9.00 go back to runner130@example.test/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Refund €9.00' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Refunded. The buyer is told by e-mail.', {}, wait)).toBeTruthy();
    const refunds = server.requests.filter((r) => r.path.endsWith('/refund/'));
    expect(refunds).toHaveLength(1);
    expect(JSON.parse(refunds[0]!.body)).toEqual({ lines: [2], reason: 'Videos missing' });
    expect(screen.getByText('Partly refunded')).toBeTruthy();
  });

  it('shows a held print order until when it waits, and sends it to the lab on demand', async () => {
    detail = { ...detail, has_prints: true, print_hold: 'held', print_hold_until: '2026-11-21T10:01:00Z' };
    renderApp('/organiser/orders/130');
    expect(await screen.findByText(/wait for your review until/, {}, wait)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send prints to the lab now' }));
    expect(await screen.findByText('The prints are on their way to the lab.', {}, wait)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel the prints' })).toBeNull();
    expect(server.requests.filter((r) => r.path.endsWith('/release/'))).toHaveLength(1);
  });

  it('shows each line’s photos with thumbnail and name, a print line’s size, and downloads the lab zip', async () => {
    const printLine: OrganiserOrderDetail['lines'][number] = {
      ...detail.lines[0]!,
      id: 3,
      kind: 'print',
      order_type: null,
      description: 'Photo prints',
      quantity: 3,
      media_ids: [],
      media: [{ id: 7, file_name: 'IMG_7.jpg', thumb_url: '/api/media/7/thumb-clean?sig=c', quantity: 3 }],
      print: { product: 'Photo prints', options: { Size: '13×18 cm' }, size_mm: { width: 130, height: 180 } },
      event: null,
      picacode: null,
    };
    detail = {
      ...detail,
      has_prints: true,
      lines: [...detail.lines, printLine],
      lab_package: { files: 1, created_at: '2026-11-20T10:03:00Z' },
    };
    renderApp('/organiser/orders/130');
    expect(await screen.findByText('DSC_0005.jpg', {}, wait)).toBeTruthy();
    expect(screen.getByText('Photo #6')).toBeTruthy();
    const thumbs = [...document.querySelectorAll('.line-media img')].map((i) => i.getAttribute('src'));
    expect(thumbs).toEqual([
      '/api/media/5/thumb-clean?sig=a',
      '/api/media/6/thumb-clean?sig=b',
      '/api/media/7/thumb-clean?sig=c',
    ]);
    expect(screen.getByText('Size: 13×18 cm · Print size 130 × 180 mm')).toBeTruthy();
    expect(screen.getByText('3 ×')).toBeTruthy();

    const anchors: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      anchors.push(this);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download lab package' }));
    await waitFor(() => expect(click).toHaveBeenCalled(), wait);
    expect(anchors[0]!.download).toBe('order-130-lab.zip');
    expect(server.requests.some((r) => r.path.endsWith('/orders/130/lab-package.zip'))).toBe(true);
  });

  it('says the lab package is being made while a paid print order waits for it', async () => {
    detail = { ...detail, has_prints: true, lab_package: null };
    renderApp('/organiser/orders/130');
    expect(await screen.findByText(/The lab package is being made/, {}, wait)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download lab package' })).toBeNull();
  });

  it('says a refund the provider never confirmed failed and refunded nothing, and offers the refund again', async () => {
    const refund = {
      id: 7,
      created_at: '2026-11-20T11:00:00Z',
      amount: '27.00',
      reason: 'Wrong runner',
      line_ids: [1, 2],
      shipping: '0.00',
      created_by: 'owner@example.test',
    };
    detail = {
      ...detail,
      refunds: [
        {
          ...refund,
          status: 'failed',
          failure: 'unconfirmed',
          message: 'The payment provider did not confirm the refund. Nothing was refunded.',
        },
        { ...refund, id: 6, status: 'failed', failure: 'refused', message: 'Insufficient balance.' },
      ],
    };
    renderApp('/organiser/orders/130');
    expect(
      await screen.findByText(
        /Refund failed — the payment provider did not confirm it\. Nothing was refunded\. · €27\.00 · Wrong runner/,
        {},
        wait,
      ),
    ).toBeTruthy();
    // a refusal keeps its own wording and the provider's message
    expect(
      screen.getByText(
        /Refund of €27\.00 failed · Wrong runner · owner@example\.test · Insufficient balance\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refund…' })).toBeTruthy();
  });

  it('lets support send the e-mail again but not refund', async () => {
    myRole = 'support';
    renderApp('/organiser/orders/130');
    fireEvent.click(await screen.findByRole('button', { name: 'Send the e-mail again' }, wait));
    expect(
      await screen.findByText('The e-mail is on its way to runner130@example.test again.', {}, wait),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund…' })).toBeNull();
  });
});
