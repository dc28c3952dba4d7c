import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AlternativeAnswer, DomainError, errorBody } from './errors';

/** How an error that is neither a domain error nor a client's mistake is answered (logged by the caller). */
export type UnexpectedAnswer = (error: Error, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * The one mapping of errors to HTTP, for the API and the metrics listener alike: a domain error
 * answers its status, code, message and data (429 with Retry-After); Fastify's own 4xx (malformed
 * JSON, wrong content type, body too large) stay client errors; anything else is `unexpected`'s.
 */
export function setErrorHandler(app: FastifyInstance, unexpected: UnexpectedAnswer): void {
  app.setErrorHandler((error: FastifyError | DomainError | AlternativeAnswer, request, reply) => {
    if (error instanceof AlternativeAnswer) return reply.status(error.status).send(error.body);
    if (error instanceof DomainError) {
      if (error.status === 429)
        reply.header(
          'retry-after',
          String((error.data as { retry_after_seconds: number }).retry_after_seconds),
        );
      return reply.status(error.status).send(errorBody(error));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ code: 'bad_request', message: error.message });
    }
    return unexpected(error, request, reply);
  });
}
