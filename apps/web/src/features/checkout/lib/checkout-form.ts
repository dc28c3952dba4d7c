import type { Invoice, ShippingAddress } from '@fotodrop/contract/api/orders';
import type { PaymentMethodId } from '@fotodrop/contract/enums';
import type { NewOrder } from '../api/checkout-api';

/** Fields of the shipping address form (albums spec §3); full_name and name_on_card are derived. */
export const SHIPPING_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'street',
  'number',
  'zip_code',
  'city',
  'area',
  'country',
] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];

export const INVOICE_FIELDS = ['heading', 'vat_code', 'address', 'zip', 'city', 'country'] as const;
export type InvoiceField = (typeof INVOICE_FIELDS)[number];

/** Methods whose payment needs a bank chosen first (albums spec §5 "Select a bank"). */
export const BANK_METHODS: readonly PaymentMethodId[] = ['ideal', 'p24'];

/** The checkout form: strings only, as the inputs hold them; parsed by the contract schemas on pay. */
export interface CheckoutValues {
  payment_method: PaymentMethodId | '';
  bank: string;
  /** A saved card's id, or '' for a new card. */
  saved_card_id: string;
  save_card: boolean;
  card_number: string;
  card_expiry: string;
  card_cvc: string;
  want_invoice: boolean;
  invoice: Record<InvoiceField, string>;
  shipping_address: Record<ShippingField, string>;
}

const blank = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;

export function emptyCheckout(email: string): CheckoutValues {
  return {
    payment_method: '',
    bank: '',
    saved_card_id: '',
    save_card: false,
    card_number: '',
    card_expiry: '',
    card_cvc: '',
    want_invoice: false,
    invoice: blank(INVOICE_FIELDS),
    shipping_address: { ...blank(SHIPPING_FIELDS), email },
  };
}

/** What the form needs to ask for, given the cart and the payment settings. */
export interface CheckoutNeeds {
  /** Print products: a shipping address. */
  shipping: boolean;
  /** The test provider's card form (test mode, card method, no saved card chosen). */
  testCard: boolean;
}

/** A form error: the field path (as react-hook-form names it) and its message key. */
export type FormIssue = { path: string; message: string };

/**
 * The address rules of the contract's shippingAddressSchema and invoiceSchema, with their message
 * keys, checked here without the schemas: importing them would put the contract's enumerations
 * into the home page's script. The server applies the schemas themselves and its field errors are
 * shown on the same fields.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SHIPPING_REQUIRED: readonly ShippingField[] = [
  'first_name',
  'last_name',
  'phone',
  'street',
  'number',
  'zip_code',
  'city',
];

function shippingIssues(values: Record<ShippingField, string>): FormIssue[] {
  const issues: FormIssue[] = [];
  for (const field of SHIPPING_REQUIRED)
    if (!values[field].trim()) issues.push({ path: `shipping_address.${field}`, message: 'field.required' });
  if (!EMAIL.test(values.email.trim()))
    issues.push({ path: 'shipping_address.email', message: 'email.invalid' });
  if (!values.country)
    issues.push({ path: 'shipping_address.country', message: 'shipping.country_required' });
  return issues;
}

function invoiceIssues(values: Record<InvoiceField, string>): FormIssue[] {
  return INVOICE_FIELDS.filter((field) => !values[field].trim()).map((field) => ({
    path: `invoice.${field}`,
    message: 'field.required',
  }));
}

/** The shipping address as the order sends it: trimmed, optional text left out when empty. */
function shippingOf(values: Record<ShippingField, string>): ShippingAddress {
  const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, x.trim()])) as Record<
    ShippingField,
    string
  >;
  return {
    first_name: v.first_name,
    last_name: v.last_name,
    email: v.email.toLowerCase(),
    phone: v.phone,
    street: v.street,
    number: v.number,
    zip_code: v.zip_code,
    city: v.city,
    ...(v.area ? { area: v.area } : {}),
    country: v.country,
  };
}

const invoiceOf = (values: Record<InvoiceField, string>): Invoice =>
  Object.fromEntries(Object.entries(values).map(([k, x]) => [k, x.trim()])) as Invoice;

const CARD_NUMBER = /^\d{12,19}$/;
const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** The test card form: a plausible number, an expiry not in the past, a CVC (only the number is sent). */
function cardIssues(values: CheckoutValues, now: Date): FormIssue[] {
  const issues: FormIssue[] = [];
  const number = values.card_number.replace(/[\s-]/g, '');
  if (!number) issues.push({ path: 'card_number', message: 'field.required' });
  else if (!CARD_NUMBER.test(number)) issues.push({ path: 'card_number', message: 'payment.card_invalid' });
  const expiry = EXPIRY.exec(values.card_expiry.trim());
  if (!values.card_expiry.trim()) issues.push({ path: 'card_expiry', message: 'field.required' });
  else if (!expiry) issues.push({ path: 'card_expiry', message: 'payment.expiry_invalid' });
  else {
    const month = Number(expiry[1]);
    const year = 2000 + Number(expiry[2]);
    if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1)
      issues.push({ path: 'card_expiry', message: 'payment.card_expired' });
  }
  if (!/^\d{3,4}$/.test(values.card_cvc.trim()))
    issues.push({
      path: 'card_cvc',
      message: values.card_cvc.trim() ? 'payment.cvc_invalid' : 'field.required',
    });
  return issues;
}

export type CheckoutCheck =
  | { ok: true; body: Omit<NewOrder, 'voucher_code' | 'campaign_code'> }
  | { ok: false; issues: FormIssue[] };

/**
 * Checks the form with the contract's rules (the server applies the same) and builds the
 * order's body. The card fields stay in the browser: only the number goes to the test provider.
 */
export function checkCheckout(values: CheckoutValues, needs: CheckoutNeeds, now = new Date()): CheckoutCheck {
  const issues: FormIssue[] = [];
  const method = values.payment_method;
  if (!method) issues.push({ path: 'payment_method', message: 'payment.method_required' });
  if (method && BANK_METHODS.includes(method) && !values.bank)
    issues.push({ path: 'bank', message: 'payment.bank_required' });
  const usesCardForm = needs.testCard && method === 'stripe' && !values.saved_card_id;
  if (usesCardForm) issues.push(...cardIssues(values, now));
  if (values.want_invoice) issues.push(...invoiceIssues(values.invoice));
  if (needs.shipping) issues.push(...shippingIssues(values.shipping_address));
  if (issues.length > 0 || !method) return { ok: false, issues };
  const card = method === 'stripe';
  return {
    ok: true,
    body: {
      platform: 'site',
      payment_method: method,
      ...(BANK_METHODS.includes(method) ? { bank: values.bank } : {}),
      ...(card && values.saved_card_id ? { saved_card_id: values.saved_card_id } : {}),
      save_card: card && !values.saved_card_id && values.save_card,
      ...(needs.shipping ? { shipping_address: shippingOf(values.shipping_address) } : {}),
      ...(values.want_invoice ? { invoice: invoiceOf(values.invoice) } : {}),
    },
  };
}

/** The test card number as the test provider takes it. */
export const cardDigits = (values: CheckoutValues) => values.card_number.replace(/[\s-]/g, '');
