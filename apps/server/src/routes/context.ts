import type { Endpoint } from '@fotodrop/contract';
import type { FastifyRequest } from 'fastify';
import type { Handler, SessionHandler } from '../http/route';
import type { Services } from '../services/services';

export interface RequestInfo {
  ip: string;
  /** The organisation named by the X-Event-Owner header, when it exists. */
  organisationId: number | null;
  /**
   * Origin for links in e-mails: PUBLIC_URL, or the branded subdomain of the organisation the
   * request names (services/link-base.ts). Never text from the Host header.
   */
  linkBase: () => Promise<string>;
}

export interface RouteContext {
  route: <E extends Endpoint>(endpoint: E, handler: Handler<E>) => void;
  /** A signed-in endpoint whose handler checks the token in its first statement (http/route.ts). */
  sessionRoute: <E extends Endpoint>(endpoint: E, handler: SessionHandler<E>) => void;
  services: Services;
  /** PUBLIC_URL's origin: links in the organiser console's e-mails (the console lives on the main site). */
  consoleLinkBase: string;
  requestInfo: (request: FastifyRequest) => Promise<RequestInfo>;
}
