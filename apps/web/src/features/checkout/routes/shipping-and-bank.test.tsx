import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makePrintItem } from '../../cart/test/fake-cart';
import { callsTo, openCheckout, payButton, setUpCheckoutServer, summary } from '../test/checkout-setup';

const ctx = setUpCheckoutServer();

function fillAddress() {
  const fields: Record<string, string> = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Phone: '+39 333 1234567',
    Street: 'Via Roma',
    'House number': '12',
    Postcode: '10121',
    City: 'Torino',
  };
  const form = screen.getByRole('region', { name: 'Shipping address' });
  for (const [label, value] of Object.entries(fields))
    fireEvent.change(within(form).getByLabelText(label, { exact: false }), { target: { value } });
  return form;
}

const country = (form: HTMLElement) => within(form).getByLabelText('Country', { exact: false });

describe('the shipping address of print products', () => {
  beforeEach(() => {
    ctx.cart.state.printItems = [makePrintItem({ id: 5 })];
  });

  it('asks for the country before paying, and says so on the field', async () => {
    await openCheckout();
    const form = fillAddress();
    expect(within(summary()).getByText('Shipping').nextElementSibling?.textContent).toBe('Choose a country');
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    fireEvent.click(payButton());
    expect(await within(form).findByText('The Country field is required')).toBeTruthy();
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/')).toHaveLength(0);
  });

  it('says "No delivery to your country" on the field, and prices shipping for a served country', async () => {
    await openCheckout();
    const form = fillAddress();
    const select = await waitFor(() => {
      const field = country(form);
      expect(within(field).getByRole('option', { name: 'United States' })).toBeTruthy();
      return field;
    });
    fireEvent.change(select, { target: { value: 'US' } });
    expect(await within(form).findByText('No delivery to your country')).toBeTruthy();
    expect(callsTo(ctx.server.requests, 'GET', '/v1/cart/').some((r) => r.path.includes('country=US'))).toBe(
      true,
    );

    fireEvent.change(select, { target: { value: 'DE' } });
    await waitFor(() =>
      expect(within(summary()).getByText('Shipping').nextElementSibling?.textContent).toBe('€4.90'),
    );
    expect(within(form).queryByText('No delivery to your country')).toBeNull();
    // 29.70 of photos, 1.90 of prints, 4.90 of shipping
    expect(payButton().textContent).toBe('Pay €36.50');
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    fireEvent.click(payButton());
    await screen.findByRole('heading', { name: /Order received/ }, { timeout: 5000 });
    const body = JSON.parse(callsTo(ctx.server.requests, 'POST', '/v3/orders/')[0]!.body);
    expect(body.shipping_address).toMatchObject({
      first_name: 'Ada',
      country: 'DE',
      email: 'ada@example.com',
    });
  });

  it('shows the order’s refusal of the country on the field', async () => {
    ctx.checkout.state.orderRefuses = 'IT';
    await openCheckout();
    const form = fillAddress();
    await waitFor(() => expect(within(country(form)).getByRole('option', { name: 'Italy' })).toBeTruthy());
    fireEvent.change(country(form), { target: { value: 'IT' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    fireEvent.click(payButton());
    expect(await within(form).findByText('No delivery to your country')).toBeTruthy();
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: /Order received/ })).toBeNull();
  });
});

describe('banks of iDEAL and Przelewy24', () => {
  it('asks to select a bank, then sends it with the order and goes to the provider’s page', async () => {
    const router = await openCheckout();
    fireEvent.click(screen.getByRole('radio', { name: 'iDEAL' }));
    fireEvent.click(payButton());
    expect(await screen.findByText('Select a bank', { selector: '.field-error p' })).toBeTruthy();
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Your bank'), { target: { value: 'ing' } });
    fireEvent.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/test-payments\/ti_/));
    expect(JSON.parse(callsTo(ctx.server.requests, 'POST', '/v3/orders/')[0]!.body)).toMatchObject({
      payment_method: 'ideal',
      bank: 'ing',
    });
  });
});

describe('invoice data', () => {
  it('asks for the invoice fields once the switch is on, and sends them with the order', async () => {
    await openCheckout();
    fireEvent.click(screen.getByRole('switch', { name: 'I need an invoice' }));
    const invoice = screen.getByRole('region', { name: 'Invoice' });
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    fireEvent.click(payButton());
    await waitFor(() => expect(within(invoice).getAllByText('This field is required.')).toHaveLength(6));
    expect(callsTo(ctx.server.requests, 'POST', '/v3/orders/')).toHaveLength(0);
    const fields: Record<string, string> = {
      'Company or name on the invoice': 'Ada Runs Ltd',
      'VAT number or tax code': 'IT01234567890',
      Address: 'Via Roma 1',
      Postcode: '20100',
      City: 'Milano',
    };
    for (const [label, value] of Object.entries(fields))
      fireEvent.change(within(invoice).getByLabelText(label, { exact: false }), { target: { value } });
    const country = within(invoice).getByLabelText('Country', { exact: false });
    await waitFor(() => expect(within(country).getByRole('option', { name: 'Italy' })).toBeTruthy());
    fireEvent.change(country, { target: { value: 'IT' } });
    fireEvent.click(payButton());
    await screen.findByRole('heading', { name: /Order received/ }, { timeout: 5000 });
    expect(JSON.parse(callsTo(ctx.server.requests, 'POST', '/v3/orders/')[0]!.body).invoice).toEqual({
      heading: 'Ada Runs Ltd',
      vat_code: 'IT01234567890',
      address: 'Via Roma 1',
      zip: '20100',
      city: 'Milano',
      country: 'IT',
    });
  });
});
