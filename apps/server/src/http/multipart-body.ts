import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from './errors';

/** Enough for any data-collector form; the contract's schema still checks every value. */
const FORM_LIMITS = { fields: 100, fieldSize: 8 * 1024, files: 0, parts: 100 } as const;

/**
 * A contract endpoint's body sent as multipart/form-data (endpoints marked `multipart`), as the
 * plain object of its text fields, so the same schema parses it as it parses JSON. The parser is
 * registered once by @fastify/multipart (see organiser.routes); a file part, a cut-off value or too
 * many fields answer 4xx before the handler runs.
 */
export async function multipartFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: FORM_LIMITS })) {
    if (part.type === 'file') throw new ValidationError({ [part.fieldname]: ['field.unknown'] });
    if (part.valueTruncated || part.fieldnameTruncated) {
      throw new ValidationError({ [part.fieldname]: ['field.too_long'] });
    }
    fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
  }
  return fields;
}

/** Whether the request carries multipart/form-data and the multipart parser is there to read it. */
export function isMultipartRequest(request: FastifyRequest): boolean {
  return typeof request.isMultipart === 'function' && request.isMultipart();
}
