import type { Endpoint } from '@fotodrop/contract/endpoint';

/**
 * A group of contract endpoints as method and path only (`@fotodrop/contract/routes`), typed as
 * the endpoints themselves: callEndpoint reads nothing else, and the zod schemas stay out of the
 * chunk. Its own module so that the home route's chunk, which holds the client, does not carry
 * it. The table must name every endpoint of the group, so a new endpoint cannot be missed.
 */
export function endpointRoutes<G extends Record<string, Endpoint>>(
  table: {
    [K in keyof G]: Pick<G[K], 'method' | 'path'>;
  },
): G {
  return table as unknown as G;
}
