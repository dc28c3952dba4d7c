import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import type { EventPaymentMethods, PrintOffer } from '@fotodrop/contract/api/organiser-payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation } from '../test/fixtures';

type Answer = { status: number; body?: unknown } | undefined;
let myRole: OrganisationRole;

const EVENT = '/api/organiser/v1/events/city-run';
const ORG = '/api/organiser/v1/organisations/34';

const METHODS: EventPaymentMethods = {
  currency: 'EUR',
  customised: false,
  methods: [
    {
      id: 'stripe',
      name: 'Card',
      available: true,
      unavailable_reason: null,
      enabled: true,
      currencies: null,
      confirm_message: null,
    },
    {
      id: 'ideal',
      name: 'iDEAL',
      available: true,
      unavailable_reason: null,
      enabled: true,
      currencies: ['EUR'],
      confirm_message: null,
    },
    {
      id: 'bank-transfer',
      name: 'Bank transfer',
      available: true,
      unavailable_reason: null,
      enabled: true,
      currencies: null,
      confirm_message: null,
    },
    {
      id: 'mercado-pago',
      name: 'Mercado Pago',
      available: false,
      unavailable_reason: 'currency',
      enabled: false,
      currencies: ['ARS', 'BRL'],
      confirm_message: null,
    },
    {
      id: 'p24',
      name: 'Przelewy24',
      available: false,
      unavailable_reason: 'not_configured',
      enabled: false,
      currencies: ['PLN', 'EUR'],
      confirm_message: null,
    },
  ],
};

const OFFER: PrintOffer = {
  currency: 'EUR',
  products: [
    {
      id: 1,
      family_id: 1,
      family: 'Prints',
      title: 'Photo prints',
      image_url: null,
      catalogue_currency: 'EUR',
      enabled: true,
      variants: [
        { id: 11, options: ['10×15 cm', 'Glossy'], catalogue_price: '0.19', price: null },
        { id: 12, options: ['13×18 cm', 'Glossy'], catalogue_price: '0.39', price: '0.45' },
      ],
    },
    {
      id: 2,
      family_id: 2,
      family: 'Wall art',
      title: 'Canvas',
      image_url: null,
      catalogue_currency: 'EUR',
      enabled: true,
      variants: [{ id: 21, options: ['30×40 cm'], catalogue_price: '39.00', price: null }],
    },
  ],
  shipping_rates: null,
  platform_shipping_rates: [
    { country: 'DE', shipping: '5.90', handling_fee: '1.50' },
    { country: 'IT', shipping: '5.90', handling_fee: '1.50' },
  ],
};

let saved: { methods: unknown; offer: unknown; bank: unknown };
/** The organisation's own account as the fake server holds it, and the events offering transfers. */
let account: { beneficiary: string; iban: string; bic: string } | null;
let transferEvents: { slug: string; name: string }[];

