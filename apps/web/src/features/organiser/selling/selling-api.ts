import {
  organiserPaymentEndpoints as e,
  type UpdateBankAccount,
  type UpdateEventPaymentMethods,
  type UpdatePrintOffer,
} from '@fotodrop/contract/api/organiser-payments';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';

/** Issue 19's selling settings: an event's payment methods, the organisation's bank account and print offer. */
export const sellingKeys = {
  paymentMethods: (slug: string) => ['organiser', 'payment-methods', slug] as const,
  bankAccount: (organisationId: number) => ['organiser', 'bank-account', organisationId] as const,
  printOffer: (organisationId: number) => ['organiser', 'print-offer', organisationId] as const,
};

/** GET …/events/{slug}/payment-methods/: every platform method, offered or not, and why not. */
export function paymentMethodsQuery(slug: string) {
  return queryOptions({
    queryKey: sellingKeys.paymentMethods(slug),
    queryFn: ({ signal }) => callEndpoint(e.getEventPaymentMethods, { params: { slug }, signal }),
  });
}

export const savePaymentMethods = (slug: string, body: UpdateEventPaymentMethods) =>
  callEndpoint(e.updateEventPaymentMethods, { params: { slug }, body });

/** GET …/organisations/{id}/bank-account/: the account transfers are paid to. */
export function bankAccountQuery(organisationId: number) {
  return queryOptions({
    queryKey: sellingKeys.bankAccount(organisationId),
    queryFn: ({ signal }) => callEndpoint(e.getBankAccount, { params: { id: organisationId }, signal }),
  });
}

export const saveBankAccount = (organisationId: number, body: UpdateBankAccount) =>
  callEndpoint(e.updateBankAccount, { params: { id: organisationId }, body });

/** GET …/organisations/{id}/print-offer/: products on or off, prices, delivery countries and rates. */
export function printOfferQuery(organisationId: number) {
  return queryOptions({
    queryKey: sellingKeys.printOffer(organisationId),
    queryFn: ({ signal }) => callEndpoint(e.getPrintOffer, { params: { id: organisationId }, signal }),
  });
}

export const savePrintOffer = (organisationId: number, body: UpdatePrintOffer) =>
  callEndpoint(e.updatePrintOffer, { params: { id: organisationId }, body });

/** DELETE …/organisations/{id}/bank-account/: 409 bank_account_in_use while an event offers transfers. */
export const removeBankAccount = (organisationId: number) =>
  callEndpoint(e.deleteBankAccount, { params: { id: organisationId } });
