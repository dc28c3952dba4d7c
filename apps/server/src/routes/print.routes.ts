import { printEndpoints as p } from '@fotodrop/contract';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../services/accounts/auth.service';
import { languageOf } from '../services/cart-print/countries';
import type { CatalogueContext } from '../services/cart-print/print.service';
import type { RouteContext } from './context';

export function printRoutes({ route, services, requestInfo }: RouteContext): void {
  const { print } = services;
  const language = (request: FastifyRequest) => languageOf(request.headers['accept-language']);
  /** Whose offer the catalogue shows (issue 19): the album asked for, the caller's cart, the site. */
  const context = async (
    request: FastifyRequest,
    auth: AuthContext | null,
    query: { checkin_id?: number | undefined },
  ): Promise<CatalogueContext> => ({
    userId: auth?.user.id ?? null,
    checkinId: query.checkin_id,
    siteOrganisationId: (await requestInfo(request)).organisationId,
  });
  route(p.productFamilies, async ({ request }) => print.families(language(request)));
  route(p.products, async ({ auth, query, request }) =>
    print.products(query, language(request), await context(request, auth, query)),
  );
  route(p.product, async ({ auth, params, query, request }) =>
    print.product(params.id, language(request), await context(request, auth, query)),
  );
  route(p.decorateConfiguration, async ({ auth, body, request }) =>
    print.decorate(auth, body, language(request)),
  );
  route(p.countries, async ({ auth, query, request }) =>
    print.countries(language(request), await context(request, auth, query)),
  );
}