function api(req: RecordedRequest): Answer {
  const url = new URL(req.path, 'http://x');
  if (url.pathname.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
  if (url.pathname === '/api/organiser/v1/organisations/')
    return { status: 200, body: { results: [makeMyOrganisation({ role: myRole })] } };
  if (url.pathname === `${EVENT}/`)
    return { status: 200, body: { id: 1, organisation_id: 34, slug: 'city-run', name: 'City Run' } };
  if (url.pathname === `${EVENT}/payment-methods/`) {
    if (req.method === 'PUT') {
      const body = JSON.parse(req.body) as { methods: string[]; confirm_messages: Record<string, string> };
      saved.methods = body;
      return {
        status: 200,
        body: {
          ...METHODS,
          customised: true,
          methods: METHODS.methods.map((m) => ({
            ...m,
            enabled: m.available && body.methods.includes(m.id),
            confirm_message: body.confirm_messages[m.id] || null,
          })),
        },
      };
    }
    return { status: 200, body: METHODS };
  }
  if (url.pathname === `${ORG}/bank-account/`) {
    if (req.method === 'PUT') {
      saved.bank = JSON.parse(req.body);
      return {
        status: 200,
        body: {
          account: { beneficiary: 'Lakeside Runs', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
          platform_account: true,
        },
      };
    }
    if (req.method === 'DELETE') {
      if (transferEvents.length > 0)
        return {
          status: 409,
          body: {
            code: 'bank_account_in_use',
            message: 'The bank account cannot be removed while these events offer bank transfer.',
            data: { events: transferEvents },
          },
        };
      account = null;
    }
    return { status: 200, body: { account, platform_account: true } };
  }
  if (url.pathname === `${ORG}/print-offer/`) {
    if (req.method === 'PUT') {
      saved.offer = JSON.parse(req.body);
      return { status: 200, body: OFFER };
    }
    return { status: 200, body: OFFER };
  }
  return undefined;
}

const server = consoleTestServer(api);
beforeEach(() => {
  myRole = 'owner';
  saved = { methods: null, offer: null, bank: null };
  account = null;
  transferEvents = [];
});

const wait = { timeout: 15_000 };

describe("an event's payment methods in the console", { timeout: 30_000 }, () => {
  it('lets the owner choose among the platform’s methods, with a text before paying', async () => {
    renderApp('/organiser/events/city-run/payments');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment methods — City Run' }, wait),
    ).toBeTruthy();
    expect(
      await screen.findByText('This event offers every method the platform serves.', {}, wait),
    ).toBeTruthy();
    // a method the platform cannot serve for the event is shown off, with why
    const p24 = screen.getByRole('checkbox', { name: 'Przelewy24' }) as HTMLInputElement;
    expect(p24.disabled).toBe(true);
    expect(screen.getByText('Not available on this platform.')).toBeTruthy();
    expect(screen.getByText('Takes ARS, BRL only; this event sells in EUR.')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'iDEAL' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Message before paying with Bank transfer' }), {
      target: { value: 'Pay within three days, please.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    expect(await screen.findByText('Payment methods saved.', {}, wait)).toBeTruthy();
    expect(saved.methods).toEqual({
      methods: ['stripe', 'bank-transfer'],
      confirm_messages: {
        stripe: '',
        ideal: '',
        'bank-transfer': 'Pay within three days, please.',
        'mercado-pago': '',
        p24: '',
      },
    });
    expect(screen.getByText('This event offers the methods chosen below.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Offer every method the platform serves' })).toBeTruthy();
  });

  it('refuses to save with no method at all, asking nothing', async () => {
    renderApp('/organiser/events/city-run/payments');
    for (const name of ['Card', 'iDEAL', 'Bank transfer'])
      fireEvent.click(await screen.findByRole('checkbox', { name }, wait));
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    expect(await screen.findByText('Choose at least one payment method.', {}, wait)).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows support the methods without letting them change anything', async () => {
    myRole = 'support';
    renderApp('/organiser/events/city-run/payments');
    expect(
      await screen.findByText("Only the organisation's owners can change the payment methods.", {}, wait),
    ).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Card' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save payment methods' })).toBeNull();
  });
});

