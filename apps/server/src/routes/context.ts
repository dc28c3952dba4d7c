import type { Endpoint } from '@fotodrop/contract';
import type { FastifyRequest } from 'fastify';
import type { Handler } from '../http/route';
import type { Services } from '../services/services';

export interface RequestInfo {
  ip: string;
  /** The organisation named by the X-Event-Owner header, when it exists. */
  organisationId: number | null;
  /** Origin for links in e-mails: the caller's host when it is ours (keeps the subdomain), else PUBLIC_URL. */
  linkBase: string;
}

export interface RouteContext {
  route: <E extends Endpoint>(endpoint: E, handler: Handler<E>) => void;
  services: Services;
  requestInfo: (request: FastifyRequest) => Promise<RequestInfo>;
}
