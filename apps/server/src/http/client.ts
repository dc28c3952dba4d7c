import type { FastifyRequest } from 'fastify';

/** Where a request came from, as an audit trail records it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** The client's address (behind TRUST_PROXY, the real one) and its user agent, cut to a sane length. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: (typeof agent === 'string' ? agent : '').slice(0, 512) };
}