describe('the selling page of the console', { timeout: 30_000 }, () => {
  it('checks the IBAN before sending and saves the bank account', async () => {
    renderApp('/organiser/selling');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bank account for transfers' }, wait),
    ).toBeTruthy();
    expect(
      screen.getByText("No account of your own yet: transfers go to the platform's account."),
    ).toBeTruthy();
    // the console's section is there for owners
    expect(screen.getByRole('link', { name: 'Selling' }).getAttribute('aria-current')).toBe('page');
    fireEvent.change(screen.getByRole('textbox', { name: /Beneficiary/ }), {
      target: { value: 'Lakeside Runs' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /IBAN/ }), {
      target: { value: 'DE89 3704 0044 0532 0130 01' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /BIC/ }), { target: { value: 'COBADEFF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(
      await screen.findByText("This IBAN's check digits do not match: look for a typo.", {}, wait),
    ).toBeTruthy();
    expect(saved.bank).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /IBAN/ }), {
      target: { value: 'DE89 3704 0044 0532 0130 00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Bank account saved.', {}, wait)).toBeTruthy();
    expect(saved.bank).toEqual({
      beneficiary: 'Lakeside Runs',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFF',
    });
    expect((screen.getByRole('textbox', { name: /IBAN/ }) as HTMLInputElement).value).toBe(
      'DE89 3704 0044 0532 0130 00',
    );
  });

  it('removes the bank account after a confirm, naming the events that still offer transfers first', async () => {
    account = { beneficiary: 'Lakeside Runs', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
    transferEvents = [{ slug: 'city-run', name: 'City Run' }];
    renderApp('/organiser/selling');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove bank account' }, wait));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the bank account?' }, wait);
    expect(within(dialog).getByText(/DE89 3704 0044 0532 0130 00/)).toBeTruthy();
    // cancelled: nothing sent
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove bank account' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, wait)).getByRole('button', { name: 'Remove' }),
    );
    expect(
      await screen.findByText(
        /These events still offer bank transfer\. Turn it off in their payment methods first/,
        {},
        wait,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'City Run' }).getAttribute('href')).toBe(
      '/organiser/events/city-run/payments',
    );

    transferEvents = [];
    fireEvent.click(screen.getByRole('button', { name: 'Remove bank account' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, wait)).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Bank account removed.', {}, wait)).toBeTruthy();
    expect(
      screen.getByText("No account of your own yet: transfers go to the platform's account."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove bank account' })).toBeNull();
    expect((screen.getByRole('textbox', { name: /IBAN/ }) as HTMLInputElement).value).toBe('');
  });

  it('switches products off, sets prices and own delivery countries', async () => {
    renderApp('/organiser/selling');
    const offer = (await screen.findByRole('form', { name: 'Print offer' }, wait)) as HTMLElement;
    const price = within(offer).getByRole('textbox', {
      name: 'Your price for 10×15 cm · Glossy',
    }) as HTMLInputElement;
    expect(price.placeholder).toBe('0.19');
    expect(
      (within(offer).getByRole('textbox', { name: 'Your price for 13×18 cm · Glossy' }) as HTMLInputElement)
        .value,
    ).toBe('0.45');
    fireEvent.change(price, { target: { value: '0,25' } });
    fireEvent.click(within(offer).getByRole('switch', { name: 'Canvas' }));
    expect(within(offer).queryByRole('textbox', { name: 'Your price for 30×40 cm' })).toBeNull();

    fireEvent.click(within(offer).getByRole('radio', { name: 'Our own countries and rates' }));
    // the platform's rates are the starting point
    expect(within(offer).getAllByRole('combobox')).toHaveLength(2);
    fireEvent.click(within(offer).getByRole('button', { name: 'Remove Italy' }));
    fireEvent.change(within(offer).getByRole('textbox', { name: 'Shipping to Germany' }), {
      target: { value: '3' },
    });
    fireEvent.click(within(offer).getByRole('button', { name: 'Add a country' }));
    fireEvent.click(within(offer).getByRole('button', { name: 'Save print offer' }));
    // the new row has no country and no shipping yet
    expect(await within(offer).findByText('Some values need fixing.', {}, wait)).toBeTruthy();
    expect(within(offer).getByText('This field is required.')).toBeTruthy();
    expect(saved.offer).toBeNull();
    fireEvent.change(within(offer).getByRole('combobox', { name: 'Country of row 2' }), {
      target: { value: 'AT' },
    });
    fireEvent.change(within(offer).getByRole('textbox', { name: 'Shipping to Austria' }), {
      target: { value: '4.50' },
    });
    fireEvent.click(within(offer).getByRole('button', { name: 'Save print offer' }));
    await waitFor(() => expect(saved.offer).not.toBeNull(), wait);
    expect(saved.offer).toEqual({
      products: [
        {
          id: 1,
          enabled: true,
          variants: [
            { id: 11, price: '0.25' },
            { id: 12, price: '0.45' },
          ],
        },
        { id: 2, enabled: false, variants: [{ id: 21, price: null }] },
      ],
      shipping_rates: [
        { country: 'DE', shipping: '3', handling_fee: '1.50' },
        { country: 'AT', shipping: '4.50', handling_fee: '0' },
      ],
    });
    expect(await within(offer).findByText('Print offer saved.', {}, wait)).toBeTruthy();
  });

  it('tells a manager the page is for owners, and asks nothing', async () => {
    myRole = 'manager';
    renderApp('/organiser/selling');
    expect(
      await screen.findByText("Only the organisation's owners can change how it sells.", {}, wait),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Selling' })).toBeNull();
    expect(server.requests.some((r) => r.path.includes('/print-offer/'))).toBe(false);
  });
});
