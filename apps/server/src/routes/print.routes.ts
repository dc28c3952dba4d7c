import { printEndpoints as p } from '@fotodrop/contract';
import type { FastifyRequest } from 'fastify';
import { languageOf } from '../services/cart-print/countries';
import type { RouteContext } from './context';

export function printRoutes({ route, services }: RouteContext): void {
  const { print } = services;
  const language = (request: FastifyRequest) => languageOf(request.headers['accept-language']);
  route(p.productFamilies, async ({ request }) => print.families(language(request)));
  route(p.products, async ({ query, request }) => print.products(query, language(request)));
  route(p.product, async ({ params, request }) => print.product(params.id, language(request)));
  route(p.decorateConfiguration, async ({ auth, body, request }) =>
    print.decorate(auth, body, language(request)),
  );
  route(p.countries, async ({ request }) => print.countries(language(request)));
}
