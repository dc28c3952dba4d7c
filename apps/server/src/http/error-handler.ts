import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AlternativeAnswer, DomainError, errorBody } from './errors';

/**
 * busboy's errors for a body that is not the multipart form its header announces (cut off, no
 * boundary, a bad part header): plain `Error`s without a status, which every route reading
 * `request.parts()` would answer as a 500 (found by the issue 20 audit on the runners import).
 */
const BROKEN_FORM =
  /^(Unexpected end of (multipart data|form)|Multipart: Boundary not found|Malformed part header|Malformed content type)/;

function isBrokenForm(error: Error, request: FastifyRequest): boolean {
  const multipart = String(request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('multipart/');
  return multipart && !('statusCode' in error) && BROKEN_FORM.test(error.message);
}

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
    if (isBrokenForm(error, request)) {
      return reply.status(400).send({
        code: 'bad_request',
        message: 'The form could not be read: it was cut off or is not multipart/form-data.',
      });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ code: 'bad_request', message: error.message });
    }
    return unexpected(error, request, reply);
  });
}
