import { printEndpoints as p } from '@fotodrop/contract';
import { languageOf } from '../services/countries';
import type { RouteContext } from './context';

export function printRoutes({ route, services }: RouteContext): void {
  const { print } = services;
  route(p.productFamilies, async () => print.families());
  route(p.products, async ({ query }) => print.products(query));
  route(p.product, async ({ params }) => print.product(params.id));
  route(p.decorateConfiguration, async ({ auth, body }) => print.decorate(auth, body));
  route(p.countries, async ({ request }) => print.countries(languageOf(request.headers['accept-language'])));
}
