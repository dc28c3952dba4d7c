import { organiserPaymentEndpoints as e } from '@fotodrop/contract';
import type { FastifyRequest } from 'fastify';
import { languageOf } from '../services/cart-print/countries';
import type { RouteContext } from './context';

/** Issue 19: an event's payment methods, the organisation's bank account and print offer (services/selling). */
export function organiserPaymentRoutes({ route, services }: RouteContext): void {
  const { eventPaymentMethods, bankAccount, printOffer } = services;
  const language = (request: FastifyRequest) => languageOf(request.headers['accept-language']);
  route(e.getEventPaymentMethods, async ({ auth, params }) => eventPaymentMethods.get(auth, params.slug));
  route(e.updateEventPaymentMethods, async ({ auth, params, body }) =>
    eventPaymentMethods.update(auth, params.slug, body),
  );
  route(e.getBankAccount, async ({ auth, params }) => bankAccount.get(auth, params.id));
  route(e.updateBankAccount, async ({ auth, params, body }) => bankAccount.update(auth, params.id, body));
  route(e.deleteBankAccount, async ({ auth, params }) => bankAccount.remove(auth, params.id));
  route(e.getPrintOffer, async ({ auth, params, request }) =>
    printOffer.get(auth, params.id, language(request)),
  );
  route(e.updatePrintOffer, async ({ auth, params, body, request }) =>
    printOffer.update(auth, params.id, body, language(request)),
  );
}
